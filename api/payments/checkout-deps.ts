import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { CheckoutOutcome } from '../metrics/metrics-registry';
import type { LaunchOfferHoldClient } from './launch-offer-hold-client';

/**
 * `stripe`: real Stripe Checkout (a secret key is configured) — Stripe's session id and page are
 * used. `simulated`: no key; the api still calls stripe-mock so every call's shape is validated,
 * but the session id and page are its own (stripe-mock answers a fixed fixture).
 */
type StripeMode = 'stripe' | 'simulated';

/** What the checkout service runs on. */
export interface CheckoutServiceDeps {
  em: () => EntityManager;
  stripe: Stripe;
  mode: StripeMode;
  /** Public site address: Stripe's success and cancel pages, the simulated checkout page. */
  appUrl: string;
  /** Told once a checkout's transaction may have taken or given back a launch-offer place. */
  launchOfferChanged: () => void;
  /** Closes a discounted checkout when its launch-offer place stops being held. */
  holds: LaunchOfferHoldClient;
  /** Counts what each checkout request came to (the api's metrics). */
  countOutcome: (outcome: CheckoutOutcome) => void;
  /** How long a checkout holds its place (`LAUNCH_OFFER_HOLD_MS`; tests shorten it). */
  launchOfferHoldMs?: number;
  now?: () => Date;
}

/** What every checkout step takes: the deps, with the clock resolved and the site address without its final slash. */
export type CheckoutContext = Omit<CheckoutServiceDeps, 'now' | 'launchOfferHoldMs'> & {
  now: () => Date;
  launchOfferHoldMs: number;
};
