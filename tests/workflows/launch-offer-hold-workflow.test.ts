import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { LAUNCH_OFFER_HOLD_MS } from '../../domain/payments';
import { launchOfferHoldWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import type { LaunchOfferHoldActivities } from '../../workflows/launch-offer-hold-activities';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await createTimeSkippingEnv();
});

afterAll(async () => {
  await env?.teardown();
});

test('a 15-minute hold is ended once, when it lapses and not before', async () => {
  const expired: string[] = [];
  const activities: LaunchOfferHoldActivities = {
    async expireLapsedHold(checkoutId) {
      expired.push(checkoutId);
      return 'expired';
    },
  };
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities,
  });
  await worker.runUntil(async () => {
    const holdExpiresAt = new Date((await env.currentTimeMs()) + LAUNCH_OFFER_HOLD_MS).toISOString();
    const handle = await env.client.workflow.start(launchOfferHoldWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: 'launch-offer-hold-t1',
      args: [{ checkoutId: 'checkout-1', holdExpiresAt }],
    });
    await env.sleep(LAUNCH_OFFER_HOLD_MS - 60_000);
    expect(expired).toEqual([]);
    expect(await handle.result()).toBe('expired');
    expect(expired).toEqual(['checkout-1']);
  });
});
