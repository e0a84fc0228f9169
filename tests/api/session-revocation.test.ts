import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type KeyLike } from 'jose';
import { BACKCHANNEL_LOGOUT_PATH } from '../../api/account/backchannel-logout';
import { MESSAGES } from '../../domain/messages';
import { SIGNED_IN_PAGE_STATE_ID } from '../../domain/signed-in-pages';
import { adminKit } from '../support/admin-kit';
import { waitUntil } from '../support/mail-server';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { seedProject } from '../support/project-seed';
import { testStack } from '../support/stack-env';

/**
 * Sessions that end, played as the attacker who kept a copy: the page session's cookie and the
 * access token stop working after signing out, after Keycloak ends the session (it tells the api
 * through back-channel logout) and after the user's roles change. The api of this test reads the
 * revocations from PostgreSQL, where the stack's api (which Keycloak calls) and worker write them.
 */
jest.setTimeout(180_000);

const { config, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();
const kit = adminKit();
const PASSWORD = 'Sessions123!';
/** Bounds each wait for a revocation written elsewhere; the wait itself ends as soon as it holds. */
const DEADLINE_MS = 30_000;
const BACKCHANNEL_EVENT = 'http://schemas.openid.net/event/backchannel-logout';

let api: OwnApi;
let jwks: http.Server;
let testKey: KeyLike;
let owner = { id: '', email: '' };
let projectId = '';
let projectTitle = '';
const users: string[] = [];

async function newUser(name: string, role?: 'admin'): Promise<{ id: string; email: string }> {
  const email = `${name}-${Date.now()}@example.com`;
  const id = await keycloak.createUser({
    email,
    firstName: 'Camille',
    lastName: name,
    password: PASSWORD,
    emailVerified: true,
  });
  users.push(id);
  if (role) await keycloak.assignRealmRole(id, role);
  return { id, email };
}

/** The page session's cookie (`name=value`) set from `token`. */
async function sessionCookie(token: string): Promise<string> {
  const response = await fetch(`${api.base}/api/session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone: 'Europe/Paris' }),
  });
  expect(response.status).toBe(204);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/** Whether the project page comes drawn with the project's data for this cookie. */
async function pageDrawn(cookie: string): Promise<boolean> {
  const html = await (await fetch(`${api.base}/project/${projectId}`, { headers: { cookie } })).text();
  return html.includes(SIGNED_IN_PAGE_STATE_ID) || html.includes(projectTitle);
}

const statusOf = async (token: string, path: string) =>
  (await fetch(`${api.base}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;

const postLogoutToken = (base: string, token: string | undefined) =>
  fetch(`${base}${BACKCHANNEL_LOGOUT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: token === undefined ? '' : new URLSearchParams({ logout_token: token }).toString(),
  });

/** A logout token signed by this test's key (trusted only by the api of this test). */
function mintLogoutToken(
  claims: Record<string, unknown>,
  {
    issuedAt = Math.floor(Date.now() / 1000),
    issuer = config.keycloakIssuer,
    audience = config.KEYCLOAK_SPA_CLIENT_ID,
  } = {},
) {
  return new SignJWT({ events: { [BACKCHANNEL_EVENT]: {} }, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test', typ: 'logout+jwt' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 120)
    .setJti(`${Date.now()}-${Math.random()}`)
    .sign(testKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  testKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test', alg: 'RS256', use: 'sig' };
  jwks = http.createServer((_, res) => res.end(JSON.stringify({ keys: [jwk] })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/certs`;
  // Its logout route trusts this test's key (so the test can mint tokens); its tokens are Keycloak's.
  api = await startOwnApi(config, {
    adjust: (deps) => ({ ...deps, backchannelLogout: { ...deps.backchannelLogout, jwksUrl } }),
  });
  await api.deps.signedInPages.renderer.warm();
  owner = await newUser('proprietaire');
  projectTitle = `Film des sessions ${Date.now()}`;
  projectId = await seedProject(api.orm.em.fork(), {
    client: { id: owner.id, email: owner.email },
    status: 'in_progress',
    title: projectTitle,
  });
});

afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => jwks?.close(resolve));
  await kit.cleanUp();
  await Promise.all(users.map((id) => keycloak.deleteUser(id).catch(() => undefined)));
});

test('a page-session cookie replayed after signing out gets the empty shell, and its token a 401', async () => {
  const token = await signIn(owner.email, PASSWORD);
  const cookie = await sessionCookie(token);
  expect(await pageDrawn(cookie)).toBe(true);

  const signOut = await fetch(`${api.base}/api/session`, { method: 'DELETE', headers: { cookie } });
  expect(signOut.status).toBe(204);
  // The browser's sign-out then ends the Keycloak session too (auth-client's logout).
  const ended = await fetch(
    `${config.KEYCLOAK_URL}/admin/realms/${config.KEYCLOAK_REALM}/sessions/${String(decodeJwt(token).sid)}`,
    { method: 'DELETE', headers: { authorization: `Bearer ${await keycloak.accessToken()}` } },
  );
  expect(ended.status).toBe(204);

  // The attacker's copy of the cookie: the page comes empty, without the project's data.
  const replayed = await fetch(`${api.base}/project/${projectId}`, { headers: { cookie } });
  expect(replayed.status).toBe(200);
  const html = await replayed.text();
  expect(html).not.toContain(projectTitle);
  expect(html).not.toContain(SIGNED_IN_PAGE_STATE_ID);
  // The access token of the session signed out is refused too, with the usual message.
  const me = await fetch(`${api.base}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(me.status).toBe(401);
  expect(await me.json()).toEqual({ error: MESSAGES.unauthenticated });
  // A cookie of that session set earlier is refused as well (it carries the same Keycloak session).
  // And the same holds on the stack's own api: the revocation lives in PostgreSQL.
  await waitUntil(
    async () =>
      (await fetch(`${config.APP_URL}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status === 401,
    DEADLINE_MS,
    'the stack api to refuse the token',
  );
});

