import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { uploadSweepWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { ABANDONED_UPLOAD_AGE_HOURS, UPLOAD_SWEEP_BATCH } from '../../workflows/contracts/upload-sweep';
import type { UploadSweepActivities } from '../../workflows/upload-sweep-activities';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
});

afterAll(async () => {
  await env?.teardown();
});

/** Storage with `waiting` abandoned files, taken by batches as the real activity does. */
function storageWith(waiting: number) {
  const calls: { cutoff: string; limit: number }[] = [];
  const abortCutoffs: string[] = [];
  const activities: UploadSweepActivities = {
    async sweepAbandonedUploads(cutoff, limit) {
      calls.push({ cutoff, limit });
      const filesRemoved = Math.min(limit, waiting);
      waiting -= filesRemoved;
      return { filesRemoved, more: filesRemoved === limit };
    },
    async abortStaleMultipartUploads(cutoff) {
      abortCutoffs.push(cutoff);
      return 2;
    },
  };
  return { activities, calls, abortCutoffs };
}

test('the sweep takes batches until none is full, then aborts what storage lists, all at one cutoff a day back', async () => {
  const storage = storageWith(2 * UPLOAD_SWEEP_BATCH + 5);
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: storage.activities,
  });
  const startedAt = Date.now();
  const result = await worker.runUntil(
    env.client.workflow.execute(uploadSweepWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: 'upload-sweep-t1',
      args: [{}],
    }),
  );
  expect(result).toEqual({ filesRemoved: 2 * UPLOAD_SWEEP_BATCH + 5, uploadsAborted: 2 });
  expect(storage.calls.map((call) => call.limit)).toEqual([UPLOAD_SWEEP_BATCH, UPLOAD_SWEEP_BATCH, UPLOAD_SWEEP_BATCH]);
  const cutoffs = new Set([...storage.calls.map((call) => call.cutoff), ...storage.abortCutoffs]);
  expect(cutoffs.size).toBe(1);
  const ageMs = startedAt - new Date([...cutoffs][0]).getTime();
  expect(ageMs / 3_600_000).toBeCloseTo(ABANDONED_UPLOAD_AGE_HOURS, 1);
});
