import { ADMIN_MESSAGES, inviteErrorMessage, type AuditEntryView } from '../../domain/admin';
import { MESSAGES } from '../../domain/messages';
import { AuditLogEntry, EditorProfile } from '../../db/entities';
import { adminKit } from '../support/admin-kit';

/**
 * Admin › Utilisateurs against the running stack (000 §2, §5, §7 invite-editor, §8; DESIGN.md:
 * roles live in Keycloak only): roles given and taken by e-mail, invitations, and what Keycloak
 * itself holds afterwards, read through its own admin api. Every account the suite touches is its
 * own or put back as it was.
 */
jest.setTimeout(180_000);

const kit = adminKit();
const { accounts } = kit;

afterAll(async () => {
  // The demo admin keeps the admin role whatever happened in a test.
  await kit.keycloak.assignRealmRole(accounts.admin.id, 'admin');
  await kit.cleanUp();
});

const assign = (email: unknown, role: unknown = 'editor') =>
  kit.call('admin', 'POST', '/api/admin/roles/assign', { email, role });
const remove = (email: unknown, role: unknown = 'editor') =>
  kit.call('admin', 'POST', '/api/admin/roles/remove', { email, role });

async function auditOf(targetId: string): Promise<AuditEntryView[]> {
  const { body } = await kit.call('admin', 'GET', '/api/admin/audit?pageSize=100');
  return (body.items as AuditEntryView[]).filter((entry) => entry.targetId === targetId);
}

