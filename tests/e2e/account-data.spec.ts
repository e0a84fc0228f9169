import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demoAccounts, signIn, stackKeycloak, toast, waitForMail } from './support/stack';

/**
 * « Mes données » as a client uses it: from the dashboard's shortcut, an export (its link arrives
 * by e-mail), then a deletion confirmed in a dialog that says 30 days and the invoices' 10 years,
 * then cancelled. A fresh client of its own (never the demo one); the editor reaches the page from
 * the editor space. With ACCOUNT_DATA_SCREENSHOTS=<folder>, the page and the dialog are captured
 * there at 1280 and 390 px wide.
 */
const screenshots = process.env.ACCOUNT_DATA_SCREENSHOTS;
const PASSWORD = 'MesDonnees123!';
const keycloak = stackKeycloak();
const email = `mes-donnees-e2e-${Date.now().toString(36)}@example.com`;
let userId = '';

async function shoot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  fs.mkdirSync(screenshots, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(screenshots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async () => {
  userId = await keycloak.createUser({
    email,
    firstName: 'Léonie',
    lastName: 'Données',
    password: PASSWORD,
    emailVerified: true,
  });
});

test.afterAll(async () => {
  await keycloak.deleteUser(userId).catch(() => undefined);
});

test('a client exports their data, asks for the deletion of their account, then cancels it', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, email, PASSWORD, /\/dashboard$/);
  await page.getByRole('link', { name: /Mes données/ }).click();
  await expect(page).toHaveURL(/\/my-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mes données' })).toBeVisible();
  await expect(page.getByTestId('export-state')).toHaveText('Aucun export demandé pour le moment.');
  await shoot(page, 'my-data');

  await page.getByRole('button', { name: 'Exporter mes données' }).click();
  await expect(toast(page, 'Export demandé')).toBeVisible();
  await expect(page.getByTestId('export-state')).toContainText('Dernier export le', { timeout: 60_000 });
  const mail = await waitForMail(
    email,
    30_000,
    (candidate) => candidate.subject === 'Vos données Rushflow sont prêtes',
  );
  expect(mail.html).toContain('account-exports');

  await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte ?' });
  await expect(dialog).toContainText('dans 30 jours');
  await expect(dialog).toContainText('Vos factures sont conservées 10 ans');
  await shoot(page, 'my-data-deletion-dialog');
  await dialog.getByRole('button', { name: 'Oui, supprimer dans 30 jours' }).click();
  await expect(toast(page, 'Suppression programmée')).toBeVisible();
  await expect(page.getByTestId('deletion-pending')).toContainText('Suppression programmée le');
  await shoot(page, 'my-data-deletion-pending');
  await waitForMail(
    email,
    30_000,
    (candidate) => candidate.subject === 'Suppression de votre compte Rushflow programmée',
  );

  await page.getByRole('button', { name: 'Annuler la suppression' }).click();
  await expect(toast(page, 'La suppression de votre compte est annulée.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Supprimer mon compte' })).toBeVisible();
});

test('the editor reaches « Mes données » from the editor space', async ({ page }) => {
  const { editor } = demoAccounts();
  await signIn(page, editor.email, editor.password, /\/editor$/);
  await page.getByRole('link', { name: 'Mes données' }).click();
  await expect(page).toHaveURL(/\/my-data$/);
  await expect(page.getByRole('button', { name: 'Exporter mes données' })).toBeVisible();
});
