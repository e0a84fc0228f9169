/** Activities of briefWorkflow's payment step, implemented in activities/payments.ts. */
import type { EmailMessage } from './brief-activities';

interface CreatedProject {
  projectId: string;
  /** False when an earlier attempt had already created it (the activity is idempotent). */
  createdNow: boolean;
  clientEmail: string;
  videoType: string | null;
  /**
   * The project's sources (the brief's rushes) whose contact sheet waits for its run. Absent from
   * results recorded before the brief's rushes became project files.
   */
  contactSheetFileIds?: string[];
}

export interface PaymentActivities {
  /**
   * Creates the paid brief's project once (one project per brief, unique in the database) and
   * marks the brief `paid`, in one transaction. A retry returns the project already created.
   * Fails with `PaymentNotRecorded` (retried) while the webhook's transaction is not visible yet.
   */
  createProjectForBrief(briefId: string, sessionId: string): Promise<CreatedProject>;
  /**
   * Marks a brief still waiting for payment `expired`. Returns false, changing nothing, when a
   * paid checkout session exists for it: a payment that raced the expiry wins.
   */
  expireBrief(briefId: string): Promise<{ expired: boolean }>;
  /** Tells the client in the app that the payment was received (once per project). */
  notifyPaymentReceived(projectId: string): Promise<void>;
  /** `reminder` is 1 for the 24 h reminder, 2 for the 72 h one. */
  renderPaymentReminderEmail(briefId: string, reminder: number): Promise<EmailMessage>;
  renderBriefExpiredEmail(briefId: string): Promise<EmailMessage>;
  /** The receipt: amount paid, launch offer, planned delivery, link to the project. */
  renderPaymentReceiptEmail(projectId: string): Promise<EmailMessage>;
}
