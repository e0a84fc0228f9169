import { WithStartWorkflowOperation, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure, type UpdateDefinition } from '@temporalio/common';
import { ACCOUNT_DATA_MESSAGES, NO_ACCOUNT_DATA_REQUEST, type AccountDataState } from '../../domain/account-data';
import {
  ACCOUNT_ERASING,
  ACCOUNT_PRIVACY_WORKFLOW_TYPE,
  accountActiveSignal,
  accountPrivacyStateQuery,
  accountPrivacyWorkflowId,
  type AccountPrivacyInput,
  type AccountPrivacyState,
} from '../../workflows/contracts/account-privacy';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { HttpError } from '../lib/http-error';
import type { TemporalConnection } from '../temporal/connection';

/** The page's part of the workflow's state (the last activity stays on the server). */
function pageState({ deletionDueAt, exportRunning, lastExport }: AccountPrivacyState): AccountDataState {
  return { deletionDueAt, exportRunning, lastExport };
}

/** The api's side of accountPrivacyWorkflow: the account's workflow is started by its first message. */
export function createAccountDataWorkflowClient(temporal: TemporalConnection) {
  const start = (userId: string) => {
    const input: AccountPrivacyInput = { userId };
    return { workflowId: accountPrivacyWorkflowId(userId), taskQueue: TASK_QUEUE, args: [input] };
  };
  return {
    /** The account was used today. */
    async markActive(userId: string): Promise<void> {
      const client = await temporal();
      await client.workflow.signalWithStart(ACCOUNT_PRIVACY_WORKFLOW_TYPE, {
        ...start(userId),
        signal: accountActiveSignal,
        signalArgs: [],
      });
    },

    /** What « Mes données » shows; nothing requested when the account has no workflow yet. */
    async state(userId: string): Promise<AccountDataState> {
      const client = await temporal();
      try {
        return pageState(
          await client.workflow.getHandle(accountPrivacyWorkflowId(userId)).query(accountPrivacyStateQuery),
        );
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) return NO_ACCOUNT_DATA_REQUEST;
        throw error;
      }
    },

    /** Sends one of the workflow's updates, starting the workflow if the account has none yet. */
    async update(userId: string, update: UpdateDefinition<AccountPrivacyState, []>): Promise<AccountDataState> {
      const client = await temporal();
      try {
        const state = await client.workflow.executeUpdateWithStart(update, {
          startWorkflowOperation: new WithStartWorkflowOperation(ACCOUNT_PRIVACY_WORKFLOW_TYPE, {
            ...start(userId),
            workflowIdConflictPolicy: 'USE_EXISTING',
          }),
        });
        return pageState(state);
      } catch (error) {
        if (
          error instanceof WorkflowUpdateFailedError &&
          error.cause instanceof ApplicationFailure &&
          error.cause.type === ACCOUNT_ERASING
        )
          throw new HttpError(409, ACCOUNT_DATA_MESSAGES.erasing);
        throw error;
      }
    },
  };
}

export type AccountDataWorkflowClient = ReturnType<typeof createAccountDataWorkflowClient>;
