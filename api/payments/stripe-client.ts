import Stripe from 'stripe';

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
