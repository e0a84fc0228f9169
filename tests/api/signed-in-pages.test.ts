import { createHmac } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { PAGE_SESSION_COOKIE } from '../../api/pages/page-session';
import { MESSAGES } from '../../domain/messages';
import { PROJECT_PAGE_PATTERN, SIGNED_IN_PAGE_STATE_ID, type SignedInPageState } from '../../domain/signed-in-pages';
import { seedProject } from '../support/project-seed';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/**
 * Signed-in pages drawn by the api on their first request (api/pages/signed-in-pages.ts): the page
 * session's cookie, set from an access token, and the project page answered with its content and
 * state for the project's parties only; anyone else, or any doubt, gets the empty shell.
 */
jest.setTimeout(120_000);

const { config, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();

let api: OwnApi;
let orm: MikroORM;
const users: string[] = [];
let ownerToken = '';
let strangerToken = '';
let projectId = '';

/** A client of this suite's own: their id and access token. */
async function newClient(name: string): Promise<{ id: string; email: string; token: string }> {
  const email = `${name}-${Date.now()}@example.com`;
  const id = await keycloak.createUser({
    email,
    firstName: 'Camille',
    lastName: name,
    password: 'Pages123!',
    emailVerified: true,
  });
  users.push(id);
  return { id, email, token: await signIn(email, 'Pages123!') };
}

const startSession = (token: string | null, body: unknown = { timeZone: 'Europe/Paris' }) =>
  fetch(`${api.base}/api/session`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The page session's cookie (`name=value`) a POST answered with. */
async function sessionCookie(token: string, timeZone = 'Europe/Paris'): Promise<string> {
  const response = await startSession(token, { timeZone });
  expect(response.status).toBe(204);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

const openPage = (path: string, cookie?: string) => fetch(`${api.base}${path}`, { headers: cookie ? { cookie } : {} });

/** What `#root` holds and the page's state, if the api drew it. */
async function drawn(response: Response): Promise<{ root: string; state: SignedInPageState | null; html: string }> {
  const html = await response.text();
  const root = /<div id="root">([\s\S]*?)<\/div>(?:<script|\s*<\/body>)/.exec(html)?.[1] ?? '';
  const stateText = new RegExp(
    `<script type="application/json" id="${SIGNED_IN_PAGE_STATE_ID}">([\\s\\S]*?)</script>`,
  ).exec(html)?.[1];
  return { root, state: stateText ? (JSON.parse(stateText) as SignedInPageState) : null, html };
}

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  // As the server does at start.
  await api.deps.signedInPages.renderer.warm();
  const owner = await newClient('proprietaire');
  ownerToken = owner.token;
  strangerToken = (await newClient('etrangere')).token;
  projectId = await seedProject(orm.em.fork(), {
    client: { id: owner.id, email: owner.email },
    status: 'in_progress',
    title: 'Film </script><script>alert(1)</script> & « Noël »',
    // Late in the evening in Paris on 1 December, already the 2nd; still the 1st in Montréal.
    deliveryDate: new Date('2026-12-01T23:30:00Z'),
  });
});

afterAll(async () => {
  await api?.close();
  await Promise.all(users.map((id) => keycloak.deleteUser(id).catch(() => undefined)));
});

test('POST /api/session sets a signed, HttpOnly, SameSite=Lax cookie for a signed-in caller only', async () => {
  expect((await startSession(null)).status).toBe(401);
  const badZone = await startSession(ownerToken, { timeZone: 'Mars/Olympus' });
  expect(badZone.status).toBe(400);
  expect(await badZone.json()).toMatchObject({
    error: MESSAGES.invalidInput,
    fields: { timeZone: 'Ce fuseau horaire est inconnu.' },
  });

  const response = await startSession(ownerToken);
  expect(response.status).toBe(204);
  const setCookie = response.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(new RegExp(`^${PAGE_SESSION_COOKIE}=[\\w-]+\\.[\\w-]+; `));
  const attributes = setCookie.split('; ').slice(1);
  expect(attributes).toEqual(
    expect.arrayContaining(['Path=/', `Max-Age=${config.PAGE_SESSION_TTL_SECONDS}`, 'HttpOnly', 'SameSite=Lax']),
  );
  // The stack is plain http on loopback: no Secure there (an https APP_URL adds it).
  expect(attributes).not.toContain('Secure');
});

test("the project's client gets the page drawn with its data; the state is data, never a script", async () => {
  const response = await openPage(`/project/${projectId}`, await sessionCookie(ownerToken));
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  expect(response.headers.get('vary')?.toLowerCase()).toContain('cookie');
  const { root, state, html } = await drawn(response);

  // The title, as text: what the project's client wrote cannot open a script.
  expect(root).toContain('Film &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; « Noël »');
  expect(root).toContain('2 décembre 2026');
  for (const [, attributes, content] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\bsrc="\//.test(attributes)) expect(content).toBe('');
    else expect(attributes).toBe(` type="application/json" id="${SIGNED_IN_PAGE_STATE_ID}"`);
  }
  // The state: who it was drawn for, and the page's two reads under the browser's query keys.
  expect(state?.user.email).toMatch(/^proprietaire-/);
  expect(state?.roles).toEqual(['user']);
  expect(state?.timeZone).toBe('Europe/Paris');
  expect(state?.queries.map((query) => query.key)).toEqual([
    ['projects', projectId, 'detail'],
    ['projects', projectId, 'notifications'],
  ]);
  expect(state?.queries[0].data).toMatchObject({ id: projectId, status: 'in_progress' });
  // The page preloads the project page's own code, which the build named.
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/project-[\w-]+\.js">/);
  expect(PROJECT_PAGE_PATTERN).toBe('/project/:projectId');
});

test("dates are written in the reader's time zone, as their browser writes them", async () => {
  const { root } = await drawn(
    await openPage(`/project/${projectId}`, await sessionCookie(ownerToken, 'America/Montreal')),
  );
  expect(root).toContain('1 décembre 2026');
  expect(root).not.toContain('2 décembre 2026');
});

test('anyone else, or any doubt about the cookie, gets the empty shell', async () => {
  const shell = async (path: string, cookie?: string) => {
    const response = await openPage(path, cookie);
    expect(response.status).toBe(200);
    const { root, state } = await drawn(response);
    expect(root).toBe('');
    expect(state).toBeNull();
  };
  const ownerCookie = await sessionCookie(ownerToken);
  // Signed out; another client; a project that does not exist; an id that is not one.
  await shell(`/project/${projectId}`);
  await shell(`/project/${projectId}`, await sessionCookie(strangerToken));
  await shell('/project/00000000-0000-4000-8000-000000000000', ownerCookie);
  await shell('/project/pas-un-id', ownerCookie);

  // A cookie changed by its holder (another user's id) no longer matches its signature.
  const [name, value] = ownerCookie.split('=');
  const [payload, signature] = value.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { user: { id: string } };
  decoded.user.id = users[1];
  await shell(
    `/project/${projectId}`,
    `${name}=${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${signature}`,
  );

  // A cookie signed with the api's secret but past its time.
  const expired = Buffer.from(
    JSON.stringify({ ...decoded, user: { ...decoded.user, id: users[0] }, expiresAt: Date.now() - 1 }),
  ).toString('base64url');
  const expiredSignature = createHmac('sha256', config.PAGE_SESSION_SECRET).update(expired).digest('base64url');
  await shell(`/project/${projectId}`, `${name}=${expired}.${expiredSignature}`);
});

test('DELETE /api/session ends the page session', async () => {
  const response = await fetch(`${api.base}/api/session`, { method: 'DELETE' });
  expect(response.status).toBe(204);
  expect(response.headers.get('set-cookie')).toBe(`${PAGE_SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
});
