/** Activities of paymentRefundWorkflow, implemented in activities/payment-refunds.ts. */
import type { EmailMessage } from './brief-activities';

export interface PaymentRefundActivities {
  /**
   * Refunds the checkout's payment through Stripe (idempotency key from its payment intent: run
   * twice, one refund) and records it with an audit line, once.
   */
  refundPayment(checkoutId: string): Promise<{ refundId: string }>;
  /** The payer's French e-mail: what was refunded and why, and how to pay what is due. */
  renderRefundEmail(checkoutId: string): Promise<EmailMessage>;
}
