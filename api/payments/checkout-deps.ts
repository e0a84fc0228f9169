import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';

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
  now?: () => Date;
}

/** What every checkout step takes: the deps, with the clock resolved and the site address without its final slash. */
export type CheckoutContext = Omit<CheckoutServiceDeps, 'now'> & { now: () => Date };
