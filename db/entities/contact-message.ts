import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt, sqlIndex, uuidPk } from './columns';

/** A message sent from /contact (000 §7 send-contact-form); its workflow e-mails the team and the visitor. */
export const ContactMessage = defineEntity({
  name: 'ContactMessage',
  tableName: 'contact_messages',
  properties: {
    id: uuidPk(),
    firstName: p.text(),
    lastName: p.text(),
    /** Stored lower-cased. */
    email: p.text(),
    subject: p.text().nullable(),
    message: p.text(),
    createdAt: createdAt(),
  },
  indexes: [sqlIndex('contact_messages', 'contact_messages_created_at_index', '"created_at" desc')],
});
export type ContactMessage = InferEntity<typeof ContactMessage>;
