import { proxyActivities } from '@temporalio/workflow';
import type { BriefActivities } from './brief-activities';
import type { PaymentRefundInput } from './contracts/payment-refund';
import type { PaymentRefundActivities } from './payment-refund-activities';

const activities = proxyActivities<PaymentRefundActivities & Pick<BriefActivities, 'sendEmail'>>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: ['WorkerMisconfigured'],
  },
});

/** Refunds a payment the webhook could not keep, then tells the payer (see the contract). */
export async function paymentRefundWorkflow(input: PaymentRefundInput): Promise<{ refundId: string }> {
  const refund = await activities.refundPayment(input.checkoutId);
  const message = await activities.renderRefundEmail(input.checkoutId);
  await activities.sendEmail({ ...message, idempotencyKey: `payment-refund:${input.checkoutId}` });
  return refund;
}
