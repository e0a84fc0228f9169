import { proxyActivities } from '@temporalio/workflow';
import {
  ABANDONED_UPLOAD_AGE_HOURS,
  UPLOAD_SWEEP_BATCH,
  type UploadSweepInput,
  type UploadSweepResult,
} from './contracts/upload-sweep';
import type { UploadSweepActivities } from './upload-sweep-activities';

const HOUR_MS = 60 * 60 * 1000;

const { sweepAbandonedUploads, abortStaleMultipartUploads } = proxyActivities<UploadSweepActivities>({
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '2 minutes',
  // A run that keeps failing ends; the schedule's next run starts over.
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 6 },
});

/**
 * Started every hour by the `upload-sweep` Schedule: removes the storage nobody took (files of
 * sessions with no brief after a day, anonymous ones included; refused and cancelled files;
 * unfinished multipart uploads), batch by batch, then what the storage still lists unfinished.
 */
export async function uploadSweepWorkflow(input: UploadSweepInput = {}): Promise<UploadSweepResult> {
  const cutoff = new Date(Date.now() - (input.olderThanMs ?? ABANDONED_UPLOAD_AGE_HOURS * HOUR_MS)).toISOString();
  let filesRemoved = 0;
  for (let more = true; more;) {
    const batch = await sweepAbandonedUploads(cutoff, UPLOAD_SWEEP_BATCH);
    filesRemoved += batch.filesRemoved;
    more = batch.more;
  }
  const uploadsAborted = await abortStaleMultipartUploads(cutoff);
  return { filesRemoved, uploadsAborted };
}
