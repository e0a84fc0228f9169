import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { loadConfig } from '../../api/config';
import { connectTemporal } from '../../api/temporal/connection';
import { ADMIN_MESSAGES, type AdminApplicationView, type AuditEntryView } from '../../domain/admin';
import { editorProfileFromApplication } from '../../domain/editor-invitation';
import { MESSAGES } from '../../domain/messages';
import { recordKeepUntil } from '../../domain/retention';
import { AuditLogEntry, EditorApplication, EditorProfile } from '../../db/entities';
import { adminKit } from '../support/admin-kit';
import { submitApplication } from '../support/admin-seed';
import { keepUntilQuery, recordRetentionWorkflowId } from '../../workflows/contracts/record-retention';

/**
 * Admin › Recrutement against the running stack (000 §2, §4, §7): applications newest first with
 * every answer; status (pending, contacted, approved, rejected) and notes edited freely, with who
 * reviewed and when; the invitation only once approved, the editor profile filled from the answers.
 */
jest.setTimeout(180_000);

const kit = adminKit();
const config = loadConfig();
let temporal: Client;

beforeAll(async () => {
  temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
});

afterAll(async () => {
  await kit.cleanUp();
  await temporal?.connection.close();
});

const patch = (id: string, body: unknown, caller: 'admin' | 'editor' = 'admin') =>
  kit.call(caller, 'PATCH', `/api/admin/applications/${id}`, body);
const invite = (id: string) => kit.call('admin', 'POST', `/api/admin/applications/${id}/invite`);
const row = async (id: string) => (await kit.db()).em.fork().findOneOrFail(EditorApplication, { id });

test('the list is newest first with every answer, filtered by status; a bad filter → 400', async () => {
  const orm = await kit.db();
  const first = await submitApplication(kit.appUrl, orm, kit.uniqueEmail('list-first'));
  const second = await submitApplication(kit.appUrl, orm, kit.uniqueEmail('list-second'), { lastName: 'Seconde' });
  const { status, body } = await kit.call('admin', 'GET', '/api/admin/applications?pageSize=100');
  expect(status).toBe(200);
  const items = body.items as AdminApplicationView[];
  const ids = items.map((item) => item.id);
  expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
  expect(items.find((item) => item.id === second)).toMatchObject({
    lastName: 'Seconde',
    phone: '+33 6 12 34 56 78',
    specialtyDomains: ['youtube', 'corporate'],
    softwareMastered: ['premiere_pro', 'davinci_resolve'],
    availabilityStartTime: '08:30',
    hourlyRate: 32.5,
    experienceYears: 5,
    acceptsContract: true,
    status: 'pending',
    adminNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    invitedAt: null,
  });

  await patch(first, { status: 'rejected' });
  const rejected = await kit.call('admin', 'GET', '/api/admin/applications?status=rejected&pageSize=100');
  const rejectedIds = (rejected.body.items as AdminApplicationView[]).map((item) => item.id);
  expect(rejectedIds).toContain(first);
  expect(rejectedIds).not.toContain(second);
  expect(await kit.call('admin', 'GET', '/api/admin/applications?status=accepted')).toEqual({
    status: 400,
    body: { error: MESSAGES.invalidInput, fields: { status: 'Statut inconnu.' } },
  });
});

