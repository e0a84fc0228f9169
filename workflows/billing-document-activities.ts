/** Activities of billingDocumentWorkflow, implemented in activities/billing-documents.ts. */
import type { EmailMessage } from './brief-activities';
import type { BillingDocumentInput } from './contracts/billing-document';

export interface BillingDocumentActivities {
  /** The recorded document's id and issue date (epoch ms); retried until its transaction committed. */
  findBillingDocument(input: BillingDocumentInput): Promise<{ documentId: string; issuedAt: number }>;
  /** Refunds, through Stripe, the payment a credit note cancels (idempotency key: the credit note). */
  refundCreditedPayment(documentId: string): Promise<void>;
  /** Renders the Factur-X PDF and stores it with its SHA-256, once: a stored document is never rendered again. */
  storeBillingDocumentPdf(documentId: string): Promise<void>;
  /** The client's French e-mail announcing a credit note, with the way to download it. */
  renderCreditNoteEmail(documentId: string): Promise<EmailMessage>;
  /** Deletes the document and its PDF once kept the legal period. */
  purgeBillingDocument(documentId: string): Promise<void>;
}
