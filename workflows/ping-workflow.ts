import { proxyActivities } from '@temporalio/workflow';
import type { PingActivities } from './ping-activities';

const { answerPing } = proxyActivities<PingActivities>({
  startToCloseTimeout: '5 seconds',
  retry: { maximumAttempts: 2 },
});

/** Health round trip: proves the server schedules work and a worker executes activities. */
export async function pingWorkflow(nonce: string): Promise<string> {
  return answerPing(nonce);
}
