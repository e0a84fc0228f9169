import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { REVIEW_MESSAGES } from '../../domain/review';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  VERSION_PREVIEW_WORKFLOW_TYPE,
  versionPreviewWorkflowId,
  type VersionPreviewInput,
} from '../../workflows/contracts/version-preview';
import { HttpError } from '../lib/http-error';
import type { TemporalConnection } from '../temporal/connection';
import { workflowRunning, workflowSettled } from '../temporal/workflow-runs';

/**
 * The api's side of versionPreviewWorkflow: one run per version at a time, under the id derived
 * from the version; a new run (the editor's retry) may start once the previous one has ended.
 */
export function createPreviewWorkflowClient(temporal: TemporalConnection) {
  return {
    /** Starts the version's preview; 409 'L’aperçu … est déjà en cours' while a run is under way. */
    async start(versionId: string): Promise<void> {
      const client = await temporal();
      const args: [VersionPreviewInput] = [{ versionId }];
      try {
        await client.workflow.start(VERSION_PREVIEW_WORKFLOW_TYPE, {
          taskQueue: TASK_QUEUE,
          workflowId: versionPreviewWorkflowId(versionId),
          workflowIdReusePolicy: 'ALLOW_DUPLICATE',
          workflowIdConflictPolicy: 'FAIL',
          args,
        });
      } catch (error) {
        if (error instanceof WorkflowExecutionAlreadyStartedError)
          throw new HttpError(409, REVIEW_MESSAGES.previewAlreadyRunning);
        throw error;
      }
    },

    /**
     * Waits (at most `timeoutMs`) for a run that has recorded its outcome to close, so a retry
     * right after a failure starts a new run instead of meeting the one that is finishing.
     */
    async settle(versionId: string, timeoutMs = 15_000): Promise<void> {
      await workflowSettled(await temporal(), versionPreviewWorkflowId(versionId), timeoutMs);
    },

    /** Whether a run of the version's preview is under way. */
    async running(versionId: string): Promise<boolean> {
      return workflowRunning(await temporal(), versionPreviewWorkflowId(versionId));
    },
  };
}

export type PreviewWorkflowClient = ReturnType<typeof createPreviewWorkflowClient>;
