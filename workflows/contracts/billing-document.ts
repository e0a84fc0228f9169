import { documentYear } from '../../domain/invoicing';
import { addPeriod, BILLING_RECORDS } from '../../domain/retention';

/**
 * Contract of billingDocumentWorkflow (`invoice-<checkoutSessionId>` or `credit-note-<invoiceId>`):
 * started in the transaction that records an invoice (the payment's webhook) or a credit note (an
 * admin's refund). It refunds the payment (credit notes), renders the Factur-X PDF once and
 * stores it, e-mails a credit note to the client, then keeps the document for the legal 10 years
 * (a durable timer, one year per run) and deletes it.
 */
export const BILLING_DOCUMENT_WORKFLOW_TYPE = 'billingDocumentWorkflow';

export type BillingDocumentInput = (
  { kind: 'invoice'; checkoutSessionId: string } | { kind: 'credit_note'; invoiceId: string }
) & {
  /** Set once issued: the run continues as new each year until `until` (epoch ms), then deletes the document. */
  keeping?: { documentId: string; until: number };
};

/** The longest wait of one run (a year): the keeping continues as new after it. */
export const KEEPING_RUN_MS = 365 * 24 * 60 * 60 * 1000;

export const billingDocumentWorkflowId = (input: BillingDocumentInput) =>
  input.kind === 'invoice' ? `invoice-${input.checkoutSessionId}` : `credit-note-${input.invoiceId}`;

/** The document is not committed yet (the transaction that records it starts this workflow first). */
export const BILLING_DOCUMENT_NOT_RECORDED = 'BillingDocumentNotRecorded';

export const CREDIT_NOTE_EMAIL_TEMPLATE = 'credit_note';

/**
 * The end of a document's legal keeping (epoch ms): `BILLING_RECORDS` (ten years) after the close
 * of the financial year it was issued in — ours is the calendar year —, so 1 January eleven years on.
 */
export function billingRetentionEnd(issuedAtMs: number): number {
  return addPeriod(Date.UTC(documentYear(new Date(issuedAtMs)) + 1, 0, 1), BILLING_RECORDS);
}
