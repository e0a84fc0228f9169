import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { pingWorkflow } from '../../workflows';
import { expectedPong, HEALTH_TASK_QUEUE, pingWorkflowId } from '../../workflows/contracts/ping';
import { testStack } from '../support/stack-env';
import { waitUntil } from '../support/mail-server';

const { config, appUrl } = testStack();

let product: Client;
let health: Client;

beforeAll(async () => {
  [product, health] = await Promise.all([
    connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE),
    connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_HEALTH_NAMESPACE),
  ]);
});

afterAll(async () => {
  await Promise.all([product?.connection.close(), health?.connection.close()]);
});

const pings = async (client: Client) => (await client.workflow.count(`WorkflowId STARTS_WITH "health-ping-"`)).count;

test('the ping workflow runs on the stack’s worker, in the health namespace', async () => {
  const nonce = randomUUID();
  const handle = await health.workflow.start(pingWorkflow, {
    taskQueue: HEALTH_TASK_QUEUE,
    workflowId: pingWorkflowId(nonce),
    args: [nonce],
  });
  expect(await handle.result()).toBe(expectedPong(nonce));
  expect((await handle.describe()).status.name).toBe('COMPLETED');
});

test('health checks leave no ping among the briefs and projects, and a burst of them runs one round trip', async () => {
  // Past the last report's lifetime, so the burst below starts a check of its own.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const before = await pings(health);
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${appUrl}/api/health`)));
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
  await waitUntil(async () => (await pings(health)) > before, 10_000, 'the ping to be listed');
  // Visibility is eventually consistent: give a second ping time to show up if one had started.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect((await pings(health)) - before).toBe(1);
  expect(await pings(product)).toBe(0);
});
