import { proxyActivities, uuid4 } from '@temporalio/workflow';
import type { BriefActivities } from './brief-activities';
import type { ContactActivities, ContactEmails } from './contact-activities';
import {
  CONTACT_REQUEST_NOT_FOUND,
  type CallBookingConfirmationWorkflowInput,
  type CallBookingWorkflowInput,
  type ContactMessageWorkflowInput,
} from './contracts/contact';

const activities = proxyActivities<ContactActivities & Pick<BriefActivities, 'sendEmail'>>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: [CONTACT_REQUEST_NOT_FOUND, 'WorkerMisconfigured'],
  },
});

/** Sends the team's e-mail, then the visitor's, each once (keys made here). */
async function sendBoth(kind: string, id: string, emails: ContactEmails): Promise<void> {
  await activities.sendEmail({ ...emails.team, idempotencyKey: `${kind}-team:${id}:${uuid4()}` });
  await activities.sendEmail({ ...emails.visitor, idempotencyKey: `${kind}-visitor:${id}:${uuid4()}` });
}

/** A message from /contact: the team gets it (reply-to: the visitor), the visitor an acknowledgement. */
export async function contactMessageWorkflow(input: ContactMessageWorkflowInput): Promise<void> {
  await sendBoth('contact-message', input.messageId, await activities.renderContactMessageEmails(input.messageId));
}

/** A 15-minute call booked from /contact: the team and the visitor each get the invitation (`.ics`). */
export async function callBookingWorkflow(input: CallBookingWorkflowInput): Promise<void> {
  await sendBoth('call-booking', input.bookingId, await activities.renderCallBookingEmails(input.bookingId));
}

/** A visitor's booking waits for its address: the link that confirms it, e-mailed once. */
export async function callBookingConfirmationWorkflow(input: CallBookingConfirmationWorkflowInput): Promise<void> {
  const email = await activities.renderCallBookingConfirmationEmail(input.bookingId, input.token);
  await activities.sendEmail({ ...email, idempotencyKey: `call-booking-confirmation:${input.bookingId}:${uuid4()}` });
}
