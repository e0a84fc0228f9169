import { expect, test } from '@playwright/test';
import { demoAccounts, signIn, toast } from './support/stack';
import { waitForMails } from './support/mailbox';

/**
 * /email-test in the browser, on the running stack: an admin sends the product's four test e-mails
 * to a typed address and finds them in the mailbox, listed as sent, beside the technical notes read
 * from the configuration; a client is refused the page and its api.
 */
const accounts = demoAccounts();
const run = Date.now().toString(36);

const BUTTONS = [
  { name: 'Soumission de brief', subjects: 1 },
  { name: 'Formulaire de contact', subjects: 2 },
  { name: 'Notification par e-mail', subjects: 1 },
  { name: 'Confirmation de brief', subjects: 1 },
];

test('an admin sends the four test e-mails to the typed address; they arrive and are listed as sent, with the technical notes', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const to = `essai.${run}@rushflow.test`;
  await signIn(page, accounts.admin.email, accounts.admin.password, /\/admin$/);
  await page.goto('/email-test');
  await expect(page.getByRole('heading', { level: 1, name: 'Test des e-mails' })).toBeVisible();

  // Technical notes from the configuration and the settings.
  const settings = (await (await page.request.get('/api/pricing/settings')).json()) as { contactEmail: string };
  const notes = page.getByTestId('email-test-notes');
  await expect(notes).toContainText(process.env.MAIL_FROM ?? '');
  await expect(notes).toContainText(settings.contactEmail);
  await expect(notes).toContainText(new URL(process.env.SMTP_URL ?? '').host);
  await expect(notes).toContainText('5 requêtes par 15 minutes');

  // A wrong address is refused before anything is sent.
  const address = page.getByRole('textbox', { name: 'Adresse de destination' });
  await expect(address).toHaveValue(accounts.admin.email);
  await address.fill('pas-une-adresse');
  await page.getByRole('button', { name: /^Envoyer : Soumission de brief$/ }).click();
  await expect(toast(page, 'Veuillez saisir une adresse e-mail valide.')).toBeVisible();

  await address.fill(to);
  const results = page.getByTestId('email-test-result').filter({ hasText: to });
  for (const [index, button] of BUTTONS.entries()) {
    await page.getByRole('button', { name: new RegExp(`^Envoyer : ${button.name}$`) }).click();
    await expect(toast(page, 'E-mail de test envoyé').filter({ hasText: button.name })).toBeVisible({
      timeout: 40_000,
    });
    await expect(results).toHaveCount(index + 1);
    const newest = results.first();
    await expect(newest).toHaveAttribute('data-status', 'sent');
    await expect(newest).toContainText(button.name);
    await expect(newest).toContainText('Envoyé');
    await expect(newest.getByRole('listitem')).toHaveCount(button.subjects);
  }

  // Four buttons, five e-mails: the contact form sends the team's copy and the acknowledgement.
  const mails = await waitForMails(to, 5);
  expect(mails).toHaveLength(5);
  const listed = (await results.getByRole('listitem').allTextContents()).map((subject) => subject.trim());
  expect(mails.map((mail) => mail.subject).sort()).toEqual(listed.sort());
  const teamCopy = mails.find((mail) => mail.subject.startsWith('Message de contact'));
  expect(teamCopy?.headers?.['reply-to']).toContain('visiteur@example.com');
});

test('a client is refused the page and its api', async ({ page }) => {
  // The client's bearer token, as the dashboard sends it to the api.
  const authorised = page.waitForRequest((request) =>
    Boolean(request.url().includes('/api/') && request.headers().authorization),
  );
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  const authorization = (await authorised).headers().authorization;

  await page.goto('/email-test');
  await expect(
    page.getByText("Vous n'avez pas les permissions nécessaires pour accéder à cette section."),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test des e-mails' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Envoyer : / })).toHaveCount(0);

  for (const call of [
    page.request.get('/api/admin/email-tests', { headers: { authorization } }),
    page.request.post('/api/admin/email-tests', {
      headers: { authorization },
      data: { template: 'contact_form', to: `intrus.${run}@rushflow.test` },
    }),
  ]) {
    expect((await call).status()).toBe(403);
  }
});
