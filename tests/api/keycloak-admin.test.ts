/**
 * Keycloak admin client and demo accounts against a running Keycloak with the Rushflow realm
 * (env: KEYCLOAK_URL, KEYCLOAK_REALM, KEYCLOAK_API_CLIENT_ID, KEYCLOAK_API_CLIENT_SECRET).
 */
import { randomUUID } from 'node:crypto';
import { KeycloakAdminClient, KeycloakAdminError } from '../../clients/keycloak-admin';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../api/keycloak/seed-demo-accounts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set to run the Keycloak tests`);
  return value;
}

const url = required('KEYCLOAK_URL').replace(/\/+$/, '');
const realm = process.env.KEYCLOAK_REALM || 'rushflow';
const options = {
  url,
  realm,
  clientId: process.env.KEYCLOAK_API_CLIENT_ID || 'rushflow-api',
  clientSecret: required('KEYCLOAK_API_CLIENT_SECRET'),
};
const admin = new KeycloakAdminClient(options);
const createdIds: string[] = [];

function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

function freshEmail(): string {
  return `test-${randomUUID()}@rushflow.test`;
}

afterAll(async () => {
  for (const id of createdIds) await admin.deleteUser(id).catch(() => undefined);
});

describe('Keycloak realm and service account', () => {
  it('publishes the realm with the exact issuer the api validates', async () => {
    const discovery = await admin.ping();
    expect(discovery.issuer).toBe(`${url}/realms/${realm}`);
  });

  it('gives the service account tokens issued by that realm', async () => {
    const claims = jwtPayload(await admin.accessToken());
    expect(claims.iss).toBe(`${url}/realms/${realm}`);
    expect(claims.azp).toBe(options.clientId);
  });

  it('refuses a wrong client secret', async () => {
    const intruder = new KeycloakAdminClient({ ...options, clientSecret: 'not-the-secret' });
    await expect(intruder.findUserByEmail('client@rushflow.local')).rejects.toMatchObject({
      name: 'KeycloakAdminError',
      status: 401,
    });
  });
});

describe('demo accounts', () => {
  it('seeds the three accounts once; a second run changes nothing', async () => {
    const first = await seedDemoAccounts(admin);
    const second = await seedDemoAccounts(admin);

    for (const key of ['admin', 'editor', 'client'] as const) {
      expect(second[key].id).toBe(first[key].id);
      expect(second[key].created).toBe(false);
    }
    expect(second.admin).toMatchObject({ email: 'admin@rushflow.local', password: 'Admin123!' });
    expect(second.editor).toMatchObject({ email: 'monteur@rushflow.local', password: 'Monteur123!' });
    expect(second.client).toMatchObject({ email: 'client@rushflow.local', password: 'Client123!' });

    for (const account of DEMO_ACCOUNTS) {
      const matches = await admin.findUserByEmail(account.email);
      expect(matches?.id).toBe(second[account.key].id);
    }
  });

  it('gives each demo account its role', async () => {
    const seeded = await seedDemoAccounts(admin);
    const adminRoles = await admin.getRealmRoles(seeded.admin.id);
    const editorRoles = await admin.getRealmRoles(seeded.editor.id);
    const clientRoles = await admin.getRealmRoles(seeded.client.id);

    expect(adminRoles).toContain('admin');
    expect(editorRoles).toContain('editor');
    expect(editorRoles).not.toContain('admin');
    expect(clientRoles).toContain('user');
    expect(clientRoles).not.toContain('editor');
    expect(clientRoles).not.toContain('admin');
  });

  it('stores the editor as Léa Martin with a verified e-mail, found whatever the case', async () => {
    const editor = await admin.findUserByEmail('Monteur@Rushflow.LOCAL');
    expect(editor).toMatchObject({
      email: 'monteur@rushflow.local',
      firstName: 'Léa',
      lastName: 'Martin',
      emailVerified: true,
      enabled: true,
    });
  });
});

describe('users and roles', () => {
  it('creates an account that starts as a client', async () => {
    const email = freshEmail();
    const id = await admin.createUser({ email, firstName: 'Nina', lastName: 'Petit', emailVerified: false });
    createdIds.push(id);

    const found = await admin.findUserByEmail(email);
    expect(found).toMatchObject({ id, email, firstName: 'Nina', lastName: 'Petit', emailVerified: false });
    const roles = await admin.getRealmRoles(id);
    expect(roles).toContain('user');
    expect(roles).not.toContain('editor');
  });

  it('refuses a second account with the same e-mail', async () => {
    const email = freshEmail();
    createdIds.push(
      await admin.createUser({
        email,
        firstName: 'Paul',
        lastName: 'Roux',
        password: 'Secret123!',
        emailVerified: true,
      }),
    );

    const duplicate = admin.createUser({
      email: email.toUpperCase(),
      firstName: 'Paul',
      lastName: 'Roux',
      emailVerified: true,
    });
    await expect(duplicate).rejects.toBeInstanceOf(KeycloakAdminError);
    await expect(duplicate).rejects.toMatchObject({ status: 409 });
  });

  it('assigns and removes the editor role', async () => {
    const email = freshEmail();
    const id = await admin.createUser({ email, firstName: 'Hugo', lastName: 'Bernard', emailVerified: true });
    createdIds.push(id);

    await admin.assignRealmRole(id, 'editor');
    await admin.assignRealmRole(id, 'editor'); // granting twice is harmless
    expect(await admin.getRealmRoles(id)).toContain('editor');
    expect((await admin.listUsersWithRole('editor')).map((user) => user.id)).toContain(id);

    await admin.removeRealmRole(id, 'editor');
    const roles = await admin.getRealmRoles(id);
    expect(roles).not.toContain('editor');
    expect(roles).toContain('user');
    expect((await admin.listUsersWithRole('editor')).map((user) => user.id)).not.toContain(id);
  });

  it('answers null for an e-mail nobody uses', async () => {
    expect(await admin.findUserByEmail(freshEmail())).toBeNull();
  });

  it('reports an unknown role as not found', async () => {
    const seeded = await seedDemoAccounts(admin);
    await expect(admin.assignRealmRole(seeded.client.id, 'no-such-role')).rejects.toMatchObject({ status: 404 });
  });
});
