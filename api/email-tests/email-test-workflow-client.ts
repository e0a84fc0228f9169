import {
  EMAIL_TEST_WAIT_MS,
  EMAIL_TEST_WORKFLOW_TYPE,
  emailTestWorkflowId,
  type EmailTestWorkflowInput,
} from '../../workflows/contracts/email-test';
import { startWorkflowOnce, type TemporalConnection } from '../temporal/connection';

/** The api's side of emailTestWorkflow: one run per stored test. */
export function createEmailTestWorkflowClient(temporal: TemporalConnection) {
  return {
    async start(testId: string): Promise<void> {
      const input: EmailTestWorkflowInput = { testId };
      await startWorkflowOnce(temporal, EMAIL_TEST_WORKFLOW_TYPE, emailTestWorkflowId(testId), input);
    },

    /** Waits for the test's outcome, at most `EMAIL_TEST_WAIT_MS`; past it the list shows it `pending`. */
    async settle(testId: string): Promise<void> {
      const client = await temporal();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        client.workflow
          .getHandle(emailTestWorkflowId(testId))
          .result()
          .catch(() => undefined),
        new Promise((resolve) => {
          timer = setTimeout(resolve, EMAIL_TEST_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

export type EmailTestWorkflowClient = ReturnType<typeof createEmailTestWorkflowClient>;
