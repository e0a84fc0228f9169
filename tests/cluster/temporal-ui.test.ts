import { chromium, type Browser, type Page } from '@playwright/test';
import { workflowUrl } from '../../api/admin/temporal-links';
import { emailTestWorkflowId } from '../../workflows/contracts/email-test';
import { CHROMIUM, request } from '../support/cluster';
import { testStack } from '../support/stack-env';

/**
 * The Temporal UI behind sign-in, as deploy/compose.yaml runs it: through Caddy, a visitor is sent
 * to Keycloak's sign-in of the `rushflow-temporal-ui` client; an admin signs in and watches the
 * product's workflows there; a client is refused by Keycloak and never reaches the UI.
 */
jest.setTimeout(3 * 60_000);

const { config, accounts, appUrl, signIn } = testStack();
const uiUrl = config.TEMPORAL_UI_URL ?? '';
const keycloakOrigin = new URL(config.KEYCLOAK_URL).origin;
const namespace = config.TEMPORAL_NAMESPACE;
let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ ...CHROMIUM, headless: true });
});

afterAll(async () => {
  await browser?.close();
});

/** A browser of its own, signed in nowhere. */
async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, locale: 'fr-FR' });
  return context.newPage();
}

/**
 * Opens a page of the UI and follows its sign-in button: resolves on Keycloak's form, with the URL
 * it opened. Signed in, the UI comes back to that page.
 */
async function openSignIn(page: Page, url = uiUrl): Promise<URL> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Continue to SSO' }).click();
  await page.waitForURL((url) => url.origin === keycloakOrigin);
  await page.locator('#kc-form-login').waitFor();
  return new URL(page.url());
}

async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.fill('#username', email);
  await page.fill('#password', password);
  await page.click('#kc-login');
}

it('sends a visitor to Keycloak’s sign-in, and its api answers no one unsigned', async () => {
  const page = await freshPage();
  const signInUrl = await openSignIn(page);
  expect(signInUrl.pathname).toBe(`/realms/${config.KEYCLOAK_REALM}/protocol/openid-connect/auth`);
  expect(signInUrl.searchParams.get('client_id')).toBe('rushflow-temporal-ui');
  expect(signInUrl.searchParams.get('redirect_uri')).toBe(`${uiUrl}/auth/sso/callback`);

  const anonymous = await request(`${uiUrl}/api/v1/namespaces/${namespace}/workflows`);
  expect(anonymous.status).toBe(401);
  await page.context().close();
});

it('refuses its api to a made-up token and to a token of the product’s own sign-in, an admin’s included', async () => {
  const workflows = `${uiUrl}/api/v1/namespaces/${namespace}/workflows`;
  const madeUp = await request(workflows, { headers: { authorization: 'Bearer made-up' } });
  expect(madeUp.status).toBe(401);
  // A real token of the realm, but issued to the product's web client: the UI takes only its own.
  const adminToken = await signIn(accounts.admin.email, accounts.admin.password);
  for (const headers of <Record<string, string>[]>[
    { authorization: `Bearer ${adminToken}` },
    { authorization: `Bearer ${adminToken}`, 'authorization-extras': adminToken },
  ]) {
    const refused = await request(workflows, { headers });
    expect(refused.status).toBe(401);
  }
});

it('lets an admin in through the admin pages’ link, onto the e-mail test they just ran', async () => {
  const token = await signIn(accounts.admin.email, accounts.admin.password);
  const emailTest = await request(`${appUrl}/api/admin/email-tests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: { template: 'brief_submission', to: accounts.admin.email },
  });
  expect(emailTest.status).toBe(201);
  const workflowId = emailTestWorkflowId((emailTest.body.test as { id: string }).id);

  // The admin pages' link to that workflow (the list filtered on its id: the namespace holds many more).
  const link = workflowUrl({ baseUrl: uiUrl, namespace }, workflowId) ?? '';
  const query = new URL(link).searchParams.get('query');
  const page = await freshPage();
  await openSignIn(page, link);
  const listed = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === `/api/v1/namespaces/${namespace}/workflows` && url.searchParams.get('query') === query;
  });
  await submitPassword(page, accounts.admin.email, accounts.admin.password);
  await page.waitForURL((url) => url.origin === uiUrl && url.pathname === `/namespaces/${namespace}/workflows`);

  const listing = await listed;
  expect(listing.status()).toBe(200);
  const { executions } = (await listing.json()) as { executions: { execution: { workflowId: string } }[] };
  expect(executions.map(({ execution }) => execution.workflowId)).toContain(workflowId);
  await page.getByText(workflowId).first().waitFor();
  await page.context().close();
});

it('refuses a client on Keycloak’s page, who never reaches the UI', async () => {
  const page = await freshPage();
  await openSignIn(page);
  await submitPassword(page, accounts.client.email, accounts.client.password);
  await page.getByText('Accès refusé').first().waitFor();
  expect(new URL(page.url()).origin).toBe(keycloakOrigin);

  await page.goto(uiUrl);
  await page.getByRole('button', { name: 'Continue to SSO' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await page.context().close();
});
