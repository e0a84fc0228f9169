import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { MikroORM } from '@mikro-orm/core';
import { PAGE_SESSION_COOKIE } from '../../api/pages/page-session';
import { initOrm } from '../../db/orm';
import { seedProject } from '../support/project-seed';
import { demoAccounts, signIn } from './support/stack';

/**
 * The project page drawn by the api for a signed-in visitor (api/pages/signed-in-pages.ts): it
 * shows before any script has run, the browser takes it over without redrawing it, and signing
 * out ends the page session.
 */
const accounts = demoAccounts();
const title = `Film drawn by the server ${Date.now().toString(36)}`;
let orm: MikroORM;
let projectId = '';

test.beforeAll(async () => {
  orm = await initOrm(process.env.DATABASE_URL ?? '');
  projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'in_progress',
    title,
    messages: [{ senderId: accounts.editor.id, senderName: 'Monteur Démo', content: 'Premier montage en cours.' }],
  });
});

test.afterAll(async () => {
  await orm?.close();
});

/** The browser's page session cookie, if it holds one. */
const pageSessionOf = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name === PAGE_SESSION_COOKIE);

/** Signs in through Keycloak and waits for the page session the browser sets once Keycloak has answered. */
async function signInWithPageSession(page: Page, account: 'client' | 'admin', landing: RegExp): Promise<void> {
  await signIn(page, accounts[account].email, accounts[account].password, landing);
  await expect.poll(async () => (await pageSessionOf(page.context())).length).toBe(1);
}

test('the project page shows before its scripts run, is taken over as it is, and is no longer drawn once signed out', async ({
  page,
  context,
  browser,
}) => {
  await signInWithPageSession(page, 'client', /\/dashboard$/);

  // Without JavaScript at all, the page is there: the title, the status, the tabs.
  const withoutScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const bare = await withoutScripts.newPage();
  await bare.goto(`/project/${projectId}`);
  await expect(bare.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(bare.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await withoutScripts.close();

  // With them: React takes that HTML over without a mismatch, then the page answers.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByRole('tab', { name: 'Chat' }).click();
  await expect(page.getByText('Premier montage en cours.')).toBeVisible();
  // Keycloak's own check has confirmed the session behind the page.
  await expect(page.getByRole('button', { name: 'Client, menu du compte' })).toBeVisible();
  expect(errors).toEqual([]);

  // Signing out ends the page session: the next first answer is the empty shell.
  await page.getByRole('button', { name: 'Client, menu du compte' }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await pageSessionOf(context)).toEqual([]);
  const shell = await (await page.request.get(`/project/${projectId}`)).text();
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).not.toContain(title);
});

test('a page drawn for a session Keycloak no longer holds sends to the sign-in and ends the page session', async ({
  page,
  context,
}) => {
  await signInWithPageSession(page, 'client', /\/dashboard$/);
  // Keycloak's session is gone from this browser (ended, expired), the page session not yet.
  const pageSession = await pageSessionOf(context);
  await context.clearCookies();
  await context.addCookies(pageSession);

  await page.goto(`/project/${projectId}`);
  // Keycloak's check says nobody is signed in: to the sign-in, and the server draws no more.
  await expect(page).toHaveURL(/\/auth/);
  await expect.poll(async () => (await pageSessionOf(context)).length).toBe(0);
  expect(await (await page.request.get(`/project/${projectId}`)).text()).not.toContain(title);
});

test('a page drawn for one account while Keycloak holds another is drawn again for the one signed in', async ({
  page,
  context,
  browser,
}) => {
  // The client is signed in elsewhere (their session lives on); their page session reaches this
  // browser, where the admin is signed in.
  const elsewhere = await browser.newContext();
  await signInWithPageSession(await elsewhere.newPage(), 'client', /\/dashboard$/);
  const clientSession = await pageSessionOf(elsewhere);
  await elsewhere.close();
  await signInWithPageSession(page, 'admin', /\/admin$/);
  await context.addCookies(clientSession);

  await page.goto(`/project/${projectId}`);
  // Keycloak answers for the admin: the page session follows, and the page is drawn for the admin.
  await expect(page.getByRole('button', { name: 'Admin, menu du compte' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // Drawn again: the page's own state names the admin, not the client it was first drawn for.
  const state = JSON.parse((await page.locator('#rushflow-page-state').textContent()) ?? '{}') as {
    user: { email: string };
    queries: { data: { viewer?: { parties: string[] } } }[];
  };
  expect(state.user.email).toBe(accounts.admin.email);
  expect(state.queries[0].data.viewer?.parties).toEqual(['admin']);
});
