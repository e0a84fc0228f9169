import Stripe from 'stripe';
import { z } from 'zod';

/** Stripe's settings, read alike by the api (checkouts, webhooks) and the worker (refunds, expiring holds). */
export const StripeEnvShape = {
  STRIPE_SECRET_KEY: z.string().default(''),
  /** Production accepts a test key (`sk_test_…`) only when this says `true`: a staging site on Stripe's test mode. */
  ALLOW_STRIPE_TEST_MODE: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /** stripe-mock's URL when no real key is configured. */
  STRIPE_API_BASE: z.string().default(''),
};

/**
 * Real Stripe when a secret key is configured; otherwise stripe-mock at `apiBase`, which validates
 * every call against Stripe's OpenAPI description.
 */
export function createStripeClient(secretKey: string, apiBase: string): Stripe {
  if (secretKey && !apiBase) return new Stripe(secretKey);
  const url = new URL(apiBase || 'http://localhost:12111');
  return new Stripe(secretKey || 'sk_test_123', {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 0,
  });
}
