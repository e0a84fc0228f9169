/**
 * The realm as the test stack imported it (keycloak/realm/rushflow-realm.json, through
 * scripts/services/keycloak.mjs), checked on its real Keycloak: the product realm's admin-cli takes
 * no password, the api's service account holds only the roles its calls need (docs/admin.md), the
 * Temporal UI's and Grafana's clients let admins in and nobody else, and the password policy
 * refuses the common passwords (keycloak/password-blacklists) and the account's own e-mail.
 */
import { randomUUID } from 'node:crypto';
import { BACKCHANNEL_LOGOUT_PATH } from '../../api/account/backchannel-logout';
import { keycloakRealmUrl } from '../../domain/keycloak';
import { authorize, CookieJar, type LoginOptions } from '../support/keycloak-login';
import { testStack } from '../support/stack-env';

/** The service account's realm-management roles, as docs/admin.md lists them call by call. */
const SERVICE_ACCOUNT_ROLES = ['manage-users', 'view-realm'];
const TEMPORAL_UI_CLIENT_ID = 'rushflow-temporal-ui';

const { config, accounts, keycloakAdmin } = testStack();
const realmUrl = keycloakRealmUrl(config.KEYCLOAK_URL, config.KEYCLOAK_REALM);

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set: run the api tests through \`npm test\``);
  return value;
}

const temporalUiUrl = required('TEMPORAL_UI_URL');
const temporalUiCallback = `${temporalUiUrl}/auth/sso/callback`;

