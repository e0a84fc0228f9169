import { expect, test, type Page } from '@playwright/test';
import type { ProjectEmailTemplate } from '../../workflows/contracts/project';
import type { EmailMessage } from '../../workflows/brief-activities';
import { accountErasedEmail, accountPrivacyEmail } from '../../activities/mail/account-emails';
import { applicationReceivedEmail } from '../../activities/mail/application-emails';
import { briefConfirmationEmail } from '../../activities/mail/brief-confirmation';
import {
  callBookingConfirmationEmail,
  callBookingEmails,
  contactAcknowledgementEmail,
  contactTeamEmail,
} from '../../activities/mail/contact-emails';
import { projectEmail, type ProjectMailDetails } from '../../activities/mail/project-emails';
import { briefExpiredEmail, paymentReceiptEmail, paymentReminderEmail } from '../../activities/payments-mail';
import { accessibilityViolations } from './support/axe';
import { waitForMails } from './support/mailbox';
import { stackKeycloak } from './support/stack';

/**
 * Every e-mail the product sends, rendered with realistic data (or, for Keycloak's, as it arrives
 * in the mailbox), opened as a page and held to the same axe rules as the site: French, alt texts,
 * contrast, layout tables marked as presentation, one title.
 */

// A mail is not a page of a site: mail clients show it inside their own page and drop landmarks,
// so axe's rules that ask for landmarks (`region`, `landmark-one-main`) do not apply to it.
const LANDMARK_RULES = /^\[\w+\] (region|landmark-one-main):/;

async function expectAccessibleEmail(page: Page, name: string, html: string): Promise<void> {
  await page.setContent(html);
  // Soft: one run lists what is wrong in every e-mail, not only in the first.
  await expect.soft(page.locator('html'), name).toHaveAttribute('lang', 'fr');
  await expect.soft(page.getByRole('heading', { level: 1 }), name).toHaveCount(1);
  const violations = (await accessibilityViolations(page)).filter((violation) => !LANDMARK_RULES.test(violation));
  expect.soft(violations, `axe on the e-mail ${name}`).toEqual([]);
}

const APP_URL = 'https://rushflow.fr';
const PROJECT: ProjectMailDetails = {
  id: '6f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  title: 'Vidéo de présentation de la boulangerie',
  reference: 'RF-2027-0042',
  editorName: 'Camille Durand',
  totalPriceCents: 45_000,
  currency: 'EUR',
  deliveryDate: new Date('2027-03-12T10:00:00Z'),
  revisionsLeft: 2,
};
const PROJECT_DATA = {
  feedback: 'Pouvez-vous raccourcir l’introduction de 5 secondes ?',
  deletionDate: Date.parse('2028-03-12T10:00:00Z'),
  reason: 'demande du client',
  revisionWindowEndsAt: Date.parse('2027-03-19T10:00:00Z'),
  versionNumber: 2,
  question: 'Quel logo faut-il utiliser pour la fin ?',
  answer: 'Le logo bleu, version horizontale.',
  deliveryDate: Date.parse('2027-03-14T10:00:00Z'),
};
const PROJECT_TEMPLATES: ProjectEmailTemplate[] = [
  'project_assigned_client',
  'project_assigned_editor',
  'project_reassigned_editor',
  'project_waiting_for_editor',
  'project_started',
  'project_completed',
  'revision_requested',
  'revision_completed',
  'deadline_reminder',
  'deadline_overdue',
  'project_cancelled',
  'retention_notice',
  'version_approved',
  'version_approved_automatically',
  'client_question',
  'client_question_reminder',
  'client_answered',
];
const BRIEF = {
  id: '0b7e4c1a-5d2f-4a3b-9c8d-7e6f5a4b3c2d',
  email: 'claire.martin@example.fr',
  projectName: 'Vidéo de présentation de la boulangerie',
  videoType: 'corporate',
  videoTypes: ['corporate'],
  currency: 'EUR',
  priceCents: 45_000,
  offerPriceCents: 31_500,
};
const CALL = {
  id: '3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a',
  startsAt: new Date('2027-03-10T09:00:00Z'),
  endsAt: new Date('2027-03-10T09:15:00Z'),
  name: 'Claire Martin',
  email: 'claire.martin@example.fr',
  phone: '+33612345678',
  topic: 'Un devis pour une série de vidéos\nsur nos produits',
};