test('status and notes are set freely; who reviewed and when are recorded with the audit entry', async () => {
  const email = kit.uniqueEmail('review');
  const id = await submitApplication(kit.appUrl, await kit.db(), email);
  const startedAt = Date.now();

  for (const status of ['contacted', 'approved', 'rejected', 'pending', 'contacted'] as const) {
    const answer = await patch(id, { status });
    expect(answer.status).toBe(200);
    expect((answer.body.application as AdminApplicationView).status).toBe(status);
  }
  const noted = await patch(id, { adminNotes: '  Appel prévu mardi < 10 h & portfolio à revoir  ' });
  const application = noted.body.application as AdminApplicationView;
  expect(application).toMatchObject({
    status: 'contacted',
    adminNotes: 'Appel prévu mardi < 10 h & portfolio à revoir',
    reviewedBy: kit.accounts.admin.id,
  });
  expect(new Date(application.reviewedAt!).getTime()).toBeGreaterThanOrEqual(startedAt - 5_000);
  expect(await row(id)).toMatchObject({ reviewedBy: kit.accounts.admin.id, adminNotes: application.adminNotes });

  const both = await patch(id, { status: 'approved', adminNotes: '' });
  expect(both.body.application).toMatchObject({ status: 'approved', adminNotes: null });

  const audit = await kit.call('admin', 'GET', '/api/admin/audit?action=application.update&pageSize=100');
  const entries = (audit.body.items as AuditEntryView[]).filter((entry) => entry.targetId === id);
  expect(entries).toHaveLength(7);
  expect(entries[0]).toMatchObject({
    actorId: kit.accounts.admin.id,
    actorEmail: kit.accounts.admin.email,
    targetType: 'application',
    targetLabel: `Léa Candidate <${email}>`,
    before: { status: 'contacted', adminNotes: application.adminNotes },
    after: { status: 'approved', adminNotes: null },
  });
});

test('bad input → French 4xx, the application and the audit log unchanged', async () => {
  const id = await submitApplication(kit.appUrl, await kit.db(), kit.uniqueEmail('bad-review'));
  const before = await row(id);
  const entries = () => kit.db().then((orm) => orm.em.fork().count(AuditLogEntry, { targetId: id }));
  const cases: [unknown, string, string][] = [
    [{}, '_', ADMIN_MESSAGES.applicationUpdateEmpty],
    [[], '_', ADMIN_MESSAGES.applicationUpdateEmpty],
    [{ status: 'accepted' }, 'status', 'Statut inconnu.'],
    [{ status: 3 }, 'status', 'Statut inconnu.'],
    [{ adminNotes: 42 }, 'adminNotes', '« Notes » doit être un texte.'],
    [
      { adminNotes: 'x'.repeat(5001) },
      'adminNotes',
      `« Notes » est trop long (${(5000).toLocaleString('fr-FR')} caractères maximum).`,
    ],
    [{ adminNotes: '<script>alert(1)</script>' }, 'adminNotes', '« Notes » ne doit pas contenir de balises HTML.'],
    [{ status: 'approved', email: 'autre@example.com' }, '_', 'Seuls le statut et les notes se modifient.'],
  ];
  for (const [body, field, message] of cases) {
    const answer = await patch(id, body);
    expect({ body, status: answer.status, error: answer.body.error, message: answer.body.fields?.[field] }).toEqual({
      body,
      status: 400,
      error: MESSAGES.invalidInput,
      message,
    });
  }
  expect(await patch('pas-un-id', { status: 'approved' })).toEqual({
    status: 404,
    body: { error: ADMIN_MESSAGES.applicationNotFound },
  });
  expect(await patch('00000000-0000-4000-8000-000000000000', { status: 'approved' })).toEqual({
    status: 404,
    body: { error: ADMIN_MESSAGES.applicationNotFound },
  });
  expect((await patch(id, { status: 'approved' }, 'editor')).status).toBe(403);
  const after = await row(id);
  expect({ status: after.status, notes: after.adminNotes, reviewedAt: after.reviewedAt }).toEqual({
    status: before.status,
    notes: before.adminNotes,
    reviewedAt: before.reviewedAt,
  });
  expect(await entries()).toBe(0);
});

