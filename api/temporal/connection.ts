import { Client, Connection, WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import { TASK_QUEUE } from '../../workflows/contracts/common';

/**
 * The api's way to Temporal, handed by the composition root to each area's workflow client
 * (`api/<area>/*-workflow-client.ts`): the only modules that start, signal, update or query workflows.
 */
export type TemporalConnection = () => Promise<Client>;

export async function connectTemporal(address: string, namespace: string): Promise<Client> {
  const connection = await Connection.connect({ address, connectTimeout: '5 seconds' });
  // Each start, signal and update carries the request's trace context to the workflow's spans.
  return new Client({
    connection,
    namespace,
    interceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
  });
}

/** Connects once and reconnects on the next call after a failure, so the api boots without Temporal. */
export function lazyTemporal(address: string, namespace: string): TemporalConnection {
  let pending: Promise<Client> | undefined;
  return () => {
    pending ??= connectTemporal(address, namespace).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** Closes the connection if it was ever opened (the api's shutdown, a test's teardown). */
export async function closeTemporal(temporal: TemporalConnection): Promise<void> {
  await (await temporal().catch(() => undefined))?.connection.close();
}

/**
 * Starts a workflow once: REJECT_DUPLICATE on its id, and an execution already started under that id
 * counts as started. Any other failure (Temporal unreachable…) is thrown to the caller.
 */
export async function startWorkflowOnce(
  temporal: TemporalConnection,
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
