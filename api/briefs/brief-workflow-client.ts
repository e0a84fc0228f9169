import { WorkflowNotFoundError } from '@temporalio/client';
import {
  addressConfirmedSignal,
  BRIEF_WORKFLOW_TYPE,
  briefWorkflowId,
  paymentConfirmedSignal,
  type BriefWorkflowInput,
  type PaymentConfirmation,
} from '../../workflows/contracts/brief';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  PAYMENT_REFUND_WORKFLOW_TYPE,
  paymentRefundWorkflowId,
  type PaymentRefundInput,
} from '../../workflows/contracts/payment-refund';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../lib/http-error';
import { startWorkflowOnce, type TemporalConnection } from '../temporal/connection';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'briefs' });

/** The api's side of briefWorkflow: its start at the submission and the payment's signal. */
export function createBriefWorkflowClient(temporal: TemporalConnection) {
  return {
    /**
     * Starts the brief's workflow once: a retry (same Idempotency-Key after a crash or a lost
     * answer) starts it only if it never started.
     */
    async start(briefId: string): Promise<void> {
      const input: BriefWorkflowInput = { briefId };
      try {
        await startWorkflowOnce(temporal, BRIEF_WORKFLOW_TYPE, briefWorkflowId(briefId), input);
      } catch (error) {
        log.error({ err: error, briefId }, 'brief workflow not started');
        // The brief is stored: the same request again (same Idempotency-Key) starts its workflow.
        throw new HttpError(503, MESSAGES.serviceUnavailable);
      }
    },

    /**
     * Signals the brief's workflow. Normally it has been waiting since the submission. If it has
     * already closed (the brief expired a moment before a payment that was nevertheless taken) the
     * payment must not be lost: the workflow is started again for that brief, told it resumes for a
     * payment, and the caller flags the session for an admin.
     */
    async confirmPayment(briefId: string, confirmation: PaymentConfirmation): Promise<'signalled' | 'restarted'> {
      const client = await temporal();
      try {
        await client.workflow.getHandle(briefWorkflowId(briefId)).signal(paymentConfirmedSignal, confirmation);
        return 'signalled';
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
      const input: BriefWorkflowInput = { briefId, resumedByPayment: true };
      await client.workflow.signalWithStart(BRIEF_WORKFLOW_TYPE, {
        workflowId: briefWorkflowId(briefId),
        taskQueue: TASK_QUEUE,
        args: [input],
        signal: paymentConfirmedSignal,
        signalArgs: [confirmation],
      });
      return 'restarted';
    },

    /**
     * Tells the brief's workflow its address is confirmed. One that has closed (paid, expired) has
     * nothing left to send: the confirmation is only stored.
     */
    async confirmAddress(briefId: string): Promise<void> {
      const client = await temporal();
      try {
        await client.workflow.getHandle(briefWorkflowId(briefId)).signal(addressConfirmedSignal);
      } catch (error) {
        if (!(error instanceof WorkflowNotFoundError)) throw error;
      }
    },

    /** Starts the refund of a payment the webhook could not keep, once per checkout. */
    async refundPayment(checkoutId: string): Promise<void> {
      const input: PaymentRefundInput = { checkoutId };
      await startWorkflowOnce(temporal, PAYMENT_REFUND_WORKFLOW_TYPE, paymentRefundWorkflowId(checkoutId), input);
    },
  };
}

export type BriefWorkflowClient = ReturnType<typeof createBriefWorkflowClient>;
