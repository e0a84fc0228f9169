import { TestWorkflowEnvironment } from '@temporalio/testing';

/**
 * The time-skipping Temporal test server (Java, from the tool cache), started through
 * `existing-path` with the wrapper `npm test` provisions.
 */
export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const path = process.env.TEMPORAL_TEST_SERVER;
  if (!path) throw new Error('TEMPORAL_TEST_SERVER is not set: run the workflow tests through `npm test`.');
  return TestWorkflowEnvironment.createTimeSkipping({ server: { executable: { type: 'existing-path', path } } });
}
