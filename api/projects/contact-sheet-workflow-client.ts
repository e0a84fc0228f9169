import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  RUSH_CONTACT_SHEET_WORKFLOW_TYPE,
  rushContactSheetWorkflowId,
  type RushContactSheetInput,
} from '../../workflows/contracts/rush-contact-sheet';
import type { TemporalConnection } from '../temporal/connection';
import { workflowRunning, workflowSettled } from '../temporal/workflow-runs';

/** The api's side of rushContactSheetWorkflow: one run per source file, under the id derived from it. */
export function createContactSheetWorkflowClient(temporal: TemporalConnection) {
  return {
    /** Starts the file's contact sheet; a run already under way is the one wanted. */
    async start(fileId: string): Promise<void> {
      const client = await temporal();
      const args: [RushContactSheetInput] = [{ fileId }];
      try {
        await client.workflow.start(RUSH_CONTACT_SHEET_WORKFLOW_TYPE, {
          taskQueue: TASK_QUEUE,
          workflowId: rushContactSheetWorkflowId(fileId),
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
          workflowIdConflictPolicy: 'FAIL',
          args,
        });
      } catch (error) {
        if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
      }
    },

    /** Whether a run of the file's sheet is under way. */
    async running(fileId: string): Promise<boolean> {
      return workflowRunning(await temporal(), rushContactSheetWorkflowId(fileId));
    },

    /** Lets a run that has recorded its failure close, so a retry starts a new one (at most `timeoutMs`). */
    async settle(fileId: string, timeoutMs = 15_000): Promise<void> {
      await workflowSettled(await temporal(), rushContactSheetWorkflowId(fileId), timeoutMs);
    },
  };
}

export type ContactSheetWorkflowClient = ReturnType<typeof createContactSheetWorkflowClient>;
