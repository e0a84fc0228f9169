import { randomBytes, randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { AdminBriefRow, AdminProjectRow, AuditEntryView, EligibleEditor } from '../../domain/admin';
import { MESSAGES } from '../../domain/messages';
import { connectTemporal } from '../../api/temporal/connection';
import {
  Brief,
  CheckoutSession,
  EditorProfile,
  Notification,
  Project,
  SentEmail,
  StatusHistory,
} from '../../db/entities';
import { todayIn } from '../../domain/delivery';
import { ADMIN_CHANGE_MESSAGES } from '../../domain/project-rules';
import { CANCELLATION_NEEDS_ATTENTION, PROJECT_ACTION_MESSAGES } from '../../domain/project-notices';
import { adminKit, type ApiAnswer } from '../support/admin-kit';
import { seedEditor, startProject, startWaitingProject, statusOf } from '../support/admin-seed';
import { setOtherEditorsAside } from '../support/editors';
import { seedProject } from '../support/project-seed';

/**
 * Admin › Projets and Briefs against the running stack: filters, search and pages read from the
 * database; the manual assignment among the editors with a free slot and the cancellation with a
 * reason, both through the project's workflow; the links to the Temporal UI and to the trace of
 * a project's creation; the briefs' payment state and reminders.
 */
jest.setTimeout(180_000);

const kit = adminKit();
const { config } = kit;
const run = randomUUID().slice(0, 8);
const domain = `projets-${run}.example`;
let temporal: Client;
let freeEditor: string;
let restoreOtherEditors: (() => Promise<void>) | undefined;
const seededProjects: string[] = [];
const seededBriefs: string[] = [];
const seededEditors: string[] = [];

beforeAll(async () => {
  temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  const orm = await kit.db();
  // The only free editor has no specialty: new projects wait for the admin.
  freeEditor = await seedEditor(orm, { firstName: 'Inès', lastName: 'Libre' });
  seededEditors.push(freeEditor);
  restoreOtherEditors = await setOtherEditorsAside(orm.em.fork(), freeEditor);
});

afterAll(async () => {
  await restoreOtherEditors?.();
  const em = (await kit.db()).em.fork();
  await em.nativeDelete(Project, { id: { $in: seededProjects } });
  await em.nativeDelete(SentEmail, { idempotencyKey: { $like: `%:${run}%` } });
  await em.nativeDelete(Brief, { id: { $in: seededBriefs } });
  await em.nativeDelete(EditorProfile, { userId: { $in: seededEditors } });
  await temporal?.connection.close();
  await kit.cleanUp();
});

const get = (path: string) => kit.call('admin', 'GET', path);
const ids = (answer: ApiAnswer) => (answer.body.items as { id: string }[]).map((item) => item.id);
const post = (path: string, body?: unknown) => kit.call('admin', 'POST', path, body ?? {});
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('Projets: filters, search, pages', () => {
  const project: Record<'overdue' | 'waiting' | 'delivered' | 'fresh' | 'cancelled', string> = {
    overdue: '',
    waiting: '',
    delivered: '',
    fresh: '',
    cancelled: '',
  };
  let editor: string;

  beforeAll(async () => {
    const orm = await kit.db();
    editor = await seedEditor(orm, { firstName: 'Rémi', lastName: 'Filtre', status: 'vacation' });
    seededEditors.push(editor);
    const seed = async (
      key: keyof typeof project,
      options: Omit<Parameters<typeof seedProject>[1], 'client'> & { client: string },
    ) => {
      project[key] = await seedProject(orm.em.fork(), { ...options, client: { id: null, email: options.client } });
      seededProjects.push(project[key]);
    };
    await seed('overdue', {
      client: `anne@${domain}`,
      status: 'in_progress',
      title: `Retard ${run}`,
      editorId: editor,
      createdAt: minutesAgo(5),
      deliveryDate: minutesAgo(24 * 60),
    });
    await seed('waiting', {
      client: `bruno@${domain}`,
      status: 'waiting_for_editor',
      title: `Teaser Zèbre ${run}`,
      videoType: 'tiktok',
      createdAt: minutesAgo(4),
    });
    await seed('delivered', {
      client: `anne@${domain}`,
      status: 'completed',
      title: `Livré ${run}`,
      editorId: editor,
      createdAt: minutesAgo(3),
      deliveryDate: minutesAgo(24 * 60),
    });
    await seed('fresh', {
      client: `chloe@${domain}`,
      status: 'brief_received',
      title: `Nouveau ${run}`,
      createdAt: minutesAgo(2),
    });
    await seed('cancelled', {
      client: `chloe@${domain}`,
      status: 'cancelled',
      title: `Annulé ${run}`,
      createdAt: minutesAgo(1),
      deliveryDate: minutesAgo(60),
    });
  });

  const list = (query: string) => get(`/api/admin/projects?clientEmail=${domain}${query}`);

  test('each filter, alone, keeps the projects it names, newest first', async () => {
    const { overdue, waiting, delivered, fresh, cancelled } = project;
    expect(ids(await list(''))).toEqual([cancelled, fresh, delivered, waiting, overdue]);
    expect(ids(await list('&status=completed'))).toEqual([delivered]);
    expect(ids(await list(`&editorId=${editor}`))).toEqual([delivered, overdue]);
    expect(ids(await get(`/api/admin/projects?clientEmail=ANNE@${domain.toUpperCase()}`))).toEqual([
      delivered,
      overdue,
    ]);
    expect(ids(await list('&videoType=tiktok'))).toEqual([waiting]);
    expect(ids(await list('&overdue=true'))).toEqual([overdue]);
    expect(ids(await list('&waiting=true'))).toEqual([fresh, waiting]);
    expect(ids(await list('&waiting=true&videoType=tiktok'))).toEqual([waiting]);
  });

  test('search: a word of the title, the client e-mail or the id; its own characters taken literally', async () => {
    expect(ids(await list(`&q=${encodeURIComponent('zèbre')}`))).toEqual([project.waiting]);
    expect(ids(await get(`/api/admin/projects?q=bruno@${domain}`))).toEqual([project.waiting]);
    expect(ids(await get(`/api/admin/projects?q=${project.overdue}`))).toEqual([project.overdue]);
    expect(ids(await list('&q=%25'))).toEqual([]);
    expect(ids(await list('&q=_'))).toEqual([]);
  });

  test('pages of the chosen size, with the total', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => list(`&pageSize=2&page=${page}`)));
    expect(pages.map(ids)).toEqual([
      [project.cancelled, project.fresh],
      [project.delivered, project.waiting],
      [project.overdue],
    ]);
    for (const [index, page] of pages.entries()) {
      expect(page.body).toMatchObject({ total: 5, page: index + 1, pageSize: 2 });
    }
  });

  test('a row says what the admin needs: editor, price, delivery, overdue, its workflow in the Temporal UI', async () => {
    const rows = (await list('')).body.items as AdminProjectRow[];
    const overdue = rows.find((row) => row.id === project.overdue)!;
    expect(overdue).toMatchObject({
      title: `Retard ${run}`,
      status: 'in_progress',
      clientEmail: `anne@${domain}`,
      editor: { id: editor, name: 'Rémi Filtre' },
      totalPrice: { cents: 13_500, currency: 'EUR' },
      overdue: true,
    });
    expect(rows.find((row) => row.id === project.delivered)?.overdue).toBe(false);
    const link = new URL(overdue.workflowUrl!);
    expect(`${link.origin}${link.pathname}`).toBe(
      `${config.TEMPORAL_UI_URL!.replace(/\/$/, '')}/namespaces/${config.TEMPORAL_NAMESPACE}/workflows`,
    );
    expect(link.searchParams.get('query')).toBe(`WorkflowId="project-${project.overdue}"`);

    const filters = await get('/api/admin/projects/filters');
    expect(filters.body.editors).toContainEqual({
      id: editor,
      name: 'Rémi Filtre',
      status: 'vacation',
      current: 0,
      max: 4,
    });
    expect(filters.body.videoTypes).toEqual(expect.arrayContaining(['tiktok', 'youtube']));
  });

  test('a project whose creation was traced links to its trace in the tracing UI; one without a trace has none', async () => {
    const traceId = randomBytes(16).toString('hex');
    await (await kit.db()).em.fork().nativeUpdate(Project, { id: project.overdue }, { traceId });
    const rows = (await list('')).body.items as AdminProjectRow[];
    // The test stack sets TRACE_URL_TEMPLATE (scripts/lib/stack-config.mjs), as a deployment with a tracing UI does.
    expect(config.TRACE_URL_TEMPLATE).toContain('{traceId}');
    expect(rows.find((row) => row.id === project.overdue)?.traceUrl).toBe(
      config.TRACE_URL_TEMPLATE!.replace('{traceId}', traceId),
    );
    expect(rows.filter((row) => row.id !== project.overdue).map((row) => row.traceUrl)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  test('bad filters → French 400 naming the filter', async () => {
    const cases: [string, string, string][] = [
      ['status=livré', 'status', 'Statut inconnu.'],
      ['overdue=peut-être', 'overdue', '« En retard » doit valoir true ou false.'],
      ['page=0', 'page', 'Page invalide.'],
      ['pageSize=500', 'pageSize', 'Taille de page invalide (100 au plus).'],
      ['q=<b>zèbre</b>', 'q', '« Recherche » ne doit pas contenir de balises HTML.'],
      [`q=${'x'.repeat(201)}`, 'q', '« Recherche » est trop long (200 caractères maximum).'],
      ['status=completed&status=cancelled', 'status', 'Statut inconnu.'],
    ];
    for (const [query, field, message] of cases) {
      const answer = await get(`/api/admin/projects?${encodeURI(query)}`);
      expect({ query, status: answer.status, error: answer.body.error, message: answer.body.fields?.[field] }).toEqual({
        query,
        status: 400,
        error: MESSAGES.invalidInput,
        message,
      });
    }
  });
});

describe('Projets: manual assignment and cancellation', () => {
  test('the admin assigns a waiting project to an editor with a free slot; others are refused', async () => {
    const orm = await kit.db();
    const full = await seedEditor(orm, { maxConcurrentProjects: 1, currentProjectsCount: 1 });
    const away = await seedEditor(orm, { status: 'vacation' });
    seededEditors.push(full, away);
    const client = `client-${run}@${domain}`;
    const projectId = await startWaitingProject(orm, temporal, {
      client: { id: null, email: client },
      title: `À assigner ${run}`,
    });

    const eligible = await get(`/api/admin/projects/${projectId}/eligible-editors`);
    expect(eligible.body.editors as EligibleEditor[]).toEqual([
      expect.objectContaining({ id: freeEditor, name: 'Inès Libre', current: 0, max: 4, matches: false }),
    ]);

    const assign = (body: unknown) => post(`/api/admin/projects/${projectId}/assign`, body);
    for (const editorId of [full, away]) {
      expect(await assign({ editorId })).toEqual({
        status: 409,
        body: { error: PROJECT_ACTION_MESSAGES.editorNotAvailable },
      });
    }
    expect(await assign({ editorId: randomUUID() })).toEqual({
      status: 409,
      body: { error: PROJECT_ACTION_MESSAGES.editorUnknown },
    });
    for (const body of [{}, { editorId: '' }, { editorId: 42 }, []]) {
      const answer = await assign(body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(Object.values(answer.body.fields ?? {})).toContain('Choisissez un monteur.');
    }
    expect(await statusOf(orm, projectId)).toBe('waiting_for_editor');

    const assigned = await assign({ editorId: freeEditor });
    expect(assigned.status).toBe(200);
    expect(assigned.body.project).toMatchObject({ status: 'assigned' });
    const em = orm.em.fork();
    expect((await em.findOneOrFail(Project, projectId, { populate: ['editor'] })).editor?.userId).toBe(freeEditor);
    expect((await em.findOneOrFail(EditorProfile, freeEditor)).currentProjectsCount).toBe(1);
    const history = await em.find(StatusHistory, { project: projectId }, { orderBy: { createdAt: 'desc' } });
    expect(history[0]).toMatchObject({
      newStatus: 'assigned',
      comment: 'Assigné à Inès Libre par un administrateur',
      changedBy: kit.accounts.admin.id,
    });
    const row = (await get(`/api/admin/projects?q=${projectId}`)).body.items as AdminProjectRow[];
    expect(row[0].editor).toEqual({ id: freeEditor, name: 'Inès Libre' });
    const audit = await get('/api/admin/audit?action=project.assign&pageSize=100');
    expect((audit.body.items as AuditEntryView[]).find((entry) => entry.targetId === projectId)).toMatchObject({
      actorEmail: kit.accounts.admin.email,
      before: { status: 'waiting_for_editor', editorId: null },
      after: { status: 'assigned', editorId: freeEditor, editorName: 'Inès Libre' },
    });
    expect(await assign({ editorId: freeEditor })).toEqual({
      status: 409,
      body: { error: PROJECT_ACTION_MESSAGES.assignWrongStatus },
    });

    // The Temporal UI's link names this workflow.
    const query = new URL(row[0].workflowUrl!).searchParams.get('query')!;
    expect((await temporal.workflow.count(query)).count).toBe(1);
    expect((await fetch(row[0].workflowUrl!)).status).toBe(200);

    // Cancelled with a reason: the editor's slot is freed, the client told, the reason escaped in the e-mail.
    const cancel = (body: unknown) => post(`/api/admin/projects/${projectId}/cancel`, body);
    const refusals: [unknown, string][] = [
      [{ reason: '<b>Trop tard</b>' }, '« Motif » ne doit pas contenir de balises HTML.'],
      [{ reason: 'x'.repeat(1001) }, `« Motif » est trop long (${(1000).toLocaleString('fr-FR')} caractères maximum).`],
      [{ reason: 42 }, '« Motif » doit être un texte.'],
    ];
    for (const [body, message] of refusals) {
      expect(await cancel(body)).toEqual({
        status: 400,
        body: { error: MESSAGES.invalidInput, fields: { reason: message } },
      });
    }
    expect(await post(`/api/admin/projects/${randomUUID()}/cancel`, {})).toEqual({
      status: 404,
      body: { error: 'Projet introuvable' },
    });
    expect(await statusOf(orm, projectId)).toBe('assigned');

    const reason = 'Délai < 48 h & budget dépassé';
    const cancelled = await cancel({ reason });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.project).toMatchObject({ status: 'cancelled' });
    expect((await orm.em.fork().findOneOrFail(EditorProfile, freeEditor)).currentProjectsCount).toBe(0);
    expect((await orm.em.fork().findOneOrFail(Project, projectId)).needsAttention).toBe(CANCELLATION_NEEDS_ATTENTION);
    const mail = await kit.waitForMail(client, 'the cancellation e-mail', (email) => /annulé/.test(email.subject));
    expect(mail.html).toContain('Motif : Délai &lt; 48 h &amp; budget dépassé.');
    expect(mail.html).not.toContain('< 48 h');
    expect(mail.text).toContain(`Motif : ${reason}.`);
    const cancellations = await get('/api/admin/audit?action=project.cancel&pageSize=100');
    expect((cancellations.body.items as AuditEntryView[]).find((entry) => entry.targetId === projectId)).toMatchObject({
      actorEmail: kit.accounts.admin.email,
      before: { status: 'assigned', editorId: freeEditor },
      after: { status: 'cancelled', reason },
    });
    expect((await cancel({})).status).toBe(409);
  });

  test('a project cancelled the moment it is created (its workflow still loading) is cancelled', async () => {
    const orm = await kit.db();
    const projectId = await startProject(orm, temporal, {
      client: { id: null, email: `tot-${run}@${domain}` },
      title: `Annulé aussitôt ${run}`,
    });
    const cancelled = await post(`/api/admin/projects/${projectId}/cancel`, {});
    expect({ status: cancelled.status, error: cancelled.body.error }).toEqual({ status: 200, error: undefined });
    expect(await statusOf(orm, projectId)).toBe('cancelled');
  });
});

describe('Projets: another editor, another date, more revisions', () => {
  /** `YYYY-MM-DD`, `days` after today in Paris. */
  const inDays = (days: number) => {
    const noon = new Date(`${todayIn()}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() + days);
    return noon.toISOString().slice(0, 10);
  };
  const notificationsOf = async (projectId: string, userId: string) =>
    (await (await kit.db()).em.fork().find(Notification, { project: projectId, userId })).map((row) => row.type);
  const load = async (userId: string) =>
    (await (await kit.db()).em.fork().findOneOrFail(EditorProfile, userId)).currentProjectsCount;
  const auditOf = async (action: string, projectId: string) =>
    ((await get(`/api/admin/audit?action=${action}&pageSize=100`)).body.items as AuditEntryView[]).filter(
      (entry) => entry.targetId === projectId,
    );
  const rowOf = async (projectId: string) =>
    ((await get(`/api/admin/projects?q=${projectId}`)).body.items as AdminProjectRow[])[0];

  test('the admin reassigns an assigned project: both editors told (in the app and by e-mail), both loads follow, audited', async () => {
    const orm = await kit.db();
    const demoEditor = kit.accounts.editor;
    const full = await seedEditor(orm, { maxConcurrentProjects: 1, currentProjectsCount: 1 });
    seededEditors.push(full);
    const client = `reassign-${run}@${domain}`;
    const projectId = await startWaitingProject(orm, temporal, {
      client: { id: null, email: client },
      title: `À réassigner ${run}`,
    });
    const reassign = (body: unknown, caller: 'admin' | 'client' = 'admin') =>
      kit.call(caller, 'POST', `/api/admin/projects/${projectId}/reassign`, body);
    // Waiting for an editor: that is an assignment, not a reassignment.
    expect(await reassign({ editorId: freeEditor })).toEqual({
      status: 409,
      body: { error: ADMIN_CHANGE_MESSAGES.reassignWrongStatus },
    });
    expect((await rowOf(projectId)).changes).toEqual(['deadline', 'addRevisions']);
    expect((await post(`/api/admin/projects/${projectId}/assign`, { editorId: freeEditor })).status).toBe(200);
    expect((await rowOf(projectId)).changes).toEqual(['reassign', 'deadline', 'addRevisions']);

    // The demo editor (a real account, with an address) takes part, with room for one more.
    const em = orm.em.fork();
    const profile = await em.findOneOrFail(EditorProfile, demoEditor.id);
    const kept = { status: profile.status, maxConcurrentProjects: profile.maxConcurrentProjects };
    await em.nativeUpdate(
      EditorProfile,
      { userId: demoEditor.id },
      { status: 'active', maxConcurrentProjects: profile.currentProjectsCount + 2 },
    );
    try {
      const freeLoad = await load(freeEditor);
      const demoLoad = await load(demoEditor.id);

      // Refusals: not an admin, bad input, the same editor, unknown or full editors.
      expect((await reassign({ editorId: demoEditor.id }, 'client')).status).toBe(403);
      const blank = await reassign({ editorId: '' });
      expect({ status: blank.status, message: blank.body.fields?.editorId }).toEqual({
        status: 400,
        message: 'Choisissez un monteur.',
      });
      expect(await reassign({ editorId: freeEditor })).toEqual({
        status: 409,
        body: { error: ADMIN_CHANGE_MESSAGES.sameEditor },
      });
      expect(await reassign({ editorId: randomUUID() })).toEqual({
        status: 409,
        body: { error: PROJECT_ACTION_MESSAGES.editorUnknown },
      });
      expect(await reassign({ editorId: full })).toEqual({
        status: 409,
        body: { error: PROJECT_ACTION_MESSAGES.editorNotAvailable },
      });
      // The dialog offers the editors with a free slot, never the project's own.
      const eligible = (await get(`/api/admin/projects/${projectId}/eligible-editors`)).body
        .editors as EligibleEditor[];
      expect(eligible.map((editor) => editor.id)).toContain(demoEditor.id);
      expect(eligible.map((editor) => editor.id)).not.toContain(freeEditor);

      const moved = await reassign({ editorId: demoEditor.id });
      expect(moved.status).toBe(200);
      expect(moved.body.project).toMatchObject({ status: 'assigned' });
      expect(await load(freeEditor)).toBe(freeLoad - 1);
      expect(await load(demoEditor.id)).toBe(demoLoad + 1);
      expect((await rowOf(projectId)).editor?.id).toBe(demoEditor.id);
      expect(await notificationsOf(projectId, freeEditor)).toContain('project_reassigned');
      expect(await notificationsOf(projectId, demoEditor.id)).toEqual(['project_assigned_to_editor']);
      const history = await orm.em
        .fork()
        .find(StatusHistory, { project: projectId }, { orderBy: { createdAt: 'desc' } });
      expect(history[0]).toMatchObject({
        oldStatus: 'assigned',
        newStatus: 'assigned',
        changedBy: kit.accounts.admin.id,
      });
      expect(history[0].comment).toMatch(/^Réassigné de Inès Libre à .+ par un administrateur$/);
      await kit.waitForMail(demoEditor.email, 'the new editor’s e-mail', (email) =>
        email.subject.includes(`À réassigner ${run}`),
      );
      const [entry] = await auditOf('project.reassign', projectId);
      expect(entry).toMatchObject({
        actorEmail: kit.accounts.admin.email,
        before: { editorId: freeEditor, editorName: 'Inès Libre' },
        after: { editorId: demoEditor.id, editorLoad: `${demoLoad + 1}/${profile.currentProjectsCount + 2}` },
      });

      // And back: the demo editor, who loses it, reads why by e-mail.
      expect((await reassign({ editorId: freeEditor })).status).toBe(200);
      expect(await load(demoEditor.id)).toBe(demoLoad);
      expect(await notificationsOf(projectId, demoEditor.id)).toContain('project_reassigned');
      const away = await kit.waitForMail(demoEditor.email, 'the previous editor’s e-mail', (email) =>
        email.subject.startsWith('Projet confié à un autre monteur'),
      );
      expect(away.text).toContain(`À réassigner ${run}`);
      expect(await auditOf('project.reassign', projectId)).toHaveLength(2);
      expect((await post(`/api/admin/projects/${projectId}/cancel`, {})).status).toBe(200);
    } finally {
      await orm.em.fork().nativeUpdate(EditorProfile, { userId: demoEditor.id }, kept);
    }
  });

  test('the admin moves the planned delivery date (from tomorrow on) and adds revisions to the quota, audited', async () => {
    const orm = await kit.db();
    const client = `date-${run}@${domain}`;
    const projectId = await startWaitingProject(orm, temporal, {
      client: { id: null, email: client },
      title: `Nouvelle date ${run}`,
    });
    const deadline = (body: unknown, caller: 'admin' | 'editor' = 'admin') =>
      kit.call(caller, 'POST', `/api/admin/projects/${projectId}/deadline`, body);
    const cases: [unknown, string][] = [
      [{ deliveryDate: todayIn() }, ADMIN_CHANGE_MESSAGES.deadlineNotFuture],
      [{ deliveryDate: inDays(-3) }, ADMIN_CHANGE_MESSAGES.deadlineNotFuture],
      [{ deliveryDate: '2030-02-30' }, 'Cette date n’existe pas.'],
      [{ deliveryDate: '12/05/2030' }, 'Choisissez une date de livraison.'],
      [{}, 'Choisissez une date de livraison.'],
    ];
    for (const [body, message] of cases) {
      const answer = await deadline(body);
      expect({ body, status: answer.status, message: answer.body.fields?.deliveryDate }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    expect((await deadline({ deliveryDate: inDays(9) }, 'editor')).status).toBe(403);
    const before = (await orm.em.fork().findOneOrFail(Project, projectId)).deliveryDate;
    const moved = await deadline({ deliveryDate: inDays(9) });
    expect(moved.status).toBe(200);
    expect(moved.body.project).toMatchObject({ deliveryDate: `${inDays(9)}T12:00:00.000Z` });
    expect(await deadline({ deliveryDate: inDays(9) })).toEqual({
      status: 409,
      body: { error: ADMIN_CHANGE_MESSAGES.deadlineUnchanged },
    });
    expect(await auditOf('project.deadline', projectId)).toEqual([
      expect.objectContaining({
        actorEmail: kit.accounts.admin.email,
        before: { deliveryDate: before?.toISOString() },
        after: { deliveryDate: `${inDays(9)}T12:00:00.000Z` },
      }),
    ]);

    const revisions = (body: unknown) => post(`/api/admin/projects/${projectId}/revisions`, body);
    for (const [body, message] of [
      [{ count: 0 }, 'Ajoutez au moins une révision.'],
      [{ count: 11 }, 'On ajoute au plus 10 révisions à la fois.'],
      [{ count: 1.5 }, 'Indiquez un nombre entier de révisions.'],
      [{ count: '2' }, 'Indiquez un nombre de révisions.'],
    ] as const) {
      const answer = await revisions(body);
      expect({ body, status: answer.status, message: answer.body.fields?.count }).toEqual({
        body,
        status: 400,
        message,
      });
    }
    const quota = (await orm.em.fork().findOneOrFail(Project, projectId)).maxRevisions;
    const added = await revisions({ count: 2 });
    expect(added.status).toBe(200);
    expect(added.body.project).toMatchObject({ maxRevisions: quota + 2 });
    expect((await rowOf(projectId)).maxRevisions).toBe(quota + 2);
    expect(await auditOf('project.revisions', projectId)).toEqual([
      expect.objectContaining({ before: { maxRevisions: quota }, after: { maxRevisions: quota + 2 } }),
    ]);

    // Cancelled: its workflow is over, nothing more changes.
    expect((await post(`/api/admin/projects/${projectId}/cancel`, {})).status).toBe(200);
    expect((await revisions({ count: 1 })).status).toBe(409);
    expect((await rowOf(projectId)).changes).toEqual([]);
  });
});

describe('Briefs: payment state, reminders, checkouts to handle', () => {
  const brief: Record<'pending' | 'paid' | 'expired' | 'flagged', string> = {
    pending: '',
    paid: '',
    expired: '',
    flagged: '',
  };
  let projectOfPaid: string;
  let flaggedCheckout: string;
  const briefsDomain = `briefs-${run}.example`;

  beforeAll(async () => {
    const em = (await kit.db()).em.fork();
    const create = (email: string, minutes: number, values: Partial<Brief> = {}) => {
      const row = em.create(Brief, {
        funnel: 'wizard',
        email,
        projectName: `Brief ${email}`,
        videoType: 'youtube',
        currency: 'EUR',
        priceCents: 20_000,
        offerPriceCents: 14_000,
        createdAt: minutesAgo(minutes),
        ...values,
      });
      seededBriefs.push(row.id);
      return row;
    };
    const pending = create(`attente@${briefsDomain}`, 4, { expiresAt: new Date(Date.now() + 86_400_000) });
    const expired = create(`expire@${briefsDomain}`, 3, { status: 'expired', expiresAt: minutesAgo(1) });
    const flagged = create(`paye-tard@${briefsDomain}`, 1, { status: 'expired' });
    await em.flush();
    // The payment reminders the brief's workflow sent (24 h, 72 h), and one it could not send.
    for (const [index, sent] of [
      [1, true],
      [2, true],
      [3, false],
    ] as const) {
      em.create(SentEmail, {
        idempotencyKey: `payment-reminder-${index}:${pending.id}:${run}-${index}`,
        template: 'payment_reminder',
        recipient: pending.email,
        subject: 'Votre brief attend son paiement',
        sentAt: sent ? new Date() : null,
      });
    }
    em.create(SentEmail, {
      idempotencyKey: `payment-reminder-1:${expired.id}:${run}`,
      template: 'payment_reminder',
      recipient: expired.email,
      subject: 'Votre brief attend son paiement',
      sentAt: new Date(),
    });
    const checkout = em.create(CheckoutSession, {
      brief: flagged,
      clientKey: flagged.email,
      status: 'paid',
      amountCents: 14_000,
      currency: 'eur',
      expiresAt: minutesAgo(30),
      needsAttention: 'Paiement reçu après l’expiration du brief : à rembourser.',
    });
    await em.flush();
    flaggedCheckout = checkout.id;
    projectOfPaid = await seedProject(em.fork(), {
      client: { id: null, email: `paye@${briefsDomain}` },
      status: 'assigned',
      title: `Payé ${run}`,
      createdAt: minutesAgo(2),
    });
    seededProjects.push(projectOfPaid);
    const paid = await em.fork().findOneOrFail(Project, projectOfPaid);
    seededBriefs.push(paid.brief.id);
    Object.assign(brief, { pending: pending.id, expired: expired.id, flagged: flagged.id, paid: paid.brief.id });
  });

  const list = (query = '') => get(`/api/admin/briefs?q=${briefsDomain}${query}`);
  const rowsOf = (answer: ApiAnswer) => answer.body.items as AdminBriefRow[];

  test('every brief with its payment state, reminders sent, project and workflow link', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual([brief.paid, brief.flagged, brief.expired, brief.pending]);
    const rows = rowsOf(answer);
    const byId = (id: string) => rows.find((row) => row.id === id)!;
    expect(byId(brief.pending)).toMatchObject({
      status: 'pending_payment',
      priceCents: 20_000,
      offerPriceCents: 14_000,
      remindersSent: 2,
      projectId: null,
      attention: [],
    });
    expect(byId(brief.expired)).toMatchObject({ status: 'expired', remindersSent: 1 });
    expect(byId(brief.paid)).toMatchObject({ status: 'paid', remindersSent: 0, projectId: projectOfPaid });
    expect(new URL(byId(brief.pending).workflowUrl!).searchParams.get('query')).toBe(
      `WorkflowId="brief-${brief.pending}"`,
    );
  });

  test('filtered by payment state or by the checkouts to handle; paginated', async () => {
    expect(ids(await list('&status=pending_payment'))).toEqual([brief.pending]);
    expect(ids(await list('&status=paid'))).toEqual([brief.paid]);
    expect(ids(await list('&status=expired'))).toEqual([brief.flagged, brief.expired]);
    const flagged = await list('&attention=true');
    expect(ids(flagged)).toEqual([brief.flagged]);
    expect(rowsOf(flagged)[0].attention).toEqual([
      {
        checkoutId: flaggedCheckout,
        message: 'Paiement reçu après l’expiration du brief : à rembourser.',
        status: 'paid',
      },
    ]);
    const second = await list('&pageSize=3&page=2');
    expect(ids(second)).toEqual([brief.pending]);
    expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(ids(await get(`/api/admin/briefs?q=${brief.expired}`))).toEqual([brief.expired]);
    expect(await get('/api/admin/briefs?status=rembourse')).toEqual({
      status: 400,
      body: { error: MESSAGES.invalidInput, fields: { status: 'Statut inconnu.' } },
    });
  });
});
