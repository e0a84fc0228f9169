import { expect, type Page } from '@playwright/test';
import { KeycloakAdminClient } from '../../../clients/keycloak-admin';

export interface DemoAccount {
  id: string;
  email: string;
  password: string;
}

/** Demo accounts `npm test` seeded in the test stack's Keycloak. */
export function demoAccounts(): Record<'admin' | 'editor' | 'client', DemoAccount> {
  const accounts = JSON.parse(process.env.RUSHFLOW_ACCOUNTS ?? '{}');
  if (!accounts.admin) throw new Error('RUSHFLOW_ACCOUNTS is not set: run the browser tests through `npm test`.');
  return accounts;
}

/** Fills Keycloak's own sign-in form (the French Rushflow theme) and submits it. */
export async function signInOnKeycloak(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/realms\/rushflow\/protocol\/openid-connect\/auth/);
  await expect(page.getByText('Connexion à votre espace').first()).toBeVisible();
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#kc-login').click();
}

/** Signs in from /login through Keycloak and waits for the role's landing page. */
export async function signIn(page: Page, email: string, password: string, landing: RegExp): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await signInOnKeycloak(page, email, password);
  await expect(page).toHaveURL(landing);
}

/** The toast (sonner) that shows `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The Keycloak admin client on the test stack's realm, configured by `npm test`'s environment. */
export function stackKeycloak(): KeycloakAdminClient {
  return new KeycloakAdminClient({
    url: process.env.KEYCLOAK_URL ?? '',
    realm: process.env.KEYCLOAK_REALM ?? 'rushflow',
    clientId: process.env.KEYCLOAK_API_CLIENT_ID ?? '',
    clientSecret: process.env.KEYCLOAK_API_CLIENT_SECRET ?? '',
  });
}

interface CapturedMail {
  id: string;
  subject: string;
  to: Array<{ address: string }>;
  html?: string;
  text?: string;
}

/**
 * Waits for the capturing SMTP server (MailDev HTTP API) to hold a mail for `address`, the first
 * one `accept` takes when an address receives several.
 */
export async function waitForMail(
  address: string,
  timeoutMs = 30_000,
  accept: (mail: CapturedMail) => boolean = () => true,
): Promise<CapturedMail> {
  const api = process.env.MAIL_API_URL;
  if (!api) throw new Error('MAIL_API_URL is not set: run the browser tests through `npm test`.');
  const start = Date.now();
  for (;;) {
    const mails = (await (await fetch(`${api}/email`)).json()) as CapturedMail[];
    const mail = mails.find(
      (candidate) => candidate.to.some((to) => to.address.toLowerCase() === address.toLowerCase()) && accept(candidate),
    );
    if (mail) return mail;
    if (Date.now() - start > timeoutMs) throw new Error(`no mail for ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The link of Keycloak's action e-mail (set a password, verify the address), if the mail holds one. */
export function actionTokenLink(mail: CapturedMail): string | undefined {
  return /(https?:\/\/[^\s"<>]+\/login-actions\/action-token[^\s"<>]+)/
    .exec(mail.text ?? mail.html ?? '')?.[1]
    ?.replace(/&amp;/g, '&');
}

/** Follows Keycloak's action link to set the account's password and waits for its confirmation. */
export async function setPasswordFromLink(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('link', { name: /Cliquez ici pour continuer/ }).click();
  await page.locator('#password-new').fill(password);
  await page.locator('#password-confirm').fill(password);
  await page.getByRole('button', { name: 'Soumettre' }).click();
  await expect(page.getByText(/compte.*mis à jour/i).first()).toBeVisible();
}
