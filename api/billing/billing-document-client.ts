import {
  BILLING_DOCUMENT_WORKFLOW_TYPE,
  billingDocumentWorkflowId,
  type BillingDocumentInput,
} from '../../workflows/contracts/billing-document';
import { startWorkflowOnce, type TemporalConnection } from '../temporal/connection';

/** The api's side of billingDocumentWorkflow: started, once, in the transaction that records the document. */
export function createBillingDocumentClient(temporal: TemporalConnection) {
  return {
    async documentRecorded(input: BillingDocumentInput): Promise<void> {
      await startWorkflowOnce(temporal, BILLING_DOCUMENT_WORKFLOW_TYPE, billingDocumentWorkflowId(input), input);
    },
  };
}

export type BillingDocumentClient = ReturnType<typeof createBillingDocumentClient>;
