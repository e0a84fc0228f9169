import { proxyActivities, sleep } from '@temporalio/workflow';
import type { LaunchOfferHoldInput, LaunchOfferHoldOutcome } from './contracts/launch-offer-hold';
import type { LaunchOfferHoldActivities } from './launch-offer-hold-activities';

const activities = proxyActivities<LaunchOfferHoldActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: ['WorkerMisconfigured'],
  },
});

/** Waits (a durable timer) until the checkout's place stops being held, then ends the hold (see the contract). */
export async function launchOfferHoldWorkflow(input: LaunchOfferHoldInput): Promise<LaunchOfferHoldOutcome> {
  const remainingMs = Date.parse(input.holdExpiresAt) - Date.now();
  if (remainingMs > 0) await sleep(remainingMs);
  return activities.expireLapsedHold(input.checkoutId);
}
