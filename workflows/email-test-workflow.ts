import { ActivityFailure, proxyActivities, uuid4 } from '@temporalio/workflow';
import type { BriefActivities } from './brief-activities';
import {
  EMAIL_TEST_NOT_FOUND,
  type EmailTestWorkflowInput,
  type EmailTestWorkflowResult,
} from './contracts/email-test';
import type { EmailTestActivities } from './email-test-activities';

const bookkeeping = proxyActivities<EmailTestActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', nonRetryableErrorTypes: [EMAIL_TEST_NOT_FOUND] },
});

/** A test shows what goes wrong, fast: one retry, then the error is the result. */
const sending = proxyActivities<Pick<BriefActivities, 'sendEmail'>>({
  startToCloseTimeout: '20 seconds',
  retry: { initialInterval: '1 second', maximumAttempts: 2 },
});

/** The message of an activity's failure, as the admin reads it. */
function reason(error: unknown): string {
  const cause = error instanceof ActivityFailure ? error.cause : error;
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.slice(0, 500);
}

/**
 * One press of an /email-test button: renders the product's real templates with sample data and
 * sends them to the typed address through the same idempotent send as the product; the outcome
 * (subjects sent, or the error) is recorded for the results list and returned.
 */
export async function emailTestWorkflow(input: EmailTestWorkflowInput): Promise<EmailTestWorkflowResult> {
  const subjects: string[] = [];
  let result: EmailTestWorkflowResult;
  try {
    const messages = await bookkeeping.renderTestEmails(input.testId);
    for (const message of messages) {
      await sending.sendEmail({ ...message, idempotencyKey: `email-test:${input.testId}:${uuid4()}` });
      subjects.push(message.subject);
    }
    result = { status: 'sent', subjects, error: null };
  } catch (error) {
    result = { status: 'failed', subjects, error: reason(error) };
  }
  await bookkeeping.recordEmailTestResult({ testId: input.testId, ...result });
  return result;
}
