/** Activities of launchOfferHoldWorkflow, implemented in activities/launch-offer-holds.ts. */
import type { LaunchOfferHoldOutcome } from './contracts/launch-offer-hold';

export interface LaunchOfferHoldActivities {
  /**
   * Ends a lapsed hold: expires the still-open checkout session at Stripe (one already completed
   * or expired there is left as it is) and marks ours expired, which frees its place. Idempotent.
   */
  expireLapsedHold(checkoutId: string): Promise<LaunchOfferHoldOutcome>;
}
