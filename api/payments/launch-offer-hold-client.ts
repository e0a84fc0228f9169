import {
  LAUNCH_OFFER_HOLD_WORKFLOW_TYPE,
  launchOfferHoldWorkflowId,
  type LaunchOfferHoldInput,
} from '../../workflows/contracts/launch-offer-hold';
import { startWorkflowOnce, type TemporalConnection } from '../temporal/connection';

/** The api's side of launchOfferHoldWorkflow: its start with a discounted checkout. */
export function createLaunchOfferHoldClient(temporal: TemporalConnection) {
  return {
    /** Starts, once per checkout, the timer that closes the checkout when its place stops being held. */
    async watch(checkoutId: string, holdExpiresAt: Date): Promise<void> {
      const input: LaunchOfferHoldInput = { checkoutId, holdExpiresAt: holdExpiresAt.toISOString() };
      await startWorkflowOnce(temporal, LAUNCH_OFFER_HOLD_WORKFLOW_TYPE, launchOfferHoldWorkflowId(checkoutId), input);
    },
  };
}

export type LaunchOfferHoldClient = ReturnType<typeof createLaunchOfferHoldClient>;
