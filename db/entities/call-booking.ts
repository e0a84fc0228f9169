import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { createdAt, uuidPk } from './columns';

/**
 * A 15-minute call booked from /contact. One booking per slot: the unique start makes the second
 * of two concurrent bookings of a slot fail.
 */
export const CallBooking = defineEntity({
  name: 'CallBooking',
  tableName: 'call_bookings',
  properties: {
    id: uuidPk(),
    startsAt: p.datetime().unique('call_bookings_starts_at_unique'),
    endsAt: p.datetime(),
    name: p.text(),
    /** Stored lower-cased. */
    email: p.text(),
    /** The number to call, E.164 (`+33612345678`); null for bookings made before the form asked for it. */
    phone: p.text().nullable(),
    topic: p.text().nullable(),
    createdAt: createdAt(),
  },
  indexes: [{ name: 'call_bookings_email_index', properties: ['email'] }],
});
export type CallBooking = InferEntity<typeof CallBooking>;
