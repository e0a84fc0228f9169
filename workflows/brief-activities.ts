/** Activities of briefWorkflow, implemented in activities/brief.ts and activities/mail/. */

/** A rendered e-mail, ready for the SMTP server. */
export interface EmailMessage {
  /** Template that produced it, recorded with the sent e-mail. */
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where replies go (the visitor for the team's copy of a contact message, the team otherwise). */
  replyTo?: string;
  /** Small text attachments, such as a calendar invitation (`.ics`). */
  attachments?: EmailAttachment[];
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface SendEmailInput extends EmailMessage {
  /** Made by the workflow (`uuid4()`): the same key never sends twice. */
  idempotencyKey: string;
}

export interface SendEmailResult {
  /** False when an earlier attempt with the same key had already sent it. */
  sentNow: boolean;
  messageId: string | null;
}

/** The brief's receipt, and whether it carries the link that confirms a typed address. */
interface BriefReceipt extends EmailMessage {
  /** True when the address still has to be confirmed: reminders wait for the link to be followed. */
  awaitsAddressConfirmation?: boolean;
}

export interface BriefActivities {
  /**
   * Reads the stored brief and renders its French confirmation e-mail (summary, estimate, reply
   * within 24 h), with a fresh address-confirmation link while its address is unconfirmed.
   */
  renderBriefConfirmationEmail(briefId: string): Promise<BriefReceipt>;
  /** Sends once per idempotency key. */
  sendEmail(input: SendEmailInput): Promise<SendEmailResult>;
}
