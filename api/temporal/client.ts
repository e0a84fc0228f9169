import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import { MESSAGES } from '../../domain/messages';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { HttpError } from '../lib/http-error';

export async function connectTemporal(address: string, namespace: string): Promise<Client> {
  const connection = await Connection.connect({ address, connectTimeout: '5 seconds' });
  return new Client({ connection, namespace });
}

/**
 * Starts a workflow once: REJECT_DUPLICATE on its id, and an execution already started under that id
 * counts as started. Any other failure (Temporal unreachable…) is thrown to the caller.
 */
export async function startWorkflowOnce(
  temporal: () => Promise<Client>,
  workflowType: string,
  workflowId: string,
  input: unknown,
): Promise<void> {
  try {
    const client = await temporal();
    await client.workflow.start(workflowType, {
      taskQueue: TASK_QUEUE,
      workflowId,
      args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    throw error;
  }
}

/**
 * Starts the workflow of a row the caller just stored. When Temporal cannot take it, the row is
 * removed again, so the request leaves nothing half-done, and the caller answers 503.
 */
export async function startOrUndo(
  start: () => Promise<void>,
  undo: () => Promise<unknown>,
  what: string,
): Promise<void> {
  try {
    await start();
  } catch (error) {
    console.error(`[api] ${what}: workflow not started`, error);
    await undo().catch((undoError: unknown) => console.error(`[api] ${what}: not removed`, undoError));
    throw new HttpError(503, MESSAGES.serviceUnavailable);
  }
}
