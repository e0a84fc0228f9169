import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import type { Transporter } from 'nodemailer';
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

/** Activities of briefWorkflow: read-only rendering and the idempotent send. */
export function createBriefActivities(deps: BriefActivityDeps): BriefActivities {
  return {
    async renderBriefConfirmationEmail(briefId) {
      const brief = UUID.test(briefId) ? await deps.orm.em.fork().findOne(Brief, { id: briefId }) : null;
      if (!brief) throw ApplicationFailure.nonRetryable(`Brief ${briefId} not found`, 'BriefNotFound');
      return briefConfirmationEmail(brief, deps.appUrl);
    },

    async sendEmail(input) {
      return sendEmailOnce({ orm: deps.orm, transport: deps.mailTransport, from: deps.mailFrom }, input);
    },
  };
}
