import { expect, type Page } from '@playwright/test';

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