test('only an approved application is invited: the editor account, its profile filled from the answers, the e-mail', async () => {
  const email = kit.uniqueEmail('applicant');
  const id = await submitApplication(kit.appUrl, await kit.db(), email, { firstName: 'Zoé', lastName: 'Monteuse' });
  for (const status of ['pending', 'contacted', 'rejected'] as const) {
    await patch(id, { status });
    expect(await invite(id)).toEqual({ status: 409, body: { error: ADMIN_MESSAGES.applicationNotApproved } });
  }
  expect(await kit.keycloak.findUserByEmail(email)).toBeNull();

  await patch(id, { status: 'approved' });
  const invited = await invite(id);
  expect(invited.status).toBe(201);
  const userId = invited.body.userId as string;
  kit.forget(userId);
  expect(invited.body).toMatchObject({ userId, email, message: `Invitation envoyée à ${email}` });
  expect(invited.body.warning).toBeUndefined();
  expect((invited.body.application as AdminApplicationView).invitedAt).not.toBeNull();

  expect(await kit.keycloak.findUserByEmail(email)).toMatchObject({
    id: userId,
    firstName: 'Zoé',
    lastName: 'Monteuse',
    emailVerified: false,
  });
  expect(await kit.productRoles(userId)).toEqual(['editor']);
  const expected = editorProfileFromApplication(await row(id));
  const profile = await (await kit.db()).em.fork().findOneOrFail(EditorProfile, { userId });
  expect(profile).toMatchObject({
    firstName: 'Zoé',
    lastName: 'Monteuse',
    specialties: expected.specialties,
    visualComplexityLevels: expected.visualComplexityLevels,
    languages: expected.languages,
    portfolioLinks: ['https://vimeo.com/lea'],
    status: 'active',
    availabilityStart: '08:30:00',
    availabilityEnd: '17:00:00',
  });
  expect(Number(profile.hourlyRate)).toBe(32.5);
  expect(profile.specialties).toEqual(expect.arrayContaining(['youtube', 'corporate']));
  await kit.waitForMail(email, 'the invitation', (mail) => mail.subject === 'Votre compte Rushflow vous attend');

  const audit = await kit.call('admin', 'GET', '/api/admin/audit?action=application.invite&pageSize=100');
  expect((audit.body.items as AuditEntryView[]).find((entry) => entry.targetId === id)).toMatchObject({
    actorEmail: kit.accounts.admin.email,
    targetType: 'application',
    targetLabel: email,
    after: { userId, email },
  });

  expect(await invite(id)).toEqual({ status: 409, body: { error: ADMIN_MESSAGES.applicationAlreadyInvited } });
  expect(await invite('00000000-0000-4000-8000-000000000000')).toEqual({
    status: 404,
    body: { error: ADMIN_MESSAGES.applicationNotFound },
  });
});

test('an approved applicant whose address already has an account → 409, the application stays to invite', async () => {
  const orm = await kit.db();
  // One open application per address: an earlier run's is closed first.
  await orm.em
    .fork()
    .nativeUpdate(
      EditorApplication,
      { email: kit.accounts.client.email, status: { $in: ['pending', 'contacted', 'approved'] } },
      { status: 'rejected' },
    );
  const id = await submitApplication(kit.appUrl, orm, kit.accounts.client.email);
  await patch(id, { status: 'approved' });
  const rolesBefore = await kit.productRoles(kit.accounts.client.id);
  expect(await invite(id)).toEqual({ status: 409, body: { error: ADMIN_MESSAGES.accountExists } });
  expect((await row(id)).invitedAt ?? null).toBeNull();
  expect(await kit.productRoles(kit.accounts.client.id)).toEqual(rolesBefore);
  // Left rejected, so a later run may apply again with the same address.
  await patch(id, { status: 'rejected' });
});

test('a rejected application is kept 2 years from its last rejection, then deleted; before it, no deletion is planned', async () => {
  const id = await submitApplication(kit.appUrl, await kit.db(), kit.uniqueEmail('retention'));
  const retention = temporal.workflow.getHandle(recordRetentionWorkflowId('editor_application', id));
  await patch(id, { status: 'contacted' });
  await expect(retention.describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);

  await patch(id, { status: 'rejected' });
  const rejectedAt = (await row(id)).reviewedAt!;
  expect(await retention.query(keepUntilQuery)).toBe(recordKeepUntil('editor_application', rejectedAt));

  // Reconsidered, then rejected again: the two years run from the second rejection.
  await patch(id, { status: 'contacted' });
  await patch(id, { status: 'rejected' });
  const rejectedAgainAt = (await row(id)).reviewedAt!;
  expect(rejectedAgainAt.getTime()).toBeGreaterThan(rejectedAt.getTime());
  expect(await retention.query(keepUntilQuery)).toBe(recordKeepUntil('editor_application', rejectedAgainAt));
});
