import { randomUUID } from 'node:crypto';
import { CONTACT_MESSAGES, HONEYPOT_FIELD } from '../../domain/contact';
import { MESSAGES } from '../../domain/messages';

/**
 * The four anonymous forms the limits and the proof of work guard, each with a body that gets past
 * its gates without leaving anything behind, the status such a request gets once let through
 * (`accepted`), and the message of a refusal by address.
 */
export const ANONYMOUS_FORMS = [
  {
    name: 'contact message',
    path: '/api/contact',
    body: () => ({
      firstName: 'Robot',
      lastName: 'Rapide',
      email: `robot-${randomUUID()}@example.com`,
      message: 'Bonjour',
      // The honeypot keeps the accepted ones from being stored and sent.
      [HONEYPOT_FIELD]: 'https://spam.example',
    }),
    accepted: 201,
    addressRefusal: CONTACT_MESSAGES.rateLimited(60),
  },
  {
    name: 'call booking',
    path: '/api/contact/call-bookings',
    // A slot never offered: refused with a 400 once the gates let the request through, nothing booked.
    body: () => ({
      startsAt: '2031-01-01T02:00:00.000Z',
      name: 'Robot Rapide',
      email: `robot-${randomUUID()}@example.com`,
      phone: '06 12 34 56 78',
      topic: 'Rien',
    }),
    accepted: 400,
    addressRefusal: CONTACT_MESSAGES.rateLimited(60),
  },
  // Counted before validation: an empty body reaches the gates, and its 400 means it got past them.
  { name: 'brief', path: '/api/briefs', body: () => ({}), accepted: 400, addressRefusal: MESSAGES.tooManyRequests(60) },
  {
    name: 'editor application',
    path: '/api/editor-applications',
    body: () => ({}),
    accepted: 400,
    addressRefusal: MESSAGES.tooManyRequests(60),
  },
];
