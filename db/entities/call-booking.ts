import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt, sqlIndex, timestamp, uuidPk } from './columns';

/**
 * A 15-minute call booked from /contact. It takes its slot once the address is confirmed (the link
 * e-mailed to it, or a signed-in verified account's own address). One confirmed booking per slot:
 * the unique start among confirmed bookings makes the second of two concurrent confirmations fail.
 */
export const CallBooking = defineEntity({
  name: 'CallBooking',
  tableName: 'call_bookings',
  properties: {
    id: uuidPk(),
    startsAt: p.datetime(),
    endsAt: p.datetime(),
    name: p.text(),
    /** Stored lower-cased. */
    email: p.text(),
    /** The number to call, E.164 (`+33612345678`); null for bookings made before the form asked for it. */
    phone: p.text().nullable(),
    topic: p.text().nullable(),
    /** Null until the visitor follows the e-mailed link. */
    confirmedAt: timestamp(),
    /** SHA-256 of the link's random token (the token itself is only in the e-mail). */
    confirmationTokenHash: p.text().nullable().unique('call_bookings_confirmation_token_hash_unique'),
    createdAt: createdAt(),
  },
  uniques: [
    {
      name: 'call_bookings_confirmed_starts_at_unique',
      expression: `create unique index "call_bookings_confirmed_starts_at_unique" on "call_bookings" ("starts_at") where "confirmed_at" is not null`,
    },
  ],
  // An address's upcoming call is looked up, and its bookings of the day counted.
  indexes: [sqlIndex('call_bookings', 'call_bookings_email_created_at_index', '"email", "created_at"')],
});
export type CallBooking = InferEntity<typeof CallBooking>;
