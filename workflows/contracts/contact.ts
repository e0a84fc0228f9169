/**
 * Contracts of the contact page's workflows: contactMessageWorkflow (`contact-message-<id>`) and
 * callBookingWorkflow (`call-booking-<id>`), started by the api once the message or the booking is
 * stored.
 */
export const CONTACT_MESSAGE_WORKFLOW_TYPE = 'contactMessageWorkflow';
export const CALL_BOOKING_WORKFLOW_TYPE = 'callBookingWorkflow';

export interface ContactMessageWorkflowInput {
  messageId: string;
}

export interface CallBookingWorkflowInput {
  bookingId: string;
}

/**
 * callBookingConfirmationWorkflow (`call-booking-confirmation-<id>`): e-mails the link that confirms
 * a visitor's booking. The token is only in this input and the e-mail; the database keeps its hash.
 */
export const CALL_BOOKING_CONFIRMATION_WORKFLOW_TYPE = 'callBookingConfirmationWorkflow';

export interface CallBookingConfirmationWorkflowInput {
  bookingId: string;
  token: string;
}

export function callBookingConfirmationWorkflowId(bookingId: string): string {
  return `call-booking-confirmation-${bookingId}`;
}

export function contactMessageWorkflowId(messageId: string): string {
  return `contact-message-${messageId}`;
}

export function callBookingWorkflowId(bookingId: string): string {
  return `call-booking-${bookingId}`;
}

/** Template names (recorded with each sent e-mail). */
export const CONTACT_TEAM_TEMPLATE = 'contact_message_team';
export const CONTACT_ACKNOWLEDGEMENT_TEMPLATE = 'contact_message_acknowledgement';
export const CALL_BOOKING_TEAM_TEMPLATE = 'call_booking_team';
export const CALL_BOOKING_VISITOR_TEMPLATE = 'call_booking_visitor';
export const CALL_BOOKING_CONFIRMATION_TEMPLATE = 'call_booking_confirmation';

/** Typed failure: the message or booking does not exist (never retried). */
export const CONTACT_REQUEST_NOT_FOUND = 'ContactRequestNotFound';
