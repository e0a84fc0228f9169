import { TestWorkflowEnvironment } from '@temporalio/testing';

/** The SDK gives the server 5 s to answer; a JVM starting on a busy machine may need another go. */
const START_ATTEMPTS = 5;

/**
 * The time-skipping Temporal test server (Java, from the tool cache), started through
 * `existing-path` with the wrapper `npm test` provisions.
 */
export async function createTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  const path = process.env.TEMPORAL_TEST_SERVER;
  if (!path) throw new Error('TEMPORAL_TEST_SERVER is not set: run the workflow tests through `npm test`.');
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path } },
      });
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !/did not start within/.test(String(error))) throw error;
    }
  }
}
