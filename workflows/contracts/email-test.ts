/**
 * Contract of emailTestWorkflow (`email-test-<testId>`): one press of an /email-test button. The
 * api stores the press `pending`, starts the workflow and waits for its result a short while.
 */
export const EMAIL_TEST_WORKFLOW_TYPE = 'emailTestWorkflow';

export interface EmailTestWorkflowInput {
  testId: string;
}

export interface EmailTestWorkflowResult {
  status: 'sent' | 'failed';
  subjects: string[];
  error: string | null;
}

export function emailTestWorkflowId(testId: string): string {
  return `email-test-${testId}`;
}

/** How long `POST /api/admin/email-tests` waits for the result before answering `pending`. */
export const EMAIL_TEST_WAIT_MS = 25_000;

/** Typed failure: the test row does not exist (never retried). */
export const EMAIL_TEST_NOT_FOUND = 'EmailTestNotFound';