async function renderedEmails(): Promise<EmailMessage[]> {
  const calls = await callBookingEmails(CALL, 'equipe@rushflow.fr', APP_URL);
  return [
    ...(await Promise.all(
      PROJECT_TEMPLATES.map((template) => projectEmail(template, BRIEF.email, PROJECT, APP_URL, PROJECT_DATA)),
    )),
    await briefConfirmationEmail(
      {
        ...BRIEF,
        funnel: 'wizard',
        objective: 'convaincre',
        serviceCategory: 'classic',
        visualComplexity: 'professional',
        finalDurationMinutes: 3,
        totalRushDurationMinutes: 45,
        deliveryFormats: ['horizontal', 'vertical'],
        deadline: 'standard',
        estimatedHours: 6.5,
        estimatedDeliveryDays: 5,
      },
      APP_URL,
      'jeton-de-confirmation',
    ),
    await paymentReminderEmail(BRIEF, 1, APP_URL),
    await paymentReminderEmail(BRIEF, 2, APP_URL),
    await briefExpiredEmail(BRIEF, APP_URL),
    await paymentReceiptEmail(
      {
        projectId: PROJECT.id,
        title: PROJECT.title,
        email: BRIEF.email,
        amountPaidCents: 31_500,
        currency: 'EUR',
        fullPriceCents: 45_000,
        launchOfferApplied: true,
        plannedDeliveryDate: '2027-03-12',
        reference: PROJECT.reference,
      },
      APP_URL,
    ),
    await contactTeamEmail(
      {
        id: 'c1',
        firstName: 'Claire',
        lastName: 'Martin',
        email: BRIEF.email,
        subject: 'Tarifs',
        message: 'Bonjour,\nQuels sont vos tarifs pour 10 vidéos ?',
      },
      'equipe@rushflow.fr',
      APP_URL,
    ),
    await contactAcknowledgementEmail({ email: BRIEF.email }, 'contact@rushflow.fr', APP_URL),
    await callBookingConfirmationEmail(CALL, 'jeton-d-appel', APP_URL),
    calls.team,
    calls.visitor,
    await applicationReceivedEmail(
      {
        id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
        firstName: 'Camille',
        lastName: 'Durand',
        email: 'camille.durand@example.fr',
        specialtyDomains: ['corporate', 'short_form'],
        softwareMastered: ['premiere_pro', 'davinci_resolve'],
        experienceYears: 4,
        portfolioLinks: ['https://vimeo.com/camille'],
      },
      APP_URL,
      'contact@rushflow.fr',
    ),
    await accountPrivacyEmail(
      { template: 'account_deletion_requested', deletionDueAt: '2027-04-10T10:00:00Z' },
      BRIEF.email,
      APP_URL,
    ),
    await accountPrivacyEmail(
      { template: 'account_inactivity_warning', erasureAt: '2027-04-10T10:00:00Z' },
      BRIEF.email,
      APP_URL,
    ),
    await accountPrivacyEmail(
      { template: 'account_export_ready', objectKey: 'exports/x.zip', expiresAt: '2027-04-10T10:00:00Z' },
      BRIEF.email,
      APP_URL,
      'https://stockage.rushflow.fr/exports/x.zip',
    ),
    await accountErasedEmail('request', BRIEF.email, APP_URL),
  ];
}

test('every e-mail the product renders passes axe: French, a title, contrast, presentation tables', async ({
  page,
}) => {
  const emails = await renderedEmails();
  for (const email of emails) await expectAccessibleEmail(page, `${email.template} (${email.subject})`, email.html);
});

test('Keycloak’s e-mails (address check, forgotten password, invitation) pass axe too', async ({ page, baseURL }) => {
  const run = Date.now().toString(36);
  const keycloak = stackKeycloak();

  // The invitation an administrator sends to a new editor.
  const invited = `invitation.${run}@example.fr`;
  const invitedId = await keycloak.createUser({
    email: invited,
    firstName: 'Camille',
    lastName: 'Durand',
    emailVerified: false,
  });
  await keycloak.sendActionsEmail(invitedId, ['VERIFY_EMAIL', 'UPDATE_PASSWORD'], {
    clientId: process.env.KEYCLOAK_SPA_CLIENT_ID ?? 'rushflow-web',
    redirectUri: `${baseURL}/login`,
  });

  // The address check that follows a sign-up.
  const signedUp = `verification.${run}@example.fr`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Créer un compte' }).click();
  await page.getByRole('tabpanel').getByRole('button').click();
  await page.getByRole('textbox', { name: 'Email' }).fill(signedUp);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill('Montage2026!');
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('Montage2026!');
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Claire');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
  await page.getByRole('button', { name: 'Créer un compte' }).click();
  await expect(
    page.getByText('Inscription réussie ! Vérifiez votre email pour confirmer votre compte avant de vous connecter.'),
  ).toBeVisible();

  // The link of « Mot de passe oublié ? ».
  const forgetful = `oubli.${run}@example.fr`;
  await keycloak.createUser({
    email: forgetful,
    firstName: 'Léa',
    lastName: 'Petit',
    emailVerified: true,
    password: 'Montage2026!',
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(forgetful);
  await page.getByRole('button', { name: 'Soumettre' }).click();

  for (const address of [invited, signedUp, forgetful]) {
    const [mail] = await waitForMails(address, 1);
    await expectAccessibleEmail(page, `Keycloak (${mail.subject})`, mail.html ?? '');
  }
});
