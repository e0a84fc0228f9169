import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt, timestamp, uuidPk } from './columns';

/**
 * One e-mail the worker was asked to send, keyed by the idempotency key its workflow made. The row
 * is claimed before the SMTP call and marked sent after it, so a retried activity finds the row
 * and does not send the message a second time.
 */
export const SentEmail = defineEntity({
  name: 'SentEmail',
  tableName: 'sent_emails',
  properties: {
    id: uuidPk(),
    idempotencyKey: p.text().unique('sent_emails_idempotency_key_unique'),
    /** Which template produced it (e.g. `brief_confirmation`), for support and tests. */
    template: p.text(),
    recipient: p.text(),
    subject: p.text(),
    /** The SMTP server's Message-ID once accepted. */
    messageId: p.text().nullable(),
    /** Null while the send is in progress or failed; set once the SMTP server accepted it. */
    sentAt: timestamp(),
    createdAt: createdAt(),
  },
  indexes: [{ name: 'sent_emails_recipient_created_at_index', properties: ['recipient', 'createdAt'] }],
});
export type SentEmail = InferEntity<typeof SentEmail>;