test('Keycloak ending the session (its admin logs the user out) revokes the cookie and the token', async () => {
  const token = await signIn(owner.email, PASSWORD);
  const cookie = await sessionCookie(token);
  expect(await pageDrawn(cookie)).toBe(true);
  expect(await statusOf(token, '/api/me')).toBe(200);

  // Keycloak posts a logout token to the stack's api (the realm's back-channel URL). It posts one
  // per client and call, naming one session: this user has only this one (the previous test's
  // ended at Keycloak as well), so it is the one named.
  const logout = await fetch(`${config.KEYCLOAK_URL}/admin/realms/${config.KEYCLOAK_REALM}/users/${owner.id}/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await keycloak.accessToken()}` },
  });
  expect(logout.status).toBe(204);

  await waitUntil(async () => !(await pageDrawn(cookie)), DEADLINE_MS, 'the cookie to be refused');
  await waitUntil(async () => (await statusOf(token, '/api/me')) === 401, DEADLINE_MS, 'the token to be refused');
});

test('a removed role stops working within seconds: its token gets a 401, its cookie the empty shell', async () => {
  const admin = await newUser('admin-retire', 'admin');
  const oldToken = await signIn(admin.email, PASSWORD);
  const cookie = await sessionCookie(oldToken);
  // As an admin they see every project, this one included, and the admin routes.
  expect(await pageDrawn(cookie)).toBe(true);
  expect(await statusOf(oldToken, '/api/admin/users')).toBe(200);

  // Whole seconds separate the change from the token issued before it (token times are in seconds).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const removed = await kit.call('admin', 'POST', '/api/admin/roles/remove', { email: admin.email, role: 'admin' });
  expect(removed.status).toBe(200);

  await waitUntil(
    async () => (await statusOf(oldToken, '/api/admin/users')) === 401,
    DEADLINE_MS,
    'the old token to be refused',
  );
  expect(await pageDrawn(cookie)).toBe(false);
  // A fresh token carries the current roles: signed in still, an admin no more.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const fresh = await signIn(admin.email, PASSWORD);
  expect(await statusOf(fresh, '/api/admin/users')).toBe(403);
  expect(await statusOf(fresh, '/api/me')).toBe(200);
});

describe('the back-channel logout route', () => {
  test('revokes the session a valid logout token names', async () => {
    const token = await signIn(owner.email, PASSWORD);
    const cookie = await sessionCookie(token);
    const { sid, sub } = decodeJwt(token);
    expect(typeof sid).toBe('string');

    const answer = await postLogoutToken(api.base, await mintLogoutToken({ sid, sub }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await statusOf(token, '/api/me')).toBe(401);
    expect(await pageDrawn(cookie)).toBe(false);
  });

  test('refuses a forged, unsigned, stale or mis-addressed logout token, and revokes nothing', async () => {
    const token = await signIn(owner.email, PASSWORD);
    const { sid, sub } = decodeJwt(token);
    const now = Math.floor(Date.now() / 1000);
    const { privateKey: otherKey } = await generateKeyPair('RS256');
    const refused = [
      undefined,
      'pas-un-jeton',
      new UnsecuredJWT({ sid, sub, events: { [BACKCHANNEL_EVENT]: {} } })
        .setIssuer(config.keycloakIssuer)
        .setAudience(config.KEYCLOAK_SPA_CLIENT_ID)
        .setIssuedAt()
        .encode(),
      await new SignJWT({ sid, sub, events: { [BACKCHANNEL_EVENT]: {} } })
        .setProtectedHeader({ alg: 'RS256', kid: 'test' })
        .setIssuer(config.keycloakIssuer)
        .setAudience(config.KEYCLOAK_SPA_CLIENT_ID)
        .setIssuedAt()
        .sign(otherKey),
      await mintLogoutToken({ sid, sub, events: {} }),
      await mintLogoutToken({ sid, sub, nonce: 'n' }),
      await mintLogoutToken({ sid, sub }, { issuedAt: now - 600 }),
      await mintLogoutToken({ sid, sub }, { audience: config.KEYCLOAK_API_CLIENT_ID }),
      await mintLogoutToken({ sid, sub }, { issuer: `${config.keycloakIssuer}-autre` }),
      await mintLogoutToken({}),
    ];
    for (const logoutToken of refused) {
      const answer = await postLogoutToken(api.base, logoutToken);
      expect(answer.status).toBe(400);
      expect((await answer.json()) as unknown).toMatchObject({ error: expect.any(String) });
    }
    // None of them ended the session.
    expect(await statusOf(token, '/api/me')).toBe(200);
  });
});
