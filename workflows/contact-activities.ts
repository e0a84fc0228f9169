/** Activities of the contact workflows, implemented in activities/contact.ts. */
import type { EmailMessage } from './brief-activities';

/** The two e-mails of a contact request: the team's copy and the visitor's. */
export interface ContactEmails {
  team: EmailMessage;
  visitor: EmailMessage;
}

export interface ContactActivities {
  /** The team's copy (reply-to: the visitor) and the visitor's acknowledgement of a stored message. */
  renderContactMessageEmails(messageId: string): Promise<ContactEmails>;
  /** The team's and the visitor's e-mails of a booked call, each with its `.ics` invitation. */
  renderCallBookingEmails(bookingId: string): Promise<ContactEmails>;
  /** The visitor's e-mail with the link that confirms a booking (it repeats nothing typed). */
  renderCallBookingConfirmationEmail(bookingId: string, token: string): Promise<EmailMessage>;
}
