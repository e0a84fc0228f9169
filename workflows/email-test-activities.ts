/** Activities of emailTestWorkflow, implemented in activities/email-test.ts. */
import type { EmailMessage } from './brief-activities';
import type { EmailTestWorkflowResult } from './contracts/email-test';

export interface EmailTestActivities {
  /** The product's real templates for the pressed button, rendered with sample data, to the typed address. */
  renderTestEmails(testId: string): Promise<EmailMessage[]>;
  /** Records how the press ended (the results list). */
  recordEmailTestResult(input: { testId: string } & EmailTestWorkflowResult): Promise<void>;
}
