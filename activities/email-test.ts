import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { EmailTest } from '../db/entities';
import { readSettings } from '../db/settings';
import type { EmailTestTemplate } from '../domain/email-tests';
import { SETTING_DEFAULTS } from '../domain/settings';
import type { EmailMessage } from '../workflows/brief-activities';
import { EMAIL_TEST_NOT_FOUND } from '../workflows/contracts/email-test';
import type { EmailTestActivities } from '../workflows/email-test-activities';
import { briefConfirmationEmail, type BriefConfirmationData } from './mail/brief-confirmation';
import { contactAcknowledgementEmail, contactTeamEmail, type ContactMailData } from './mail/contact-emails';
import { projectEmail } from './mail/project-emails';
import { DAY_MS } from '../domain/delivery';

export interface EmailTestActivityDeps {
  orm: MikroORM;
  appUrl: string;
}

/** A brief as the full form (/brief-old) stores it, for the sample confirmation. */
function sampleFullBrief(id: string, email: string): BriefConfirmationData {
  return {
    id,
    funnel: 'full',
    email,
    videoTypes: ['Publicité'],
    objective: 'vendre',
    serviceCategory: 'classic',
    visualComplexity: 'professional',
    desiredFinalDuration: '2',
    totalRushDurationMinutes: 45,
    deliveryFormats: [],
    desiredDeliveryDate: new Date(Date.now() + 14 * DAY_MS),
    currency: 'EUR',
    estimatedHours: 6,
    estimatedDeliveryDays: 5,
    priceCents: 16_200,
    offerPriceCents: 11_340,
  };
}

/** A brief as the wizard (/brief) stores it, for the sample confirmation. */
function sampleWizardBrief(id: string, email: string): BriefConfirmationData {
  return {
    id,
    funnel: 'wizard',
    email,
    videoType: 'youtube',
    videoTypes: [],
    objective: 'informer',
    visualComplexity: 'professional',
    finalDurationMinutes: 8,
    totalRushDurationMinutes: 60,
    deliveryFormats: ['horizontal', 'vertical'],
    deadline: 'standard',
    currency: 'EUR',
    estimatedHours: 4,
    estimatedDeliveryDays: 3,
    priceCents: 10_800,
    offerPriceCents: 7_560,
  };
}

const sampleMessage = (id: string, email: string): ContactMailData => ({
  id,
  firstName: 'Camille',
  lastName: 'Exemple',
  email,
  subject: 'Devis pour une série de vidéos',
  message: 'Bonjour,\nNous préparons 4 vidéos YouTube par mois. Pouvez-vous nous faire une proposition ?\nMerci !',
});

/** Activities of emailTestWorkflow: the product's renderers, fed with sample data. */
export function createEmailTestActivities(deps: EmailTestActivityDeps): EmailTestActivities {
  async function render(template: EmailTestTemplate, testId: string, to: string): Promise<EmailMessage[]> {
    switch (template) {
      case 'brief_submission':
        return [await briefConfirmationEmail(sampleFullBrief(testId, to), deps.appUrl)];
      case 'brief_confirmation':
        return [await briefConfirmationEmail(sampleWizardBrief(testId, to), deps.appUrl)];
      case 'email_notification':
        return [
          await projectEmail(
            'project_assigned_client',
            to,
            {
              id: testId,
              title: 'Vlog de voyage (exemple)',
              reference: 'RF-2026-0042',
              editorName: 'Alex Monteur',
              totalPriceCents: 10_800,
              currency: 'EUR',
              deliveryDate: new Date(Date.now() + 5 * DAY_MS),
              revisionsLeft: SETTING_DEFAULTS.max_revisions,
            },
            deps.appUrl,
          ),
        ];
      case 'contact_form': {
        const { contactEmail } = await readSettings(deps.orm.em.fork());
        // The team's copy goes to the typed address, its reply-to being the sample visitor.
        return [
          await contactTeamEmail(sampleMessage(testId, 'visiteur@example.com'), to, deps.appUrl),
          await contactAcknowledgementEmail(sampleMessage(testId, to), contactEmail, deps.appUrl),
        ];
      }
    }
  }

  return {
    async renderTestEmails(testId) {
      const test = await deps.orm.em.fork().findOne(EmailTest, { id: testId });
      if (!test) throw ApplicationFailure.nonRetryable(`Email test ${testId} not found`, EMAIL_TEST_NOT_FOUND);
      return render(test.template, test.id, test.recipient);
    },

    async recordEmailTestResult({ testId, status, subjects, error }) {
      const updated = await deps.orm.em
        .fork()
        .nativeUpdate(EmailTest, { id: testId }, { status, subjects, error, finishedAt: new Date() });
      if (updated === 0) throw ApplicationFailure.nonRetryable(`Email test ${testId} not found`, EMAIL_TEST_NOT_FOUND);
    },
  };
}
