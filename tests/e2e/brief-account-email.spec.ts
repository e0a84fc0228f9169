import type { MikroORM } from '@mikro-orm/core';
import { expect, test, type Page } from '@playwright/test';
import { Brief } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { demoAccounts, signIn } from './support/stack';
import { briefIdOf } from './support/briefs';

/**
 * A signed-in client does not type their e-mail again: both brief funnels (/brief, /brief-old)
 * start with the account's address, which stays editable, and a brief goes with the address the
 * client leaves in the field. A signed-out visitor still starts from an empty field.
 */
const accounts = demoAccounts();
let orm: MikroORM;

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
});
test.afterAll(async () => {
  await orm?.close(true);
});

const emailField = (page: Page) => page.getByLabel(/^Votre adresse e-mail/);

test('the wizard starts with the signed-in client’s e-mail, which stays editable and is the one sent', async ({
  page,
}) => {
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await page.goto('/brief');
  await expect(page.getByRole('heading', { level: 1, name: 'Commander votre montage' })).toBeVisible();
  await expect(emailField(page)).toHaveValue(accounts.client.email);
  await expect(emailField(page)).toBeEditable();

  // The client orders for another address of theirs: what they type is kept through the steps.
  const other = `commande-${Date.now()}@example.com`;
  await emailField(page).fill(other);
  await page.getByLabel(/^Type de vidéo/).selectOption('youtube');
  await page.getByLabel(/Durée finale souhaitée/).fill('5');
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();
  await expect(page.getByText('Étape 2 sur 3 — Estimation')).toBeVisible();
  await page.getByRole('button', { name: 'Retour' }).click();
  await expect(emailField(page)).toHaveValue(other);
  await page.getByRole('button', { name: /Obtenir mon estimation/ }).click();

  const submitted = briefIdOf(page);
  await page.getByRole('button', { name: /Procéder au paiement/ }).click();
  await expect(page.getByRole('heading', { name: 'Brief envoyé avec succès !' })).toBeVisible();
  await expect(page.getByText(other)).toBeVisible();
  const stored = await orm.em.fork().findOneOrFail(Brief, { id: await submitted });
  expect(stored.email).toBe(other);
  expect(stored.clientId).toBe(accounts.client.id);

  // The same click went on to the checkout; back on /brief, « Envoyer un autre brief » starts again
  // from the account's address.
  await expect(page).toHaveURL(/\/checkout\/simulated/);
  await page.goto('/brief');
  await page.getByRole('button', { name: 'Envoyer un autre brief' }).click();
  await expect(emailField(page)).toHaveValue(accounts.client.email);
});

test('the full form starts with the signed-in client’s e-mail too, and a visitor’s stays empty', async ({
  page,
  browser,
}) => {
  await signIn(page, accounts.client.email, accounts.client.password, /\/dashboard$/);
  await page.goto('/brief-old');
  await expect(page.getByRole('heading', { level: 1, name: 'Démarrez votre projet' })).toBeVisible();
  await expect(emailField(page)).toHaveValue(accounts.client.email);
  await emailField(page).fill('');
  await emailField(page).pressSequentially('autre.adresse@example.com');
  await expect(emailField(page)).toHaveValue('autre.adresse@example.com');

  // Nobody signed in: nothing to prefill.
  const visitor = await browser.newContext();
  try {
    const anonymous = await visitor.newPage();
    for (const path of ['/brief', '/brief-old']) {
      await anonymous.goto(path);
      await expect(anonymous.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(emailField(anonymous)).toHaveValue('');
    }
  } finally {
    await visitor.close();
  }
});
