import {
  CALL_BOOKING_CONFIRMATION_WORKFLOW_TYPE,
  CALL_BOOKING_WORKFLOW_TYPE,
  callBookingConfirmationWorkflowId,
  callBookingWorkflowId,
  CONTACT_MESSAGE_WORKFLOW_TYPE,
  contactMessageWorkflowId,
  type CallBookingConfirmationWorkflowInput,
  type CallBookingWorkflowInput,
  type ContactMessageWorkflowInput,
} from '../../workflows/contracts/contact';
import { startWorkflowOnce, type TemporalConnection } from '../temporal/connection';

/**
 * The api's side of the contact page's workflows: one per stored message, one per booked call, and
 * one that e-mails a visitor's booking its confirmation link.
 */
export function createContactWorkflowClient(temporal: TemporalConnection) {
  return {
    async startMessage(messageId: string): Promise<void> {
      const input: ContactMessageWorkflowInput = { messageId };
      await startWorkflowOnce(temporal, CONTACT_MESSAGE_WORKFLOW_TYPE, contactMessageWorkflowId(messageId), input);
    },

    async startCallBooking(bookingId: string): Promise<void> {
      const input: CallBookingWorkflowInput = { bookingId };
      await startWorkflowOnce(temporal, CALL_BOOKING_WORKFLOW_TYPE, callBookingWorkflowId(bookingId), input);
    },

    async startCallBookingConfirmation(bookingId: string, token: string): Promise<void> {
      const input: CallBookingConfirmationWorkflowInput = { bookingId, token };
      await startWorkflowOnce(
        temporal,
        CALL_BOOKING_CONFIRMATION_WORKFLOW_TYPE,
        callBookingConfirmationWorkflowId(bookingId),
        input,
      );
    },
  };
}

export type ContactWorkflowClient = ReturnType<typeof createContactWorkflowClient>;
