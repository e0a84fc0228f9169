import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { CallBooking, ContactMessage } from '../db/entities';
import { readSettings } from '../db/settings';
import type { ContactActivities } from '../workflows/contact-activities';
import { CONTACT_REQUEST_NOT_FOUND } from '../workflows/contracts/contact';
import {
  callBookingConfirmationEmail,
  callBookingEmails,
  contactAcknowledgementEmail,
  contactTeamEmail,
} from './mail/contact-emails';

export interface ContactActivityDeps {
  orm: MikroORM;
  appUrl: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(what: string, id: string): never {
  throw ApplicationFailure.nonRetryable(`${what} ${id} not found`, CONTACT_REQUEST_NOT_FOUND);
}

/** Activities of the contact workflows: read the stored request and render its two e-mails. */
export function createContactActivities(deps: ContactActivityDeps): ContactActivities {
  return {
    async renderContactMessageEmails(messageId) {
      const em = deps.orm.em.fork();
      const message = UUID.test(messageId) ? await em.findOne(ContactMessage, { id: messageId }) : null;
      if (!message) notFound('Contact message', messageId);
      // The team's address is the admins' setting at the time of sending.
      const { contactEmail } = await readSettings(em);
      return {
        team: await contactTeamEmail(message, contactEmail, deps.appUrl),
        visitor: await contactAcknowledgementEmail(message, contactEmail, deps.appUrl),
      };
    },

    async renderCallBookingEmails(bookingId) {
      const em = deps.orm.em.fork();
      const booking = UUID.test(bookingId) ? await em.findOne(CallBooking, { id: bookingId }) : null;
      if (!booking) notFound('Call booking', bookingId);
      const { contactEmail } = await readSettings(em);
      return callBookingEmails(booking, contactEmail, deps.appUrl);
    },

    async renderCallBookingConfirmationEmail(bookingId, token) {
      const booking = UUID.test(bookingId) ? await deps.orm.em.fork().findOne(CallBooking, { id: bookingId }) : null;
      if (!booking) notFound('Call booking', bookingId);
      return callBookingConfirmationEmail(booking, token, deps.appUrl);
    },
  };
}
