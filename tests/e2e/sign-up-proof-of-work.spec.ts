import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { stackKeycloak } from './support/stack';

/**
 * Sign-up past its soft threshold, on Keycloak's page: the realm's form action counts sign-ups per
 * address and, past the threshold, puts an ALTCHA challenge on the page, which the browser solves by
 * itself; a form sent without a solution, or with one already used, is refused. The stack's
 * threshold is out of the other suites' way (they all sign up from loopback); these cases bring it
 * down to one sign-up an hour through the admin api, and put it back.
 */

/** With POW_SCREENSHOTS=<folder>, the page with its widget is also captured there (desktop and phone). */
const screenshots = process.env.POW_SCREENSHOTS;

const REQUIRED =
  'Plusieurs inscriptions sont parties de votre connexion\u00a0: votre navigateur doit d’abord résoudre une courte vérification anti-robot.';
const REJECTED =
  'La vérification anti-robot a expiré ou a déjà servi\u00a0: votre navigateur doit en résoudre une nouvelle.';
const SIGNED_UP = 'Inscription réussie ! Vérifiez votre email pour confirmer votre compte avant de vous connecter.';

/** The realm's admin api as the bootstrap administrator (the flow's settings are beyond the api's account). */
async function realmAdmin(pathAndQuery: string, init: RequestInit = {}): Promise<Response> {
  const base = process.env.KEYCLOAK_URL ?? '';
  const token = await fetch(`${base}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: process.env.KEYCLOAK_ADMIN_USER ?? 'admin',
      password: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
    }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const response = await fetch(`${base}/admin/realms/${process.env.KEYCLOAK_REALM ?? 'rushflow'}${pathAndQuery}`, {
    ...init,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
  });
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${await response.text()}`);
  return response;
}

interface AuthenticatorConfig {
  id: string;
  alias: string;
  config: Record<string, string>;
}

/** The sign-up form action's settings, as the realm holds them. */
async function proofOfWorkConfig(): Promise<AuthenticatorConfig> {
  const flow = encodeURIComponent('registration - proof of work');
  const executions = (await (await realmAdmin(`/authentication/flows/${flow}/executions`)).json()) as Array<{
    providerId?: string;
    authenticationConfig?: string;
  }>;
  const execution = executions.find((candidate) => candidate.providerId === 'rushflow-proof-of-work');
  if (!execution?.authenticationConfig) throw new Error('the registration flow has no configured proof of work');
  return (await (
    await realmAdmin(`/authentication/config/${execution.authenticationConfig}`)
  ).json()) as AuthenticatorConfig;
}

async function setThreshold(config: AuthenticatorConfig, threshold: string): Promise<void> {
  await realmAdmin(`/authentication/config/${config.id}`, {
    method: 'PUT',
    body: JSON.stringify({ ...config, config: { ...config.config, threshold } }),
  });
}

async function openSignUp(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Créer un compte' }).click();
  await page.getByRole('tabpanel').getByRole('button').click();
  await expect(page.locator('form#kc-register-form')).toBeVisible();
}

async function fillSignUp(page: Page, email: string) {
  await page.locator('#email').fill(email);
  await page.locator('#firstName').fill('Camille');
  await page.locator('#lastName').fill('Répétée');
  await page.locator('#password').fill('Montage2026!');
  await page.locator('#password-confirm').fill('Montage2026!');
}

const newEmail = () => `inscription.${randomUUID().slice(0, 8)}@example.fr`;

let stackThreshold: AuthenticatorConfig;

test.beforeAll(async () => {
  stackThreshold = await proofOfWorkConfig();
});

test.afterEach(async () => {
  await setThreshold(stackThreshold, stackThreshold.config.threshold);
});

test('below the threshold the sign-up page has no anti-robot check and the account is created', async ({ page }) => {
  await openSignUp(page);
  await expect(page.locator('altcha-widget')).toHaveCount(0);
  const email = newEmail();
  await fillSignUp(page, email);
  await page.locator('form#kc-register-form [type=submit]').click();
  await expect(page.getByText(SIGNED_UP)).toBeVisible();
  expect(await stackKeycloak().findUserByEmail(email)).not.toBeNull();
});

for (const width of [1280, 390]) {
  test(`past the threshold the page carries the anti-robot check, the browser solves it and the account is created (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    // One sign-up an hour: the first goes through without a check, the second needs one.
    await setThreshold(stackThreshold, '1');
    await openSignUp(page);
    const widget = page.locator('altcha-widget');
    if ((await widget.count()) === 0) {
      await fillSignUp(page, newEmail());
      await page.locator('#password-confirm').fill('pas-le-même');
      await page.locator('form#kc-register-form [type=submit]').click();
    }
    await expect(page.getByText(/votre navigateur résout une courte vérification anti-robot/)).toBeVisible();
    await expect(widget).toBeVisible();
    const solved = page.locator('form#kc-register-form input[name=altcha]');
    await expect(solved).toHaveValue(/.+/, { timeout: 60_000 });
    if (screenshots) {
      await widget.scrollIntoViewIfNeeded();
      fs.mkdirSync(screenshots, { recursive: true });
      await page.screenshot({ path: path.join(screenshots, `sign-up-proof-of-work-${width}.png`), fullPage: true });
    }

    const email = newEmail();
    await fillSignUp(page, email);
    await page.locator('form#kc-register-form [type=submit]').click();
    await expect(page.getByText(SIGNED_UP)).toBeVisible();
    expect(await stackKeycloak().findUserByEmail(email)).not.toBeNull();
  });
}

test('past the threshold a sign-up sent without a solution, or with one already used, is refused', async ({ page }) => {
  await setThreshold(stackThreshold, '0');
  await openSignUp(page);
  const solved = page.locator('form#kc-register-form input[name=altcha]');
  await expect(solved).toHaveValue(/.+/, { timeout: 60_000 });
  const payload = await solved.inputValue();
  await fillSignUp(page, newEmail());
  await page.locator('form#kc-register-form [type=submit]').click();
  await expect(page.getByText(SIGNED_UP)).toBeVisible();

  // A robot posting the form straight away, first without a solution, then with the one used above.
  await page.context().clearCookies();
  for (const [altcha, refusal] of [
    [undefined, REQUIRED],
    [payload, REJECTED],
  ] as const) {
    await openSignUp(page);
    const action = await page.locator('form#kc-register-form').getAttribute('action');
    const email = newEmail();
    const answer = await page.request.post(action!, {
      form: {
        email,
        firstName: 'Robot',
        lastName: 'Pressé',
        password: 'Montage2026!',
        'password-confirm': 'Montage2026!',
        ...(altcha ? { altcha } : {}),
      },
    });
    expect(await answer.text()).toContain(refusal);
    expect(await stackKeycloak().findUserByEmail(email)).toBeNull();
  }
});
