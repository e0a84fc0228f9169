import { WorkflowFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure, WorkflowIdConflictPolicy } from '@temporalio/common';
import { ADMIN_MESSAGES } from '../../domain/admin';
import { MESSAGES } from '../../domain/messages';
import {
  ADMIN_REFUSALS,
  CHANGE_ROLE_WORKFLOW_TYPE,
  changeRoleWorkflowId,
  INVITE_EDITOR_WORKFLOW_TYPE,
  inviteEditorWorkflowId,
  type ChangeRoleInput,
  type ChangeRoleResult,
  type InviteEditorInput,
  type InviteEditorResult,
} from '../../workflows/contracts/admin-users';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  SYSTEM_TEST_WAIT_MS,
  SYSTEM_TEST_WORKFLOW_TYPE,
  systemTestWorkflowId,
  type SystemTestInput,
} from '../../workflows/contracts/system-test';
import type { SystemTestResult } from '../../domain/admin';
import { HttpError } from '../lib/http-error';
import type { TemporalConnection } from '../temporal/connection';

/** The typed refusal inside a failed workflow, if any. */
function refusalOf(error: unknown): HttpError | undefined {
  let cause: unknown = error;
  while (cause instanceof Error) {
    if (cause instanceof ApplicationFailure && cause.type && ADMIN_REFUSALS[cause.type]) {
      const refusal = ADMIN_REFUSALS[cause.type];
      return new HttpError(refusal.status, refusal.message);
    }
    cause = cause.cause;
  }
  return undefined;
}

/**
 * Runs an admin workflow and waits for its answer (DESIGN.md: the worker writes, the page gets its
 * answer). A second identical request while it runs joins it; a refusal becomes its 4xx with the
 * French message; an answer that takes longer than `waitMs` (Keycloak or the worker down) is a 503
 * saying the operation will finish on its own.
 */
async function runAdminWorkflow<R>(
  temporal: TemporalConnection,
  type: string,
  options: { workflowId: string; args: unknown[]; waitMs: number },
): Promise<R> {
  let client: Client;
  try {
    client = await temporal();
  } catch {
    throw new HttpError(503, MESSAGES.serviceUnavailable);
  }
  const handle = await client.workflow.start(type, {
    taskQueue: TASK_QUEUE,
    workflowId: options.workflowId,
    args: options.args,
    workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(503, ADMIN_MESSAGES.operationPending)), options.waitMs);
  });
  try {
    return (await Promise.race([handle.result(), timeout])) as R;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const refusal = error instanceof WorkflowFailedError ? refusalOf(error) : undefined;
    if (refusal) throw refusal;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The api's side of the administration's workflows: the user operations (whose activities write to
 * Keycloak, the audit log and the live channel) and the /test page's system checks.
 */
export function createAdminWorkflowClient(temporal: TemporalConnection) {
  return {
    inviteEditor: (input: InviteEditorInput, waitMs: number) =>
      runAdminWorkflow<InviteEditorResult>(temporal, INVITE_EDITOR_WORKFLOW_TYPE, {
        workflowId: inviteEditorWorkflowId(input.email),
        args: [input],
        waitMs,
      }),

    changeRole: (input: ChangeRoleInput, waitMs: number) =>
      runAdminWorkflow<ChangeRoleResult>(temporal, CHANGE_ROLE_WORKFLOW_TYPE, {
        workflowId: changeRoleWorkflowId(input.email, input.role, input.change),
        args: [input],
        waitMs,
      }),

    runSystemTest: (input: SystemTestInput) =>
      runAdminWorkflow<SystemTestResult>(temporal, SYSTEM_TEST_WORKFLOW_TYPE, {
        workflowId: systemTestWorkflowId(input.runId),
        args: [input],
        waitMs: SYSTEM_TEST_WAIT_MS,
      }),
  };
}

export type AdminWorkflowClient = ReturnType<typeof createAdminWorkflowClient>;