/** Keycloak's admin api as the stack's master administrator: the realm as it was imported. */
async function realmAdmin<T>(path: string, method = 'GET'): Promise<T> {
  const tokenResponse = await fetch(
    `${keycloakRealmUrl(config.KEYCLOAK_URL, 'master')}/protocol/openid-connect/token`,
    {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'admin-cli',
        username: required('KEYCLOAK_ADMIN_USER'),
        password: required('KEYCLOAK_ADMIN_PASSWORD'),
      }),
    },
  );
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const response = await fetch(`${config.KEYCLOAK_URL}/admin/realms/${config.KEYCLOAK_REALM}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

interface ClientRepresentation {
  id: string;
  clientId: string;
  publicClient: boolean;
  standardFlowEnabled: boolean;
  implicitFlowEnabled: boolean;
  directAccessGrantsEnabled: boolean;
  serviceAccountsEnabled: boolean;
  frontchannelLogout: boolean;
  redirectUris: string[];
  webOrigins: string[];
  attributes: Record<string, string>;
}

async function client(clientId: string): Promise<ClientRepresentation> {
  const [found] = await realmAdmin<ClientRepresentation[]>(`/clients?clientId=${encodeURIComponent(clientId)}`);
  return found;
}

function signInTo(clientId: string, redirectUri: string, email: string, password: string): LoginOptions {
  return { keycloakUrl: config.KEYCLOAK_URL, realm: config.KEYCLOAK_REALM, clientId, redirectUri, email, password };
}

const temporalUi = (email: string, password: string) =>
  signInTo(TEMPORAL_UI_CLIENT_ID, temporalUiCallback, email, password);

const createdIds: string[] = [];
afterAll(async () => {
  for (const id of createdIds)
    await keycloakAdmin()
      .deleteUser(id)
      .catch(() => undefined);
});

/** A signed-up account with no product role beyond `user`, deleted after the suite. */
async function freshAccount(): Promise<{ id: string; email: string; password: string }> {
  const email = `realm-${randomUUID()}@rushflow.test`;
  const password = `Pw-${randomUUID()}`;
  const id = await keycloakAdmin().createUser({
    email,
    firstName: 'Test',
    lastName: 'Realm',
    password,
    emailVerified: true,
  });
  createdIds.push(id);
  return { id, email, password };
}

describe('admin-cli of the product realm', () => {
  it('refuses the password grant, even with an account’s right password', async () => {
    const response = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'admin-cli',
        username: accounts.client.email,
        password: accounts.client.password,
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'unauthorized_client' });
  });
});

describe('the api’s service account', () => {
  it('holds exactly the documented realm-management roles', async () => {
    const api = await client(config.KEYCLOAK_API_CLIENT_ID);
    const user = await realmAdmin<{ id: string }>(`/clients/${api.id}/service-account-user`);
    const management = await client('realm-management');
    const roles = await realmAdmin<{ name: string }[]>(
      `/users/${user.id}/role-mappings/clients/${management.id}/composite`,
    );
    expect(roles.map((role) => role.name).sort()).toEqual(SERVICE_ACCOUNT_ROLES);
  });

  it('makes with them every admin call of the api and the worker', async () => {
    const admin = keycloakAdmin();
    const { id, email } = await freshAccount();

    expect((await admin.findUserByEmail(email))?.id).toBe(id);
    expect((await admin.getUser(id)).email).toBe(email);
    const search = email.slice('realm-'.length, 'realm-'.length + 13);
    expect((await admin.listUsers({ first: 0, max: 10, search })).map((user) => user.id)).toEqual([id]);
    expect(await admin.countUsers(search)).toBe(1);

    await admin.assignRealmRole(id, 'editor');
    expect(await admin.getRealmRoles(id)).toContain('editor');
    expect((await admin.listUsersWithRole('editor')).map((user) => user.id)).toContain(id);
    await admin.removeRealmRole(id, 'editor');
    expect(await admin.getRealmRoles(id)).not.toContain('editor');

    await admin.sendActionsEmail(id, ['UPDATE_PASSWORD'], {
      clientId: config.KEYCLOAK_SPA_CLIENT_ID,
      redirectUri: `${config.APP_URL}/editor`,
    });
    await admin.deleteUser(id);
    expect(await admin.findUserByEmail(email)).toBeNull();
  });
});

describe('clients as the test stack imported them', () => {
  it('leaves no placeholder of ours unresolved anywhere in the realm', async () => {
    const realm = await realmAdmin<object>('/partial-export?exportClients=true&exportGroupsAndRoles=true', 'POST');
    // Keycloak's own message keys are `${lower_case}`; ours are `${UPPER_CASE}`.
    expect(JSON.stringify(realm)).not.toMatch(/\$\{[A-Z][A-Z0-9_]*(:[^}]*)?\}/);
  });

  it('gives the SPA the product’s origin and, in the development stacks only, the Vite dev server’s', async () => {
    const spa = await client(config.KEYCLOAK_SPA_CLIENT_ID);
    const vite = required('VITE_URL');
    expect(spa.redirectUris.sort()).toEqual([`${config.APP_URL}/*`, `${vite}/*`].sort());
    expect(spa.webOrigins.sort()).toEqual([config.APP_URL, vite].sort());
    expect(spa.attributes['post.logout.redirect.uris'].split('##').sort()).toEqual(
      [`${config.APP_URL}/*`, `${vite}/*`].sort(),
    );
  });

  it('tells the api, through back-channel logout, of every SPA session Keycloak ends', async () => {
    const spa = await client(config.KEYCLOAK_SPA_CLIENT_ID);
    expect(spa.frontchannelLogout).toBe(false);
    expect(spa.attributes['backchannel.logout.url']).toBe(`${config.APP_URL}${BACKCHANNEL_LOGOUT_PATH}`);
    expect(spa.attributes['backchannel.logout.session.required']).toBe('true');
  });

  it('makes the Temporal UI a confidential client of the standard flow, with its URL and a generated secret', async () => {
    const ui = await client(TEMPORAL_UI_CLIENT_ID);
    expect(ui).toMatchObject({
      publicClient: false,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
      redirectUris: [temporalUiCallback],
      webOrigins: [temporalUiUrl],
    });
    const { value } = await realmAdmin<{ value: string }>(`/clients/${ui.id}/client-secret`);
    expect(value).toMatch(/^[\w-]{43}$/);
  });
});

describe('signing in to the Temporal UI', () => {
  it('gives the demo admin a code, which the Temporal UI exchanges with its secret', async () => {
    const { location, verifier } = await authorize(temporalUi(accounts.admin.email, accounts.admin.password));
    expect(location && `${location.origin}${location.pathname}`).toBe(temporalUiCallback);
    const code = location?.searchParams.get('code');
    expect(code).toBeTruthy();

    const ui = await client(TEMPORAL_UI_CLIENT_ID);
    const { value: secret } = await realmAdmin<{ value: string }>(`/clients/${ui.id}/client-secret`);
    const exchange = (clientSecret: string) =>
      fetch(`${realmUrl}/protocol/openid-connect/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: TEMPORAL_UI_CLIENT_ID,
          client_secret: clientSecret,
          code: code ?? '',
          redirect_uri: temporalUiCallback,
          code_verifier: verifier,
        }),
      });
    expect((await exchange('not-the-secret')).status).toBe(401);
    const tokens = (await (await exchange(secret)).json()) as { access_token?: string };
    expect(tokens.access_token).toBeTruthy();
  });

  // Keycloak counts each refusal as a failed sign-in (brute-force protection): one per account here.
  it.each(['client', 'editor'] as const)(
    'refuses the demo %s after its password, on Keycloak’s error page',
    async (who) => {
      const { location, status, page } = await authorize(temporalUi(accounts[who].email, accounts[who].password));
      expect(location).toBeNull();
      expect(status).toBe(401);
      expect(page).toContain('Accès refusé');
    },
  );

  it('refuses an account already signed in to the product, without asking for its password again', async () => {
    const { email, password } = await freshAccount();
    const cookies = new CookieJar();
    const product = await authorize(
      signInTo(config.KEYCLOAK_SPA_CLIENT_ID, `${config.APP_URL}/login`, email, password),
      cookies,
    );
    expect(product.location?.searchParams.get('code')).toBeTruthy();

    const { location, status, page } = await authorize(temporalUi(email, 'never-typed'), cookies);
    expect(location).toBeNull();
    expect(status).toBe(401);
    expect(page).toContain('Accès refusé');
    expect(page).not.toMatch(/<form[^>]*id="kc-form-login"/);
  });
});

describe('signing in to Grafana', () => {
  const GRAFANA_CLIENT_ID = 'rushflow-grafana';

  /** The client's one callback (deploy/compose.yaml's Grafana, `/login/generic_oauth`) and its secret. */
  async function grafanaClient(): Promise<{ callback: string; secret: string }> {
    const grafana = await client(GRAFANA_CLIENT_ID);
    expect(grafana).toMatchObject({ publicClient: false, standardFlowEnabled: true, directAccessGrantsEnabled: false });
    expect(grafana.redirectUris).toEqual([expect.stringMatching(/\/login\/generic_oauth$/)]);
    const { value: secret } = await realmAdmin<{ value: string }>(`/clients/${grafana.id}/client-secret`);
    return { callback: grafana.redirectUris[0], secret };
  }

  it('gives the demo admin an ID token whose roles hold admin, which Grafana maps to its Admin role', async () => {
    const { callback, secret } = await grafanaClient();
    const { location, verifier } = await authorize(
      signInTo(GRAFANA_CLIENT_ID, callback, accounts.admin.email, accounts.admin.password),
    );
    const response = await fetch(`${realmUrl}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: GRAFANA_CLIENT_ID,
        client_secret: secret,
        code: location?.searchParams.get('code') ?? '',
        redirect_uri: callback,
        code_verifier: verifier,
      }),
    });
    const { id_token: idToken } = (await response.json()) as { id_token: string };
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as { roles?: string[] };
    expect(claims.roles).toContain('admin');
  });

  it('refuses an account without the admin role after its password', async () => {
    const { callback } = await grafanaClient();
    const { email, password } = await freshAccount();
    const { location, status, page } = await authorize(signInTo(GRAFANA_CLIENT_ID, callback, email, password));
    expect(location).toBeNull();
    expect(status).toBe(401);
    expect(page).toContain('Accès refusé');
  });
});

describe('the password policy', () => {
  const signUp = (email: string, password: string) =>
    keycloakAdmin().createUser({ email, firstName: 'Test', lastName: 'Realm', password, emailVerified: true });

  it.each([
    ['the most common password', () => '123456'],
    ['a password of the shipped common list', () => 'azerty123'],
    ['the e-mail address, which is also the username', (email: string) => email],
    ['fewer than 6 characters', () => 'Xq7!b'],
  ])('refuses %s, and no account is made', async (_, password) => {
    const email = `policy-${randomUUID()}@rushflow.test`;
    await expect(signUp(email, password(email))).rejects.toMatchObject({ status: 400 });
    const made = await keycloakAdmin().findUserByEmail(email);
    if (made) createdIds.push(made.id);
    expect(made).toBeNull();
  });

  it('takes an uncommon password of 6 characters or more', async () => {
    const email = `policy-${randomUUID()}@rushflow.test`;
    createdIds.push(await signUp(email, 'Cadrage-2026'));
    expect(await keycloakAdmin().findUserByEmail(email)).toMatchObject({ email });
  });
});
