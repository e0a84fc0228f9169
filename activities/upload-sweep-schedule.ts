import { Client, Connection, ScheduleAlreadyRunning, ScheduleOverlapPolicy } from '@temporalio/client';
import { TASK_QUEUE } from '../workflows/contracts/common';
import { UPLOAD_SWEEP_EVERY, UPLOAD_SWEEP_SCHEDULE_ID } from '../workflows/contracts/upload-sweep';

/**
 * Creates the Schedule that starts uploadSweepWorkflow every hour, unless it exists: every worker
 * declares it at start, the first one creates it, the others find it. A run still going when the
 * next is due makes that one skip.
 */
export async function ensureUploadSweepSchedule(address: string, namespace: string): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    await new Client({ connection, namespace }).schedule.create({
      scheduleId: UPLOAD_SWEEP_SCHEDULE_ID,
      spec: { intervals: [{ every: UPLOAD_SWEEP_EVERY }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'uploadSweepWorkflow',
        workflowId: UPLOAD_SWEEP_SCHEDULE_ID,
        taskQueue: TASK_QUEUE,
        args: [{}],
      },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
    });
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  } finally {
    await connection.close();
  }
}
