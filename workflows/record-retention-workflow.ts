import { condition, continueAsNew, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import {
  extendRetentionSignal,
  keepUntilQuery,
  type PurgeOutcome,
  type RecordRetentionInput,
} from './contracts/record-retention';
import type { RecordRetentionActivities } from './record-retention-activities';

const activities = proxyActivities<RecordRetentionActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: ['WorkerMisconfigured'],
  },
});

/** Keeps one record until its date (moved later by `extend`), then purges it (see the contract). */
export async function recordRetentionWorkflow(input: RecordRetentionInput): Promise<PurgeOutcome> {
  let keepUntil = input.keepUntil;
  setHandler(extendRetentionSignal, (later) => {
    keepUntil = Math.max(keepUntil, later);
  });
  setHandler(keepUntilQuery, () => keepUntil);
  for (let remaining = keepUntil - Date.now(); remaining > 0; remaining = keepUntil - Date.now()) {
    const waitingFor = keepUntil;
    await condition(() => keepUntil !== waitingFor, remaining);
    // Many renewals over the years: a fresh history carries the date on.
    if (workflowInfo().continueAsNewSuggested)
      await continueAsNew<typeof recordRetentionWorkflow>({ ...input, keepUntil });
  }
  return activities.purgeRecord(input.kind, input.recordId);
}
