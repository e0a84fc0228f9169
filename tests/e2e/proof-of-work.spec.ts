import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { contactLimits } from '../../api/bootstrap';
import { loadConfig } from '../../api/config';
import { ContactMessage } from '../../db/entities';
import { PROOF_OF_WORK_MESSAGES } from '../../domain/proof-of-work';
import { startOwnApi, type OwnApi } from '../support/own-api';

/**
 * The contact page's two forms past their soft threshold, in the browser: the api asks for a proof
 * of work, the form (or the call dialog) shows the ALTCHA widget in French, the browser solves it by
 * itself and the message or the call request goes through. The api is the suite's own over the
 * stack's services, with a threshold of one an hour (the stack's own is out of the other suites' way).
 */

/** With POW_SCREENSHOTS=<folder>, the form with its widget is also captured there (desktop and phone). */
const screenshots = process.env.POW_SCREENSHOTS;

let api: OwnApi;

test.beforeAll(async () => {
  api = await startOwnApi(loadConfig());
});

test.afterAll(async () => {
  await api?.close();
});

/** Counters of the case's own, each form's threshold at one an hour (the address is loopback). */
test.beforeEach(() => {
  api.deps.contact.limits = contactLimits(
    loadConfig(),
    api.orm,
    `proof-of-work-${randomUUID()}`,
    { proofOfWork: { points: 1, windowSeconds: 3_600 } },
    api.deps.proofOfWork,
  );
});

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}\\b`) });

async function sendMessage(page: Page, email: string, message: string) {
  await field(page, 'Prénom').fill('Alex');
  await field(page, 'Nom').fill('Répété');
  await field(page, 'E-mail').fill(email);
  await field(page, 'Message').fill(message);
  await page.getByRole('button', { name: 'Envoyer le message' }).click();
}

for (const width of [1280, 390]) {
  test(`past the threshold the form shows the anti-robot check, solves it and the message goes through (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `repete.${randomUUID().slice(0, 8)}@rushflow.test`;
    await page.goto(`${api.base}/contact`);

    // The first message of the hour needs no check.
    await sendMessage(page, email, 'Premier message');
    await expect(page.getByTestId('contact-sent')).toBeVisible();
    await expect(page.getByText(PROOF_OF_WORK_MESSAGES.required)).toHaveCount(0);

    await page.getByRole('button', { name: 'Écrire un autre message' }).click();
    await sendMessage(page, email, 'Second message');
    const check = page.getByRole('alert').filter({ hasText: PROOF_OF_WORK_MESSAGES.required });
    await expect(check).toBeVisible();
    await expect(check.locator('altcha-widget')).toBeAttached();
    if (screenshots) {
      await check.scrollIntoViewIfNeeded();
      fs.mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: path.join(screenshots, `contact-proof-of-work-${width}.png`) });
    }

    // Solved in the browser, the form is sent again by itself.
    await expect(page.getByTestId('contact-sent')).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(async () =>
        (await api.orm.em.fork().find(ContactMessage, { email }, { orderBy: { createdAt: 'asc' } })).map(
          (stored) => stored.message,
        ),
      )
      .toEqual(['Premier message', 'Second message']);
  });
}

/** A call asked for from the dialog, on the first free slot, by a visitor typing `email`. */
async function askForCall(page: Page, email: string) {
  await page.goto(`${api.base}/contact`);
  await page.getByRole('button', { name: 'Réserver un appel de 15 min' }).click();
  const dialog = page.getByRole('dialog', { name: 'Réserver un appel de 15 minutes' });
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('textbox', { name: /^Votre nom/ }).fill('Alex Répété');
  await dialog.getByRole('textbox', { name: /^Votre e-mail/ }).fill(email);
  await dialog.getByRole('textbox', { name: /^Votre téléphone/ }).fill('06 12 34 56 78');
  await dialog.getByRole('button', { name: 'Confirmer l’appel' }).click();
  return dialog;
}

test('past the threshold the call booking shows the anti-robot check, solves it and the call is asked for', async ({
  page,
}) => {
  const first = await askForCall(page, `appel-1.${randomUUID().slice(0, 8)}@rushflow.test`);
  await expect(first.getByTestId('call-booked')).toBeVisible();
  await expect(page.getByText(PROOF_OF_WORK_MESSAGES.required)).toHaveCount(0);

  const second = await askForCall(page, `appel-2.${randomUUID().slice(0, 8)}@rushflow.test`);
  const check = second.getByRole('alert').filter({ hasText: PROOF_OF_WORK_MESSAGES.required });
  await expect(check).toBeVisible();
  await expect(check.locator('altcha-widget')).toBeAttached();
  await expect(second.getByTestId('call-booked')).toBeVisible({ timeout: 60_000 });
});