describe('roles by e-mail', () => {
  test('the editor role is given and taken by e-mail, as Keycloak then holds it; the former editor gets no new project', async () => {
    const email = kit.uniqueEmail('role-editor');
    const userId = await kit.createAccount(email);
    const em = (await kit.db()).em.fork();
    await em.upsert(EditorProfile, { userId, firstName: 'Compte', lastName: 'De test', status: 'active' });

    // Typed with capitals and spaces, as an admin may paste it.
    const given = await assign(`  ${email.toUpperCase()} `);
    expect(given).toEqual({
      status: 200,
      body: { userId, email, roles: ['editor', 'user'], message: `Rôle éditeur attribué à ${email}` },
    });
    expect(await kit.productRoles(userId)).toEqual(['editor']);
    const listed = await kit.call('admin', 'GET', `/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: userId, email, roles: ['user', 'editor'] })]);

    expect(await assign(email)).toEqual({ status: 409, body: { error: ADMIN_MESSAGES.roleAlreadyHeld } });
    expect(ADMIN_MESSAGES.roleAlreadyHeld).toBe("L'utilisateur a déjà ce rôle");
    expect(await kit.productRoles(userId)).toEqual(['editor']);

    const taken = await remove(email);
    expect(taken).toEqual({
      status: 200,
      body: { userId, email, roles: ['user'], message: `Rôle éditeur retiré à ${email}` },
    });
    expect(await kit.productRoles(userId)).toEqual([]);
    expect((await em.fork().findOneOrFail(EditorProfile, { userId })).status).toBe('inactive');
    expect(await remove(email)).toEqual({ status: 409, body: { error: ADMIN_MESSAGES.roleNotHeld } });

    // Who did what, when, before and after.
    const entries = await auditOf(userId);
    expect(entries.map((entry) => entry.action)).toEqual(['role.remove', 'role.assign']);
    expect(entries[1]).toMatchObject({
      actorId: accounts.admin.id,
      actorEmail: accounts.admin.email,
      targetType: 'user',
      targetLabel: email,
      before: { roles: ['user'] },
      after: { roles: ['editor', 'user'] },
    });
    expect(entries[0]).toMatchObject({
      before: { roles: ['editor', 'user'], editorProfileStatus: 'active' },
      after: { roles: ['user'], editorProfileStatus: 'inactive' },
    });
    expect(Date.now() - new Date(entries[0].createdAt).getTime()).toBeLessThan(10 * 60_000);
  });

  test('the admin role is given and taken the same way', async () => {
    const email = kit.uniqueEmail('role-admin');
    const userId = await kit.createAccount(email);
    expect((await assign(email, 'admin')).body.message).toBe(`Rôle administrateur attribué à ${email}`);
    expect(await kit.productRoles(userId)).toEqual(['admin']);
    expect((await kit.keycloak.listUsersWithRole('admin')).map((user) => user.id)).toContain(userId);
    expect((await remove(email, 'admin')).body.message).toBe(`Rôle administrateur retiré à ${email}`);
    expect(await kit.productRoles(userId)).toEqual([]);
  });

  test('an e-mail no account uses → 404 « Utilisateur introuvable… », nothing created in Keycloak', async () => {
    const email = kit.uniqueEmail('nobody');
    for (const answer of [await assign(email), await remove(email, 'admin')]) {
      expect(answer).toEqual({ status: 404, body: { error: ADMIN_MESSAGES.userNotFound } });
    }
    expect(ADMIN_MESSAGES.userNotFound).toMatch(/^Utilisateur introuvable/);
    expect(await kit.keycloak.findUserByEmail(email)).toBeNull();
  });

  test('bad input → 400 in French naming the field: empty e-mail, wrong types, oversized, unknown role', async () => {
    const email = kit.uniqueEmail('bad-role');
    const userId = await kit.createAccount(email);
    const field = (answer: { status: number; body: { fields?: Record<string, string> } }, name: string) => {
      expect(answer.status).toBe(400);
      return answer.body.fields?.[name];
    };
    for (const empty of ['', '   ', undefined, null]) {
      expect(field(await assign(empty), 'email')).toBe('Veuillez saisir un email');
    }
    expect(field(await assign(42), 'email')).toBe('Veuillez saisir un email');
    expect(field(await assign('pas-un-email'), 'email')).toBe(ADMIN_MESSAGES.emailInvalid);
    expect(field(await assign(`${'a'.repeat(250)}@example.com`), 'email')).toBe(ADMIN_MESSAGES.emailTooLong);
    expect(field(await assign(email, 'superadmin'), 'role')).toBe(ADMIN_MESSAGES.roleUnknown);
    expect(field(await assign(email, 'user'), 'role')).toBe(ADMIN_MESSAGES.roleUnknown);
    expect(field(await assign(email, ['editor']), 'role')).toBe(ADMIN_MESSAGES.roleUnknown);
    const notAnObject = await kit.call('admin', 'POST', '/api/admin/roles/assign', ['editor']);
    expect(notAnObject).toEqual({
      status: 400,
      body: { error: MESSAGES.invalidInput, fields: { _: ADMIN_MESSAGES.emailRequired } },
    });
    const malformed = await kit.call('admin', 'POST', '/api/admin/roles/assign', '{"email": ');
    expect(malformed).toEqual({ status: 400, body: { error: MESSAGES.malformedJson } });
    expect(await kit.productRoles(userId)).toEqual([]);
    expect(await auditOf(userId)).toEqual([]);
  });

  test('the last admin cannot lose the admin role, not even through two removals at once', async () => {
    // Admins left behind by other suites are set aside for the test, then given their role back.
    const others = (await kit.keycloak.listUsersWithRole('admin')).filter((user) => user.id !== accounts.admin.id);
    for (const other of others) await kit.keycloak.removeRealmRole(other.id, 'admin');
    try {
      expect(await remove(accounts.admin.email, 'admin')).toEqual({
        status: 409,
        body: { error: ADMIN_MESSAGES.lastAdmin },
      });
      expect(await kit.productRoles(accounts.admin.id)).toEqual(['admin']);

      // Two admins, each removed at the same moment: one removal goes through, never both.
      const email = kit.uniqueEmail('second-admin');
      const secondId = await kit.createAccount(email);
      await kit.keycloak.assignRealmRole(secondId, 'admin');
      await kit.token('admin'); // signed in before the race
      const answers = await Promise.all([remove(accounts.admin.email, 'admin'), remove(email, 'admin')]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ error: ADMIN_MESSAGES.lastAdmin });
      const admins = await kit.keycloak.listUsersWithRole('admin');
      expect(admins.filter((user) => [accounts.admin.id, secondId].includes(user.id))).toHaveLength(1);
    } finally {
      await kit.keycloak.assignRealmRole(accounts.admin.id, 'admin');
      for (const other of others) await kit.keycloak.assignRealmRole(other.id, 'admin');
      // Had the demo admin lost the race, its roles changed: its earlier token is refused from now on.
      kit.forgetToken('admin');
    }
  });
});

describe('invitations', () => {
  test('inviting an editor creates the Keycloak account with the editor role, an empty profile and the e-mail to set a password', async () => {
    const email = kit.uniqueEmail('invite');
    const answer = await kit.call('admin', 'POST', '/api/admin/users/invite', {
      email: email.toUpperCase(),
      firstName: ' Inès ',
      lastName: 'Durand',
    });
    expect(answer.status).toBe(201);
    const userId = answer.body.userId as string;
    kit.forget(userId);
    expect(answer.body).toEqual({ userId, email, message: `Invitation envoyée à ${email}` });

    const account = await kit.keycloak.findUserByEmail(email);
    expect(account).toMatchObject({ id: userId, email, firstName: 'Inès', lastName: 'Durand', enabled: true });
    expect(account?.emailVerified).toBe(false);
    expect(await kit.productRoles(userId)).toEqual(['editor']);

    const profile = await (await kit.db()).em.fork().findOneOrFail(EditorProfile, { userId });
    expect(profile).toMatchObject({
      firstName: 'Inès',
      lastName: 'Durand',
      specialties: [],
      visualComplexityLevels: [],
      portfolioLinks: [],
      status: 'active',
      currentProjectsCount: 0,
    });

    // Keycloak's own e-mail: verify the address and choose a password, then the editor space.
    const mail = await kit.waitForMail(email, 'the invitation e-mail');
    expect(mail.subject).toBe('Votre compte Rushflow vous attend');
    expect(await kit.mailTo(email)).toHaveLength(1);
    const link = /href="([^"]*action-token[^"]*)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
    expect(link?.startsWith(`${kit.config.KEYCLOAK_URL}/realms/${kit.config.KEYCLOAK_REALM}/`)).toBe(true);
    const actionToken = new URL(link!).searchParams.get('key')!;
    expect(JSON.parse(Buffer.from(actionToken.split('.')[1], 'base64url').toString())).toMatchObject({
      typ: 'execute-actions',
      sub: userId,
      azp: kit.config.KEYCLOAK_SPA_CLIENT_ID,
      rqac: ['VERIFY_EMAIL', 'UPDATE_PASSWORD'],
      reduri: `${kit.appUrl}/editor`,
    });
    expect(await kit.acceptInvitation(link!, 'Invitee123!')).toContain('Votre compte a été mis à jour');
    expect((await kit.keycloak.findUserByEmail(email))?.emailVerified).toBe(true);
    const editorToken = await kit.signIn(email, 'Invitee123!');
    const me = await kit.call({ token: editorToken }, 'GET', '/api/me');
    expect([...(me.body.roles as string[])].sort()).toEqual(['editor', 'user']);
    const own = await kit.call({ token: editorToken }, 'GET', '/api/editor/profile');
    expect(own.body.profile).toMatchObject({ firstName: 'Inès', lastName: 'Durand', specialties: [] });

    // Invited twice (a second tab): the account exists now.
    expect(await kit.call('admin', 'POST', '/api/admin/users/invite', { email })).toEqual({
      status: 409,
      body: { error: ADMIN_MESSAGES.accountExists },
    });

    const [entry] = (await kit.call('admin', 'GET', '/api/admin/audit?action=user.invite&pageSize=100')).body
      .items as AuditEntryView[];
    expect(entry).toMatchObject({
      action: 'user.invite',
      actorEmail: accounts.admin.email,
      targetId: userId,
      targetLabel: email,
      after: { userId, email, roles: ['user', 'editor'] },
    });
  });

  test('an address that already has an account → 409 « Un compte avec cet email existe déjà » (000 §8), that account untouched', async () => {
    const before = await kit.productRoles(accounts.client.id);
    const answer = await kit.call('admin', 'POST', '/api/admin/users/invite', { email: accounts.client.email });
    expect(answer).toEqual({ status: 409, body: { error: ADMIN_MESSAGES.accountExists } });
    expect(inviteErrorMessage(answer.status, answer.body.error)).toBe('Un compte avec cet email existe déjà');
    expect(await kit.productRoles(accounts.client.id)).toEqual(before);
    expect(await (await kit.db()).em.fork().count(EditorProfile, { userId: accounts.client.id })).toBe(0);

    // The page's mapping of the api's refusals (000 §8): not an admin, not signed in.
    const asEditor = await kit.call('editor', 'POST', '/api/admin/users/invite', { email: kit.uniqueEmail('x') });
    expect(inviteErrorMessage(asEditor.status, asEditor.body.error)).toBe('Accès administrateur requis');
    const anonymous = await kit.call('anonymous', 'POST', '/api/admin/users/invite', { email: kit.uniqueEmail('x') });
    expect(inviteErrorMessage(anonymous.status, anonymous.body.error)).toBe(
      "Vous devez être connecté en tant qu'administrateur",
    );
  });

  test('bad input → French 400, no account and no profile: missing e-mail, wrong types, oversized or HTML names', async () => {
    const email = kit.uniqueEmail('bad-invite');
    const invite = (body: unknown) => kit.call('admin', 'POST', '/api/admin/users/invite', body);
    const cases: [unknown, string, string][] = [
      [{}, 'email', 'Veuillez saisir un email'],
      [{ email: '  ' }, 'email', 'Veuillez saisir un email'],
      [{ email: ['a@b.fr'] }, 'email', 'Veuillez saisir un email'],
      [{ email: 'inès@' }, 'email', ADMIN_MESSAGES.emailInvalid],
      [{ email, firstName: 42 }, 'firstName', '« Prénom » doit être un texte.'],
      [{ email, lastName: 'x'.repeat(101) }, 'lastName', '« Nom » est trop long (100 caractères maximum).'],
      [{ email, firstName: '<b>Inès</b>' }, 'firstName', '« Prénom » ne doit pas contenir de balises HTML.'],
      [
        { email, lastName: '<img src=x onerror=alert(1)>' },
        'lastName',
        '« Nom » ne doit pas contenir de balises HTML.',
      ],
    ];
    for (const [body, name, message] of cases) {
      const answer = await invite(body);
      expect({ body, status: answer.status, error: answer.body.error, field: answer.body.fields?.[name] }).toEqual({
        body,
        status: 400,
        error: MESSAGES.invalidInput,
        field: message,
      });
    }
    expect(await kit.keycloak.findUserByEmail(email)).toBeNull();
    const audit = await (await kit.db()).em.fork().count(AuditLogEntry, { targetLabel: email });
    expect(audit).toBe(0);
  });
});

describe('accounts list', () => {
  test('searched and paginated from Keycloak; a bad page size → 400', async () => {
    const emails = [kit.uniqueEmail('list'), kit.uniqueEmail('list')];
    for (const email of emails) await kit.createAccount(email);
    const domain = 'admin-tests.example';
    const all = await kit.call('admin', 'GET', `/api/admin/users?q=${domain}&pageSize=100`);
    expect(all.status).toBe(200);
    const total = all.body.total as number;
    expect(total).toBeGreaterThanOrEqual(2);
    expect((all.body.items as { email: string }[]).map((user) => user.email)).toEqual(expect.arrayContaining(emails));
    const second = await kit.call('admin', 'GET', `/api/admin/users?q=${domain}&pageSize=1&page=2`);
    expect(second.body).toMatchObject({ page: 2, pageSize: 1, total });
    expect(second.body.items).toHaveLength(1);
    expect(await kit.call('admin', 'GET', '/api/admin/users?pageSize=1000')).toEqual({
      status: 400,
      body: { error: MESSAGES.invalidInput, fields: { pageSize: 'Taille de page invalide (100 au plus).' } },
    });
  });
});
