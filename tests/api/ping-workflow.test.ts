import { randomUUID } from 'node:crypto';
import { connectTemporal } from '../../api/temporal/client';
import { pingWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { expectedPong, pingWorkflowId } from '../../workflows/contracts/ping';
import { testStack } from '../support/stack-env';

const { config } = testStack();

test('the ping workflow runs on the stack’s worker and is recorded by the dev server', async () => {
  const client = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  try {
    const nonce = randomUUID();
    const handle = await client.workflow.start(pingWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: pingWorkflowId(nonce),
      args: [nonce],
    });
    expect(await handle.result()).toBe(expectedPong(nonce));
    const description = await handle.describe();
    expect(description.status.name).toBe('COMPLETED');
  } finally {
    await client.connection.close();
  }
});
