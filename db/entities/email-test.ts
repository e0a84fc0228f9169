import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { EMAIL_TEST_STATUSES, EMAIL_TEST_TEMPLATES } from '../../domain/email-tests';
import { createdAt, sqlIndex, textList, timestamp, userId, uuidPk } from './columns';

/** One press of an /email-test button: what was sent, to whom, when, and how it ended. */
export const EmailTest = defineEntity({
  name: 'EmailTest',
  tableName: 'email_tests',
  properties: {
    id: uuidPk(),
    template: p.enum(EMAIL_TEST_TEMPLATES.map((template) => template.value)),
    recipient: p.text(),
    /** Keycloak id of the admin who pressed the button. */
    requestedBy: userId(),
    status: p.enum([...EMAIL_TEST_STATUSES]).default('pending'),
    subjects: textList(),
    /** The SMTP server's or the renderer's error when the send failed (admins only). */
    error: p.text().nullable(),
    createdAt: createdAt(),
    finishedAt: timestamp(),
  },
  indexes: [sqlIndex('email_tests', 'email_tests_created_at_index', '"created_at" desc')],
});
export type EmailTest = InferEntity<typeof EmailTest>;
