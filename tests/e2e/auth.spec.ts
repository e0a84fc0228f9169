import { expect, test } from '@playwright/test';
import { demoAccounts, signInOnKeycloak, waitForMail } from './support/stack';

const accounts = demoAccounts();

const landings = [
  { account: 'admin', landing: '/admin', label: 'Admin' },
  { account: 'editor', landing: '/editor', label: 'Éditeur' },
  { account: 'client', landing: '/dashboard', label: 'Client' },
] as const;

for (const { account, landing, label } of landings) {
  test(`the ${account} demo account signs in through Keycloak and lands on ${landing}`, async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await signInOnKeycloak(page, accounts[account].email, accounts[account].password);
    await expect(page).toHaveURL(new RegExp(`${landing}$`));
    await expect(page.getByRole('button', { name: `${label}, menu du compte` })).toBeVisible();
  });
}

test('a fresh load keeps the session, and signing out ends it at Keycloak', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await signInOnKeycloak(page, accounts.client.email, accounts.client.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // A new load of the page: the session is found again by Keycloak's silent check in its frame.
  await page.goto('/dashboard');
  const menu = page.getByRole('button', { name: 'Client, menu du compte' });
  await expect(menu).toBeVisible();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Client, menu du compte' })).toHaveCount(0);
  // Ended at Keycloak too: the silent check finds no session, the signed-in page asks to sign in.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
});

test('a wrong password is refused with the spec’s message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await signInOnKeycloak(page, accounts.client.email, 'pas-le-bon');
  await expect(page.getByText('Email ou mot de passe incorrect')).toBeVisible();
});

test('a client signs up, confirms the e-mail from the received link and is signed in as a client', async ({ page }) => {
  const email = `camille.${Date.now()}@example.fr`;
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Créer un compte' }).click();
  await page.getByRole('tabpanel').getByRole('button').click();

  await expect(page).toHaveURL(
    /\/realms\/rushflow\/(login-actions\/registration|protocol\/openid-connect\/auth\?.*prompt=create)/,
  );
  await page.locator('#email').fill(email);
  await page.locator('#firstName').fill('Camille');
  await page.locator('#lastName').fill('Petit');
  await page.locator('#password').fill('abc');
  await page.locator('#password-confirm').fill('abc');
  await page.locator('form#kc-register-form [type=submit]').click();
  await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();

  await page.locator('#password').fill('Montage2026!');
  await page.locator('#password-confirm').fill('Montage2026!');
  await page.locator('form#kc-register-form [type=submit]').click();
  await expect(
    page.getByText('Inscription réussie ! Vérifiez votre email pour confirmer votre compte avant de vous connecter.'),
  ).toBeVisible();

  const mail = await waitForMail(email);
  const link = /href="([^"]*login-actions\/action-token[^"]*)"/.exec(mail.html ?? '')?.[1]?.replace(/&amp;/g, '&');
  expect(link).toBeTruthy();
  await page.goto(link!);

  await expect(page.getByRole('heading', { name: 'Email confirmé avec succès !' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Client, menu du compte' })).toBeVisible();
});
