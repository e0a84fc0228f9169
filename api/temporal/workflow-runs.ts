import { WorkflowNotFoundError, type Client } from '@temporalio/client';

/**
 * Runs that record their own failure and end: a retry asks whether one is still under way, and
 * lets one that has recorded its outcome close first, so the new start is not taken for a
 * duplicate of the run that is finishing.
 */

/** Whether the workflow `workflowId` has a run under way. */
export async function workflowRunning(client: Client, workflowId: string): Promise<boolean> {
  try {
    const description = await client.workflow.getHandle(workflowId).describe();
    return description.status.name === 'RUNNING';
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return false;
    throw error;
  }
}

/** Waits (at most `timeoutMs`) for the run of `workflowId` to close. */
export async function workflowSettled(client: Client, workflowId: string, timeoutMs: number): Promise<void> {
  const handle = client.workflow.getHandle(workflowId);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    handle.result().catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
