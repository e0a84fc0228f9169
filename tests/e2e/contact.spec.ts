import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/core';
import { ContactMessage } from '../../db/entities';
import { CONTACT_MESSAGES } from '../../domain/contact';
import { initOrm } from '../../db/orm';
import { calendarAttachment, mailsTo, waitForMails } from './support/mailbox';
import { toast } from './support/stack';

/**
 * /contact in the browser, on the running stack: a message reaches the team (reply-to: the visitor)
 * and the visitor's acknowledgement (which repeats nothing typed); the spec's toast for a missing
 * field; the honeypot out of people's way; a 15-minute call booked from the keyboard with the number
 * to call (a wrong one refused in French), confirmed from the e-mailed link (a rival's later link
 * refused), its .ics in both e-mails and the slot gone from the list; the sixth message
 * within 15 minutes refused in French with nothing sent.
 */
const run = Date.now().toString(36);
let orm: MikroORM;

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
});

test.afterAll(async () => {
  await orm?.close();
});

// Each case is a visitor of its own network (the rate limit counts per client address, an IPv6 one by its
// /64), so cases and reruns do not share counters; the api takes the client's address from
// X-Forwarded-For, as behind a proxy.
test.use({
  // Playwright reads a fixture's dependencies from this destructuring: none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1` });
  },
});

/** The team's address, an admin setting the page shows and the api writes to. */
async function teamAddress(page: Page): Promise<string> {
  const settings = await page.request.get('/api/pricing/settings');
  return ((await settings.json()) as { contactEmail: string }).contactEmail;
}

