/**
 * Contract of paymentRefundWorkflow (`payment-refund-<checkoutId>`): started by the verified
 * webhook when a payment cannot be kept (the brief's second payment, a wrong amount, a
 * launch-offer place gone); refunds it once, records it, tells the payer.
 */
export const PAYMENT_REFUND_WORKFLOW_TYPE = 'paymentRefundWorkflow';

export const paymentRefundWorkflowId = (checkoutId: string) => `payment-refund-${checkoutId}`;

export interface PaymentRefundInput {
  checkoutId: string;
}

export const PAYMENT_REFUND_TEMPLATE = 'payment_refund';

/** Retryable: the webhook starts the workflow before its transaction commits. */
export const REFUND_NOT_RECORDED = 'RefundNotRecorded';
