/**
 * Contract of launchOfferHoldWorkflow (`launch-offer-hold-<checkoutId>`): started with a
 * discounted checkout; when its launch-offer place stops being held, the checkout session is
 * expired at Stripe so it cannot be paid at the reduced price any more, and its place is given back.
 */
export const LAUNCH_OFFER_HOLD_WORKFLOW_TYPE = 'launchOfferHoldWorkflow';

export const launchOfferHoldWorkflowId = (checkoutId: string) => `launch-offer-hold-${checkoutId}`;

export interface LaunchOfferHoldInput {
  checkoutId: string;
  /** ISO time the place is held until (the checkout row's `hold_expires_at`). */
  holdExpiresAt: string;
}

/** What the lapse did: closed the open session, or found it already settled (paid, expired…). */
export type LaunchOfferHoldOutcome = 'expired' | 'settled';
