import { defineSignal } from '@temporalio/workflow';

/** Contract of BriefWorkflow (`brief-<briefId>`): started by the brief submission, owns the brief until paid. */
export const BRIEF_WORKFLOW_TYPE = 'briefWorkflow';

export interface BriefWorkflowInput {
  briefId: string;
  /**
   * Whether the project workflow is started with the Rushflow search attributes. The dev server
   * and production register them; Temporal's Java time-skipping test server refuses any custom
   * search attribute ("Failed to start Workflow"), so workflow tests pass false.
   */
  searchAttributes?: boolean;
  /**
   * Set when a verified payment arrived after this brief's workflow had closed (expired) and the
   * api started it again to honour the payment: the confirmation e-mail is not sent twice.
   */
  resumedByPayment?: boolean;
}

export function briefWorkflowId(briefId: string): string {
  return `brief-${briefId}`;
}

/**
 * How long a brief waits for its payment before it expires (DESIGN.md BriefWorkflow step 3),
 * counted from the workflow's start. Tests shorten nothing and skip time instead.
 */
export const BRIEF_PAYMENT_WINDOW = '7 days';

/** Payment reminders, counted from the workflow's start (each with a link to resume the payment). */
export const PAYMENT_REMINDER_DELAYS = ['24 hours', '72 hours'] as const;

/** What the verified Stripe webhook tells the brief's workflow; the first one counts. */
export interface PaymentConfirmation {
  /** Checkout session id (Stripe's `cs_…`, or the simulated checkout's). */
  sessionId: string;
  /** The Stripe event that proved the payment. */
  eventId: string;
  /** Amount paid, integer cents. */
  amount: number;
  currency: 'eur' | 'usd';
}

/** Sent by the webhook once a checkout session is paid; repeated confirmations are ignored. */
export const paymentConfirmedSignal = defineSignal<[PaymentConfirmation]>('paymentConfirmed');

/**
 * Sent by the api when the receipt's link confirmed an anonymous brief's typed address: the
 * payment reminders and the expiry notice, held until then, may go to it.
 */
export const addressConfirmedSignal = defineSignal('addressConfirmed');

/** How the brief's workflow ended. */
export interface BriefWorkflowResult {
  briefId: string;
  /** True once the payment was confirmed within `BRIEF_PAYMENT_WINDOW`. */
  paid: boolean;
  /** The project created from the paid brief. */
  projectId?: string;
}

/** Template names of the payment e-mails (recorded with each sent e-mail). */
export const PAYMENT_REMINDER_TEMPLATE = 'payment_reminder';
export const BRIEF_EXPIRED_TEMPLATE = 'brief_expired';
export const PAYMENT_RECEIPT_TEMPLATE = 'payment_receipt';

/** Typed failures of the payment activities. */
export const PAYMENT_NOT_RECORDED = 'PaymentNotRecorded';
export const BRIEF_NOT_FOUND = 'BriefNotFound';

/** Template name of the confirmation e-mail (first step of BriefWorkflow). */
export const BRIEF_CONFIRMATION_TEMPLATE = 'brief_confirmation';
