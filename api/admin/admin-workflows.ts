import { WorkflowFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure, WorkflowIdConflictPolicy } from '@temporalio/common';
import { ADMIN_MESSAGES } from '../../domain/admin';
import { MESSAGES } from '../../domain/messages';
import { ADMIN_REFUSALS } from '../../workflows/contracts/admin-users';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { HttpError } from '../lib/http-error';

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
export async function runAdminWorkflow<R>(
  temporal: () => Promise<Client>,
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
