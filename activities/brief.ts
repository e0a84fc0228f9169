import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import type { Transporter } from 'nodemailer';
import { confirmationTokenHash, newConfirmationToken } from '../db/confirmation-token';
import { Brief } from '../db/entities';
import type { BriefActivities } from '../workflows/brief-activities';
import { briefConfirmationEmail } from './mail/brief-confirmation';
import { sendEmailOnce } from './mail/send-email';

export interface BriefActivityDeps {
  orm: MikroORM;
  mailTransport: Transporter;
  mailFrom: string;
  /** The site's public address, linked from every e-mail. */
  appUrl: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Activities of briefWorkflow: the receipt's rendering and the idempotent send. */
export function createBriefActivities(deps: BriefActivityDeps): BriefActivities {
  return {
    async renderBriefConfirmationEmail(briefId) {
      const em = deps.orm.em.fork();
      const brief = UUID.test(briefId) ? await em.findOne(Brief, { id: briefId }) : null;
      if (!brief) throw ApplicationFailure.nonRetryable(`Brief ${briefId} not found`, 'BriefNotFound');
      if (brief.addressConfirmedAt) return briefConfirmationEmail(brief, deps.appUrl);
      // A retry mails a new token and replaces the hash: only the e-mail actually sent holds a valid link.
      const token = newConfirmationToken();
      brief.addressConfirmationTokenHash = confirmationTokenHash(token);
      await em.flush();
      return { ...(await briefConfirmationEmail(brief, deps.appUrl, token)), awaitsAddressConfirmation: true };
    },

    async sendEmail(input) {
      return sendEmailOnce({ orm: deps.orm, transport: deps.mailTransport, from: deps.mailFrom }, input);
    },
  };
}
