import type { MikroORM } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { CheckoutSession } from '../db/entities';
import type { LaunchOfferHoldActivities } from '../workflows/launch-offer-hold-activities';

export interface LaunchOfferHoldDeps {
  orm: MikroORM;
  stripe: Stripe;
}

/**
 * Expires a Checkout Session at Stripe, tolerating one that is no longer open there (paid or
 * expired meanwhile: its webhook event settles it) and, for a simulated session, one Stripe never
 * knew (its id is ours).
 */
async function expireAtStripe(stripe: Stripe, sessionId: string, simulated: boolean): Promise<void> {
  try {
    await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire-${sessionId}` });
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    if (simulated && error.code === 'resource_missing') return;
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'open') throw error;
  }
}

export function createLaunchOfferHoldActivities(deps: LaunchOfferHoldDeps): LaunchOfferHoldActivities {
  return {
    async expireLapsedHold(checkoutId) {
      const em = deps.orm.em.fork();
      const row = await em.findOne(CheckoutSession, { id: checkoutId });
      // Already `expired` here (a later checkout or claim closed the lapsed hold) may still be open at Stripe.
      if (!row || !row.launchOfferClaimed || !['open', 'expired'].includes(row.status)) return 'settled';
      if (row.sessionId) await expireAtStripe(deps.stripe, row.sessionId, row.simulated);
      // Only an open session is closed: a payment recorded meanwhile wins (and claims or refunds its place).
      await em.nativeUpdate(
        CheckoutSession,
        { id: checkoutId, status: 'open' },
        { status: 'expired', updatedAt: new Date() },
      );
      return 'expired';
    },
  };
}