/** A field of the message form by its label (required ones read « Nom (obligatoire) »). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });

async function fillMessage(page: Page, email: string, message: string) {
  await field(page, 'Prénom').fill('Camille');
  await field(page, 'Nom').fill(`Durand ${run}`);
  await field(page, 'E-mail').fill(email);
  await field(page, 'Sujet').fill('Une série de vidéos');
  await field(page, 'Message').fill(message);
}

test('a message reaches the team with the visitor as reply-to, the visitor gets the acknowledgement; a missing field gives the spec’s toast', async ({
  page,
}) => {
  const email = `visiteur.${run}@rushflow.test`;
  const team = await teamAddress(page);
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  await expect(page.getByText('Réponse sous 24 h').first()).toBeVisible();
  await expect(page.getByTestId('contact-direct-email')).toHaveAttribute('href', `mailto:${team}`);
  await expect(page.getByRole('heading', { name: 'Questions fréquentes' })).toBeVisible();

  // The FAQ opens from the keyboard.
  const question = page.getByText('Quand aurai-je une réponse à mon message ?');
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Sous 24\sh\. Pour un échange de vive voix/)).toBeVisible();

  // Everything required but the message: the one toast of 000 §5, the field named, nothing sent.
  await fillMessage(page, email, '');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  await expect(toast(page, 'Veuillez remplir tous les champs obligatoires')).toBeVisible();
  await expect(page.getByText('Le message est obligatoire.')).toBeVisible();
  await expect(field(page, 'Message')).toBeFocused();

  // The honeypot is neither seen by assistive technology nor reached with Tab.
  await expect(page.getByRole('textbox', { name: 'Ne pas remplir ce champ' })).toHaveCount(0);
  await field(page, 'Message').fill('Bonjour,\nPouvez-vous monter notre vidéo de lancement ?');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(toast(page, 'Message envoyé !')).toBeVisible();
  await expect(page.getByTestId('contact-sent')).toContainText(`Un accusé de réception vient d’être envoyé à ${email}`);

  const [acknowledgement] = await waitForMails(email, 1);
  expect(acknowledgement.subject).toBe('Nous avons bien reçu votre message');
  expect(acknowledgement.text).toContain('sous 24 h');
  // The address is only typed: the acknowledgement repeats none of what was written.
  for (const typed of ['Camille', 'Une série de vidéos', 'vidéo de lancement']) {
    expect(acknowledgement.text).not.toContain(typed);
  }
  const [forwarded] = await waitForMails(team, 1, (mail) => Boolean(mail.text?.includes(email)));
  expect(forwarded.subject).toBe(`Message de contact : Une série de vidéos — Camille Durand ${run}`);
  expect(forwarded.headers?.['reply-to']).toContain(email);

  // Another message can be written at once.
  await page.getByRole('button', { name: 'Écrire un autre message' }).click();
  await expect(field(page, 'Prénom')).toHaveValue('');
});

/** The confirmation link e-mailed to `address`, as a path of this site (with its fragment). */
async function confirmationLink(address: string): Promise<string> {
  const [mail] = await waitForMails(
    address,
    1,
    (candidate) => candidate.subject === 'Confirmez votre appel avec Rushflow',
  );
  const link = new URL(/https?:\/\/\S+\/contact\/confirmer-appel#\S+/.exec(mail.text ?? '')![0]);
  return `${link.pathname}${link.hash}`;
}

test('a 15-minute call chosen from the keyboard, confirmed from the e-mailed link: both e-mails carry the .ics invitation and the slot is no longer offered', async ({
  page,
}) => {
  const email = `appel.${run}@rushflow.test`;
  const team = await teamAddress(page);
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Réserver un appel de 15 min' }).click();
  const dialog = page.getByRole('dialog', { name: 'Réserver un appel de 15 minutes' });
  await expect(dialog).toBeVisible();

  // Days are tabs: End goes to the last day; Tab enters its times, an arrow moves and chooses.
  const days = dialog.getByRole('tab');
  await expect(days.first()).toBeVisible();
  expect(await days.count()).toBeGreaterThanOrEqual(4);
  await days.first().focus();
  await page.keyboard.press('End');
  const lastDay = days.last();
  await expect(lastDay).toHaveAttribute('aria-selected', 'true');
  const dayDate = (await lastDay.locator('span').nth(1).textContent()) ?? '';
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  const chosen = dialog.getByRole('radio', { checked: true });
  await expect(chosen).toBeFocused();
  const startsAt = (await chosen.getAttribute('value'))!;
  const time = (await chosen.locator('..').textContent())!.trim();
  await expect(dialog.getByText(/^Créneau choisi\s: .+ à \d\d:\d\d \(heure de Paris\)$/)).toContainText(time);

  // The name and the number are missing: the spec's sentence, each field says what it needs, nothing booked.
  await dialog.getByRole('textbox', { name: /^Votre e-mail/ }).fill(email);
  await dialog.getByRole('button', { name: 'Confirmer l’appel' }).click();
  await expect(toast(page, 'Veuillez remplir tous les champs obligatoires')).toBeVisible();
  await expect(dialog.getByText('Votre nom est obligatoire.')).toBeVisible();
  await expect(
    dialog.getByText('Votre numéro de téléphone est obligatoire : nous vous appelons à ce numéro.'),
  ).toBeVisible();

  await dialog.getByRole('textbox', { name: /^Votre nom/ }).fill(`Alex Martin ${run}`);
  await dialog.getByRole('textbox', { name: /^Sujet de l’appel/ }).fill('Une série de tutoriels');
  // A number too short to call is refused in French, saying how to write it; nothing is booked.
  const phone = dialog.getByRole('textbox', { name: /^Votre téléphone/ });
  await phone.fill('06 12 34');
  await dialog.getByRole('button', { name: 'Confirmer l’appel' }).click();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(CONTACT_MESSAGES.phoneInvalid)).toBeVisible();
  await expect(dialog.getByTestId('call-booked')).toHaveCount(0);

  await phone.fill('06 12 34 56 78');
  await dialog.getByRole('button', { name: 'Confirmer l’appel' }).click();
  // The address is only typed: the page asks to confirm it from the e-mail, the slot is not taken yet.
  await expect(toast(page, 'Confirmez votre appel par e-mail')).toBeVisible();
  await expect(dialog.getByTestId('call-booked')).toContainText(`Nous venons d’envoyer un lien à ${email}`);
  await expect(dialog.getByTestId('call-booked')).toContainText(time);
  const link = await confirmationLink(email);
  const [confirmationMail] = await mailsTo(email);
  for (const typed of ['Alex Martin', 'tutoriels', '06 12 34 56 78'])
    expect(confirmationMail.text).not.toContain(typed);

  // Someone else asked for the same slot meanwhile; the first to confirm gets it.
  const rival = `rival.${run}@rushflow.test`;
  const rivalBooking = await page.request.post('/api/contact/call-bookings', {
    data: { startsAt, name: 'Rival', email: rival, phone: '06 98 76 54 32' },
  });
  expect(rivalBooking.status()).toBe(201);
  const rivalLink = await confirmationLink(rival);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Appel réservé !' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(time);

  // The rival opens the link in a browser of their own: the slot has gone, another is offered.
  const rivalPage = await page.context().newPage();
  await rivalPage.goto(rivalLink);
  await expect(rivalPage.getByRole('heading', { level: 1, name: 'Confirmation impossible' })).toBeVisible();
  await expect(rivalPage.getByText(CONTACT_MESSAGES.slotNoLongerFree)).toBeVisible();
  await rivalPage.getByRole('link', { name: 'Choisir un autre créneau' }).click();
  await expect(rivalPage).toHaveURL(/\/contact$/);
  await expect(rivalPage.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeVisible();
  await rivalPage.close();

  // Both e-mails carry the same invitation for that slot.
  const stamp = startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const [visitorMail] = await waitForMails(email, 1, (mail) => mail.subject.startsWith('Votre appel avec'));
  expect(visitorMail.subject).toMatch(/^Votre appel avec Rushflow : .+ à \d\d:\d\d$/);
  const [teamMail] = await waitForMails(team, 1, (mail) => Boolean(mail.text?.includes(email)));
  expect(teamMail.subject).toContain(`Alex Martin ${run}`);
  expect(teamMail.headers?.['reply-to']).toContain(email);
  // The team reads the number to call, grouped with its prefix.
  expect(teamMail.text).toContain('Téléphone : +33 6 12 34 56 78');
  for (const mail of [visitorMail, teamMail]) {
    const invitation = await calendarAttachment(mail);
    expect(invitation.contentType).toMatch(/^text\/calendar/);
    expect(invitation.content).toContain('METHOD:REQUEST');
    expect(invitation.content).toContain(`DTSTART:${stamp}`);
    expect(invitation.content).toContain('DURATION:PT15M');
    expect(invitation.content).toContain(`mailto:${email}`);
  }

  // Opened again, the dialog no longer offers the booked slot.
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Réserver un appel de 15 min' }).click();
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  const sameDay = dialog.getByRole('tab').filter({ hasText: dayDate });
  if (await sameDay.count()) {
    await sameDay.click();
    await expect(dialog.getByRole('radio').first()).toBeVisible();
  }
  await expect(dialog.locator(`input[type="radio"][value="${startsAt}"]`)).toHaveCount(0);
});

test('the sixth message within 15 minutes is refused in French and nothing is sent', async ({ page }) => {
  const email = `rafale.${run}@rushflow.test`;
  const body = (index: number) => ({
    firstName: 'Sam',
    lastName: 'Rafale',
    email,
    message: `Message ${index}`,
    website: '',
  });
  for (let index = 1; index <= 5; index += 1) {
    expect((await page.request.post('/api/contact', { data: body(index) })).status()).toBe(201);
  }
  await waitForMails(email, 5);

  await page.goto('/contact');
  await field(page, 'Prénom').fill('Sam');
  await field(page, 'Nom').fill('Rafale');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Message').fill('Message 6');
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
  const refusal = toast(page, 'Une erreur est survenue lors de l’envoi du message');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(
    /Trop de demandes envoyées depuis cette adresse\. Réessayez dans 1[45] minutes\./,
  );
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toBeEnabled();

  expect(await orm.em.fork().count(ContactMessage, { email })).toBe(5);
  // The five workflows are done (their mails are in); no sixth acknowledgement follows.
  await page.waitForTimeout(3_000);
  const received = await mailsTo(email);
  expect(received).toHaveLength(5);
  expect(received.some((mail) => mail.text?.includes('Message 6'))).toBe(false);
});
