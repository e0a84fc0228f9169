/** Activities of editorApplicationWorkflow, implemented in activities/editor-application.ts. */
import type { EmailMessage } from './brief-activities';

export interface EditorApplicationActivities {
  /** Reads the stored application and renders the applicant's French confirmation e-mail. */
  renderApplicationReceivedEmail(applicationId: string): Promise<EmailMessage>;
  /**
   * Notifies every admin (from the user directory) in the app: one notification row each, ids
   * derived from `key`, and their `notification.created` events; run twice, one effect.
   */
  notifyAdminsOfApplication(input: { key: string; applicationId: string }): Promise<{ notified: number }>;
}
