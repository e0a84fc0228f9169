import { continueAsNew, proxyActivities, sleep } from '@temporalio/workflow';
import type { BillingDocumentActivities } from './billing-document-activities';
import type { BriefActivities } from './brief-activities';
import { billingRetentionEnd, KEEPING_RUN_MS, type BillingDocumentInput } from './contracts/billing-document';

const activities = proxyActivities<BillingDocumentActivities & Pick<BriefActivities, 'sendEmail'>>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: ['WorkerMisconfigured'],
  },
});

/** Issues a billing document's PDF (and a credit note's refund and e-mail), then keeps it its legal time (see the contract). */
export async function billingDocumentWorkflow(input: BillingDocumentInput): Promise<void> {
  const keeping = input.keeping ?? (await issue(input));
  const remainingMs = keeping.until - Date.now();
  // A year per run: the history stays small and each year's wait runs on the code of its day.
  if (remainingMs > KEEPING_RUN_MS) {
    await sleep(KEEPING_RUN_MS);
    await continueAsNew<typeof billingDocumentWorkflow>({ ...input, keeping });
  }
  if (remainingMs > 0) await sleep(remainingMs);
  await activities.purgeBillingDocument(keeping.documentId);
}

async function issue(input: BillingDocumentInput): Promise<NonNullable<BillingDocumentInput['keeping']>> {
  const { documentId, issuedAt } = await activities.findBillingDocument(input);
  if (input.kind === 'credit_note') await activities.refundCreditedPayment(documentId);
  await activities.storeBillingDocumentPdf(documentId);
  if (input.kind === 'credit_note') {
    const message = await activities.renderCreditNoteEmail(documentId);
    await activities.sendEmail({ ...message, idempotencyKey: `credit-note:${documentId}` });
  }
  return { documentId, until: billingRetentionEnd(issuedAt) };
}
