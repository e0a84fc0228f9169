import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createActivities } from '../../activities';
import { pingWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { expectedPong, pingWorkflowId } from '../../workflows/contracts/ping';
import { recordHistoryIfAsked } from '../support/histories';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
});

afterAll(async () => {
  await env?.teardown();
});

test('the ping workflow answers through the worker’s activity', async () => {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities(),
  });
  const handle = await env.client.workflow.start(pingWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: pingWorkflowId('t1'),
    args: ['t1'],
  });
  const pong = await worker.runUntil(handle.result());
  expect(pong).toBe(expectedPong('t1'));
  await recordHistoryIfAsked('ping-workflow', handle);
});
