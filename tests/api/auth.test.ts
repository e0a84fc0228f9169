import { MESSAGES } from '../../domain/messages';
import { testStack } from '../support/stack-env';

const { accounts, appUrl, signIn } = testStack();

function tokenFor(account: 'admin' | 'editor' | 'client'): Promise<string> {
  return signIn(accounts[account].email, accounts[account].password);
}

async function get(path: string, token?: string) {
  const response = await fetch(`${appUrl}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Re-signs nothing: swaps the payload of a real token, so its signature no longer matches. */
function tamper(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...changes };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

let adminToken: string;
let clientToken: string;
let editorToken: string;

beforeAll(async () => {
  [adminToken, clientToken, editorToken] = await Promise.all([
    tokenFor('admin'),
    tokenFor('client'),
    tokenFor('editor'),
  ]);
});

test('no token → 401 with the French message', async () => {
  const { status, body } = await get('/api/me');
  expect(status).toBe(401);
  expect(body.error).toBe(MESSAGES.unauthenticated);
});

test('a non-bearer authorization header → 401', async () => {
  const response = await fetch(`${appUrl}/api/me`, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } });
  expect(response.status).toBe(401);
});

test('each demo account is recognised with its realm role', async () => {
  const me = await get('/api/me', clientToken);
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({ email: accounts.client.email, roles: ['user'] });
  expect((await get('/api/me', editorToken)).body.roles).toContain('editor');
  expect((await get('/api/me', adminToken)).body.roles).toContain('admin');
});

test('wrong role → 403 with the role-gate message', async () => {
  for (const token of [clientToken, editorToken]) {
    const { status, body } = await get('/api/admin/users', token);
    expect(status).toBe(403);
    expect(body.error).toBe(MESSAGES.forbidden);
  }
});

test('the admin reads the accounts with their roles from Keycloak', async () => {
  const { status, body } = await get(`/api/admin/users?q=${encodeURIComponent(accounts.editor.email)}`, adminToken);
  expect(status).toBe(200);
  const users = body.items as Array<{ email: string; roles: string[] }>;
  expect(users.find((user) => user.email === accounts.editor.email)?.roles).toEqual(['user', 'editor']);
});

test('a real token whose payload was altered (forged signature) → 401', async () => {
  const forged = tamper(clientToken, { realm_access: { roles: ['admin'] } });
  expect((await get('/api/admin/users', forged)).status).toBe(401);
});

test('a token from another issuer or already expired → 401', async () => {
  expect((await get('/api/me', tamper(clientToken, { iss: 'http://evil.example/realms/rushflow' }))).status).toBe(401);
  expect((await get('/api/me', tamper(clientToken, { exp: Math.floor(Date.now() / 1000) - 600 }))).status).toBe(401);
  expect((await get('/api/me', 'not-a-jwt')).status).toBe(401);
});
