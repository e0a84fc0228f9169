import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createProjectActivities } from '../../activities/project';
import { EditorProfile, Notification, Project, ProjectFile, ProjectRevision, StatusHistory } from '../../db/entities';
import { PROJECT_STATUS_LABELS } from '../../domain/project-lifecycle';
import { PROJECT_ACTION_MESSAGES } from '../../domain/project-notices';
import { ADMIN_CHANGE_MESSAGES, LIFECYCLE_MESSAGES } from '../../domain/project-rules';
import { projectWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  ACTION_FORBIDDEN,
  ACTION_INVALID,
  ACTION_REFUSED,
  addRevisionsUpdate,
  assignEditorUpdate,
  cancelUpdate,
  changeDeadlineUpdate,
  completeRevisionUpdate,
  completeUpdate,
  projectStateQuery,
  projectWorkflowId,
  reassignEditorUpdate,
  requestRevisionUpdate,
  startRevisionUpdate,
  startUpdate,
  type ProjectActor,
} from '../../workflows/contracts/project';
import { recordHistoryIfAsked } from '../support/histories';
import { TestMailServer, waitUntil } from '../support/mail-server';
import { seedProject } from '../support/project-seed';
import {
  clientActor,
  editorActor,
  refusal,
  type ProjectWorkflowTestEnv,
  startProjectWorkflowEnv,
  testAdmin,
} from '../support/project-workflow-env';

/**
 * ProjectWorkflow end to end on the time-skipping server, with the real activities against a
 * scratch database and a MailDev of the test's own: every transition (forbidden ones included)
 * and every timer (deadline reminder and escalation, revision window, closing, retention).
 */
jest.setTimeout(300_000);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const admin = testAdmin;
let setup: ProjectWorkflowTestEnv;
let env: TestWorkflowEnvironment;
let mail: TestMailServer;
let db: ProjectWorkflowTestEnv['db'];

beforeAll(async () => {
  setup = await startProjectWorkflowEnv('rushflow_project_wf');
  ({ env, mail, db } = setup);
});

afterAll(() => setup?.stop());

// ——— helpers ———

async function createEditor(
  options: {
    id?: string;
    max?: number;
    specialties?: string[];
    levels?: string[];
    status?: 'active' | 'vacation';
  } = {},
) {
  const em = db.orm.em.fork();
  const editor = em.create(EditorProfile, {
    userId: options.id ?? `editor-${randomUUID()}`,
    firstName: 'Camille',
    lastName: 'Monteur',
    specialties: options.specialties ?? ['youtube', 'tiktok', 'corporate'],
    visualComplexityLevels: options.levels ?? ['simple', 'moderate', 'complex'],
    languages: ['français'],
    maxConcurrentProjects: options.max ?? 4,
    status: options.status ?? 'active',
  });
  await em.flush();
  return editor.userId;
}

async function newProject(owner: ProjectActor, deliveryInDays = 5, videoType = 'youtube'): Promise<string> {
  const now = await env.currentTimeMs();
  return seedProject(db.orm.em.fork(), {
    client: { id: owner.id, email: owner.email },
    status: 'brief_received',
    title: `Projet ${randomUUID().slice(0, 6)}`,
    videoType,
    createdAt: new Date(now),
    deliveryDate: new Date(now + deliveryInDays * DAY),
  });
}

function start(projectId: string) {
  return env.client.workflow.start(projectWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: projectWorkflowId(projectId),
    args: [{ projectId, briefId: 'unused', searchAttributes: false }],
  });
}

async function project(projectId: string) {
  return db.orm.em.fork().findOneOrFail(Project, projectId);
}

async function statusIs(projectId: string, status: string, what = status) {
  await waitUntil(async () => (await project(projectId)).status === status, 30_000, what);
}

async function addFinalFile(projectId: string, uploadedBy: string) {
  const em = db.orm.em.fork();
  em.create(ProjectFile, {
    project: projectId,
    filename: 'final.mp4',
    fileType: 'final',
    storageBucket: 'video-uploads',
    storageKey: `${projectId}/final/${Date.now()}-final.mp4`,
    mimeType: 'video/mp4',
    fileSize: 2048,
    uploadedBy,
  });
  await em.flush();
}

async function editorLoad(editorId: string) {
  return db.orm.em.fork().findOneOrFail(EditorProfile, editorId);
}

// ——— tests ———

test('the whole lifecycle: assignment, deadline reminder and escalation, forbidden actions, delivery, revision, window closing, retention', async () => {
  const owner = clientActor();
  const editorId = await createEditor({
    specialties: ['general'],
    levels: ['simple', 'moderate', 'complex', 'expert'],
  });
  const editor = editorActor(editorId);
  const projectId = await newProject(owner, 3);
  const handle = await start(projectId);

  // Assigned automatically: client and editor notified and e-mailed; the editor's slot taken.
  await statusIs(projectId, 'assigned');
  expect(await setup.notificationTypes(projectId, owner.id)).toEqual(['project_assigned']);
  expect(await setup.notificationTypes(projectId, editorId)).toEqual(['project_assigned_to_editor']);
  expect((await editorLoad(editorId)).currentProjectsCount).toBe(1);
  await waitUntil(
    async () => (await setup.templatesTo(owner.email)).includes('project_assigned_client'),
    20_000,
    'the client e-mail',
  );
  await waitUntil(
    async () => (await setup.templatesTo(editor.email)).includes('project_assigned_editor'),
    20_000,
    'the editor e-mail',
  );

  // Wrong role or wrong state: a French refusal, nothing changes.
  await expect(handle.executeUpdate(startUpdate, { args: [{ actor: owner }] })).rejects.toMatchObject(
    refusal(ACTION_FORBIDDEN, 'Seul le monteur du projet peut faire cette action.'),
  );
  await expect(
    handle.executeUpdate(startUpdate, { args: [{ actor: editorActor('someone-else') }] }),
  ).rejects.toMatchObject(refusal(ACTION_FORBIDDEN));
  await expect(handle.executeUpdate(completeUpdate, { args: [{ actor: editor }] })).rejects.toMatchObject(
    refusal(ACTION_REFUSED, `Action impossible : le projet est « ${PROJECT_STATUS_LABELS.assigned} ».`),
  );
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, feedback: 'Plus court' }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED));
  await expect(handle.executeUpdate(cancelUpdate, { args: [{ actor: owner }] })).rejects.toMatchObject(
    refusal(ACTION_FORBIDDEN, 'Accès administrateur requis'),
  );
  expect((await project(projectId)).status).toBe('assigned');

  // 24 h before the planned delivery (3 days): the editor's reminder.
  await env.sleep(2 * DAY - HOUR);
  expect(await setup.notificationTypes(projectId, editorId)).not.toContain('deadline_reminder');
  await env.sleep(2 * HOUR);
  await waitUntil(
    async () => (await setup.notificationTypes(projectId, editorId)).includes('deadline_reminder'),
    20_000,
    'the deadline reminder',
  );
  await waitUntil(
    async () => (await setup.templatesTo(editor.email)).includes('deadline_reminder'),
    20_000,
    'the reminder e-mail',
  );

  expect(await handle.executeUpdate(startUpdate, { args: [{ actor: editor }] })).toEqual({
    status: 'in_progress',
    revisionCount: 0,
  });
  expect(await setup.notificationTypes(projectId, owner.id)).toContain('project_started');

  // Overdue: admins escalated.
  await env.sleep(DAY);
  await waitUntil(
    async () => (await setup.notificationTypes(projectId, admin.id)).includes('deadline_overdue'),
    20_000,
    'the escalation',
  );
  await waitUntil(
    async () => (await setup.templatesTo(admin.email)).includes('deadline_overdue'),
    20_000,
    'the escalation e-mail',
  );

  // Completing needs a final file.
  await expect(handle.executeUpdate(completeUpdate, { args: [{ actor: editor }] })).rejects.toMatchObject(
    refusal(ACTION_REFUSED, LIFECYCLE_MESSAGES.noFinalFile),
  );
  expect((await project(projectId)).status).toBe('in_progress');
  await addFinalFile(projectId, editorId);
  const deliveredAt = await env.currentTimeMs();
  expect(await handle.executeUpdate(completeUpdate, { args: [{ actor: editor }] })).toEqual({
    status: 'completed',
    revisionCount: 0,
  });
  let row = await project(projectId);
  expect(row.completedAt).toBeInstanceOf(Date);
  expect(row.revisionWindowEndsAt!.getTime() - deliveredAt).toBeGreaterThanOrEqual(3 * DAY - 60_000);
  expect(await editorLoad(editorId)).toMatchObject({ currentProjectsCount: 0, completedProjectsCount: 1 });
  expect(await setup.notificationTypes(projectId, owner.id)).toContain('project_completed');
  await waitUntil(
    async () => (await setup.templatesTo(owner.email)).includes('project_completed'),
    20_000,
    'the delivery e-mail',
  );

  // Revision: only the client, non-empty feedback; the editor is told what to change.
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, feedback: '   ' }] }),
  ).rejects.toMatchObject(refusal(ACTION_INVALID, LIFECYCLE_MESSAGES.feedbackEmpty));
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: editor, feedback: 'x' }] }),
  ).rejects.toMatchObject(refusal(ACTION_FORBIDDEN, 'Seul le client du projet peut faire cette action.'));
  await env.sleep(2 * DAY);
  expect(
    await handle.executeUpdate(requestRevisionUpdate, {
      args: [{ actor: owner, feedback: 'Raccourcir l’intro de 5 secondes' }],
    }),
  ).toEqual({ status: 'revision_requested', revisionCount: 1 });
  const revision = await db.orm.em.fork().findOneOrFail(ProjectRevision, { project: projectId });
  expect(revision).toMatchObject({
    revisionNumber: 1,
    status: 'pending',
    feedback: 'Raccourcir l’intro de 5 secondes',
    requestedBy: owner.id,
  });
  const feedbackNotice = await db.orm.em
    .fork()
    .findOneOrFail(Notification, { project: projectId, userId: editorId, type: 'revision_requested' });
  expect(feedbackNotice.message).toBe('Raccourcir l’intro de 5 secondes');
  await waitUntil(
    async () => (await mail.emailsTo(editor.email)).some((m) => m.text.includes('Raccourcir l’intro')),
    20_000,
    'the revision e-mail',
  );

  await expect(handle.executeUpdate(startRevisionUpdate, { args: [{ actor: owner }] })).rejects.toMatchObject(
    refusal(ACTION_FORBIDDEN),
  );
  await handle.executeUpdate(startRevisionUpdate, { args: [{ actor: editor }] });
  expect((await db.orm.em.fork().findOneOrFail(ProjectRevision, revision.id)).status).toBe('in_progress');
  await expect(handle.executeUpdate(startRevisionUpdate, { args: [{ actor: editor }] })).rejects.toMatchObject(
    refusal(ACTION_REFUSED, LIFECYCLE_MESSAGES.revisionAlreadyStarted),
  );
  await setup.addVersion(projectId, editorId);
  const redeliveredAt = await env.currentTimeMs();
  expect(await handle.executeUpdate(completeRevisionUpdate, { args: [{ actor: editor }] })).toEqual({
    status: 'completed',
    revisionCount: 1,
  });
  expect((await db.orm.em.fork().findOneOrFail(ProjectRevision, revision.id)).status).toBe('completed');
  row = await project(projectId);
  // The window restarts from the new delivery.
  expect(row.revisionWindowEndsAt!.getTime()).toBeGreaterThanOrEqual(redeliveredAt + 3 * DAY - 60_000);
  expect((await editorLoad(editorId)).currentProjectsCount).toBe(0);

  // The window elapses: closed; no more revisions.
  await env.sleep(3 * DAY + HOUR);
  await waitUntil(async () => (await handle.query(projectStateQuery)).closed, 20_000, 'the closing');
  expect(await setup.notificationTypes(projectId, owner.id)).toContain('project_closed');
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, feedback: 'Encore' }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, LIFECYCLE_MESSAGES.revisionWindowClosed));

  // Retention: notice 30 days before the deletion, 1 year after the (last) delivery.
  await env.sleep(330 * DAY);
  expect(await setup.templatesTo(owner.email)).not.toContain('retention_notice');
  await env.sleep(5 * DAY);
  await waitUntil(
    async () => (await setup.templatesTo(owner.email)).includes('retention_notice'),
    20_000,
    'the retention notice',
  );
  expect(await db.orm.em.fork().count(ProjectFile, { project: projectId })).toBe(2);
  const state = await handle.result();
  expect(state).toMatchObject({ status: 'completed', closed: true, filesDeleted: true, revisionCount: 1 });
  expect((await env.currentTimeMs()) - redeliveredAt).toBeGreaterThanOrEqual(365 * DAY - 60_000);
  expect(await db.orm.em.fork().count(ProjectFile, { project: projectId })).toBe(0);
  expect((await project(projectId)).filesPurgedAt).toBeInstanceOf(Date);
  expect(setup.deletedObjects.some((key) => key.startsWith(`video-uploads/${projectId}/final/`))).toBe(true);

  const timeline = await db.orm.em
    .fork()
    .find(StatusHistory, { project: projectId }, { orderBy: { createdAt: 'asc' } });
  expect(timeline.map((entry) => `${entry.oldStatus ?? '-'}>${entry.newStatus}`)).toEqual([
    '->brief_received',
    'brief_received>assigned',
    'assigned>in_progress',
    'in_progress>completed',
    'completed>revision_requested',
    'revision_requested>revision_requested',
    'revision_requested>completed',
    'completed>completed',
  ]);
  // One e-mail per template and recipient: nothing duplicated.
  expect(await setup.templatesTo(owner.email)).toEqual([
    'project_assigned_client',
    'project_started',
    'project_completed',
    'revision_completed',
    'retention_notice',
  ]);
  await recordHistoryIfAsked('project-workflow-lifecycle', handle);
});

test('nobody free: waiting_for_editor, admins told, retried with backoff; admin assignment; cancellation frees the slot', async () => {
  const owner = clientActor();
  await db.orm.em.fork().nativeUpdate(EditorProfile, {}, { status: 'inactive' });
  // Only an editor of another specialty, and one on vacation: nobody fits.
  await createEditor({ specialties: ['branding'] });
  await createEditor({ specialties: ['youtube', 'tiktok'], status: 'vacation' });
  const projectId = await newProject(owner, 10, 'tiktok');
  const handle = await start(projectId);
  await statusIs(projectId, 'waiting_for_editor');
  expect(await setup.notificationTypes(projectId, admin.id)).toEqual(['project_waiting_for_editor']);
  await waitUntil(
    async () => (await setup.templatesTo(admin.email)).includes('project_waiting_for_editor'),
    20_000,
    'the admins’ e-mail',
  );

  // An editor frees up: the next retry assigns them.
  const editorId = await createEditor({ specialties: ['tiktok'], max: 1 });
  await env.sleep('70 minutes');
  await statusIs(projectId, 'assigned', 'the retry');
  expect((await project(projectId)).editor?.userId).toBe(editorId);
  expect(await editorLoad(editorId)).toMatchObject({ currentProjectsCount: 1 });

  // A second tiktok project finds that editor full: it waits, then an admin assigns by hand.
  const other = clientActor();
  const secondId = await newProject(other, 10, 'tiktok');
  const second = await start(secondId);
  await statusIs(secondId, 'waiting_for_editor');
  await expect(second.executeUpdate(assignEditorUpdate, { args: [{ actor: other, editorId }] })).rejects.toMatchObject(
    refusal(ACTION_FORBIDDEN, 'Accès administrateur requis'),
  );
  await expect(second.executeUpdate(assignEditorUpdate, { args: [{ actor: admin, editorId }] })).rejects.toMatchObject(
    refusal(ACTION_REFUSED, PROJECT_ACTION_MESSAGES.editorNotAvailable),
  );
  await expect(
    second.executeUpdate(assignEditorUpdate, { args: [{ actor: admin, editorId: 'nobody' }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, PROJECT_ACTION_MESSAGES.editorUnknown));
  const handPicked = await createEditor({ specialties: ['branding'], max: 2 });
  expect(
    await second.executeUpdate(assignEditorUpdate, { args: [{ actor: admin, editorId: handPicked }] }),
  ).toMatchObject({ status: 'assigned' });
  await expect(
    second.executeUpdate(assignEditorUpdate, { args: [{ actor: admin, editorId: handPicked }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, PROJECT_ACTION_MESSAGES.assignWrongStatus));
  expect(await setup.notificationTypes(secondId, handPicked)).toEqual(['project_assigned_to_editor']);

  // Cancellation before completion: compensation frees the slot, the client is told.
  await handle.executeUpdate(startUpdate, { args: [{ actor: editorActor(editorId) }] });
  await expect(handle.executeUpdate(cancelUpdate, { args: [{ actor: editorActor(editorId) }] })).rejects.toMatchObject(
    refusal(ACTION_FORBIDDEN),
  );
  expect(
    await handle.executeUpdate(cancelUpdate, { args: [{ actor: admin, reason: 'Demande du client' }] }),
  ).toMatchObject({ status: 'cancelled' });
  expect(await editorLoad(editorId)).toMatchObject({ currentProjectsCount: 0, completedProjectsCount: 0 });
  const cancelled = await project(projectId);
  expect(cancelled.cancelledAt).toBeInstanceOf(Date);
  expect(cancelled.needsAttention).toContain('remboursement');
  expect(await setup.notificationTypes(projectId, owner.id)).toContain('project_cancelled');
  expect(await setup.notificationTypes(projectId, editorId)).toContain('project_cancelled');
  expect((await handle.result()).status).toBe('cancelled');
  expect(await setup.templatesTo(owner.email)).toContain('project_cancelled');
  await expect(handle.executeUpdate(cancelUpdate, { args: [{ actor: admin }] })).rejects.toThrow();
  await recordHistoryIfAsked('project-workflow-waiting-cancelled', handle);

  await second.executeUpdate(cancelUpdate, { args: [{ actor: admin }] });
  expect(await editorLoad(handPicked)).toMatchObject({ currentProjectsCount: 0 });
  await second.result();
});

test('assignment under concurrency: 50 projects, 5 editors of 4 slots → nobody over capacity, everybody assigned as slots free', async () => {
  const specialty = 'corporate';
  const editors = await Promise.all(
    Array.from({ length: 5 }, () => createEditor({ specialties: [specialty], max: 4 })),
  );
  // The other tests' editors step aside: these five share the 50 projects.
  await db.orm.em.fork().nativeUpdate(EditorProfile, { userId: { $nin: editors } }, { status: 'inactive' });
  const owner = clientActor();
  const projectIds: string[] = [];
  for (let i = 0; i < 50; i += 1) projectIds.push(await newProject(owner, 30, specialty));
  const handles = new Map<string, WorkflowHandle<typeof projectWorkflow>>();
  await Promise.all(projectIds.map(async (id) => handles.set(id, await start(id))));

  const em = () => db.orm.em.fork();
  const overCapacity = async () => {
    const rows = await em().find(EditorProfile, { userId: { $in: editors } });
    const active = await em().find(Project, { id: { $in: projectIds }, status: { $in: ['assigned', 'in_progress'] } });
    return rows.filter(
      (editor) =>
        editor.currentProjectsCount > editor.maxConcurrentProjects ||
        active.filter((p) => p.editor?.userId === editor.userId).length > editor.maxConcurrentProjects,
    );
  };
  const countIn = async (status: string) => em().count(Project, { id: { $in: projectIds }, status: status as never });

  const done = new Set<string>();
  for (let round = 1; done.size < 50; round += 1) {
    const expectedAssigned = Math.min(20, 50 - done.size);
    await waitUntil(
      async () => (await countIn('assigned')) === expectedAssigned,
      60_000,
      `round ${round}: ${expectedAssigned} assigned`,
    );
    expect(await overCapacity()).toEqual([]);
    const loads = await em().find(EditorProfile, { userId: { $in: editors } });
    expect(
      loads.every(
        (editor) => editor.currentProjectsCount === (expectedAssigned === 20 ? 4 : editor.currentProjectsCount),
      ),
    ).toBe(true);
    // Each editor delivers their projects: the slots free up, the waiting projects get them.
    const assigned = await em().find(Project, { id: { $in: projectIds }, status: 'assigned' });
    for (const p of assigned) {
      const actor = editorActor(p.editor!.userId);
      const handle = handles.get(p.id)!;
      await handle.executeUpdate(startUpdate, { args: [{ actor }] });
      await addFinalFile(p.id, actor.id);
      await handle.executeUpdate(completeUpdate, { args: [{ actor }] });
      done.add(p.id);
    }
    expect(await overCapacity()).toEqual([]);
    await env.sleep('2 hours');
  }
  const finalLoads = await em().find(EditorProfile, { userId: { $in: editors } });
  expect(finalLoads.map((editor) => editor.currentProjectsCount)).toEqual([0, 0, 0, 0, 0]);
  expect(finalLoads.reduce((sum, editor) => sum + editor.completedProjectsCount, 0)).toBe(50);
  for (const handle of handles.values()) await handle.terminate('test over');
});

test('activities: run twice, one effect', async () => {
  await db.orm.em.fork().nativeUpdate(EditorProfile, {}, { status: 'inactive' });
  const owner = clientActor();
  const editorId = await createEditor({ specialties: ['instagram'], max: 1 });
  const projectId = await newProject(owner, 10, 'instagram');
  const activities = createProjectActivities(setup.projectDeps);

  const key = randomUUID();
  const [a, b] = await Promise.all([
    activities.assignEditor({ key, projectId, from: 'brief_received' }),
    activities.assignEditor({ key, projectId, from: 'brief_received' }),
  ]);
  expect(a).toEqual(b);
  expect(a).toMatchObject({ assigned: true, editorId });
  expect(await editorLoad(editorId)).toMatchObject({ currentProjectsCount: 1, totalProjectsCount: 1 });
  expect(await db.orm.em.fork().count(StatusHistory, { project: projectId })).toBe(1);
  expect(await db.orm.em.fork().count(Notification, { project: projectId })).toBe(2);

  const transition = {
    key: randomUUID(),
    projectId,
    from: 'assigned' as const,
    to: 'cancelled' as const,
    releaseEditorSlot: true,
    notifications: [
      { to: 'client' as const, type: 'project_cancelled', title: 'Projet annulé', message: 'Annulé' },
      { to: 'admins' as const, type: 'x', title: 'x', message: 'x' },
    ],
  };
  const results = await Promise.all([activities.recordTransition(transition), activities.recordTransition(transition)]);
  expect(results.map((r) => r.recordedNow).sort()).toEqual([false, true]);
  expect(await editorLoad(editorId)).toMatchObject({ currentProjectsCount: 0 });
  expect(await db.orm.em.fork().count(Notification, { project: projectId })).toBe(4);

  const notice = {
    key: randomUUID(),
    projectId,
    notifications: [{ to: 'client' as const, type: 'retention_notice', title: 't', message: 'm' }],
  };
  await activities.notify(notice);
  await activities.notify(notice);
  expect(await db.orm.em.fork().count(Notification, { project: projectId, type: 'retention_notice' })).toBe(1);

  const emailInput = {
    key: `test:${randomUUID()}`,
    projectId,
    template: 'project_cancelled' as const,
    to: 'client' as const,
  };
  const sent = await Promise.all([activities.sendProjectEmail(emailInput), activities.sendProjectEmail(emailInput)]);
  expect(sent.map((s) => s.sent).sort()).toEqual([0, 1]);
  expect(await setup.templatesTo(owner.email)).toEqual(['project_cancelled']);
  const received = await mail.emailsTo(owner.email);
  expect(received).toHaveLength(1);
  expect(received[0].subject).toContain('est annulé');

  await addFinalFile(projectId, editorId);
  expect(await activities.deleteProjectFiles(projectId)).toEqual({ deleted: 1 });
  expect(await activities.deleteProjectFiles(projectId)).toEqual({ deleted: 0 });
  expect(await db.orm.em.fork().count(ProjectFile, { project: projectId })).toBe(0);
});

test('an admin reassigns an in-progress project, moves its deadline and adds revisions; the reminder follows', async () => {
  await db.orm.em.fork().nativeUpdate(EditorProfile, {}, { status: 'inactive' });
  const owner = clientActor();
  const firstId = await createEditor({ specialties: ['corporate'] });
  const secondId = await createEditor();
  const projectId = await newProject(owner, 2, 'corporate');
  // Only the first editor is active when the project is assigned.
  await db.orm.em.fork().nativeUpdate(EditorProfile, { userId: secondId }, { status: 'inactive' });
  const handle = await start(projectId);
  await statusIs(projectId, 'assigned');
  await db.orm.em.fork().nativeUpdate(EditorProfile, { userId: secondId }, { status: 'active' });
  expect((await project(projectId)).editor?.userId).toBe(firstId);
  await handle.executeUpdate(startUpdate, { args: [{ actor: editorActor(firstId) }] });

  // Refused: not an admin, the same editor, a deadline in the past.
  await expect(
    handle.executeUpdate(reassignEditorUpdate, { args: [{ actor: editorActor(firstId), editorId: secondId }] }),
  ).rejects.toMatchObject(refusal(ACTION_FORBIDDEN));
  await expect(
    handle.executeUpdate(reassignEditorUpdate, { args: [{ actor: admin, editorId: firstId }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, ADMIN_CHANGE_MESSAGES.sameEditor));
  const now = await env.currentTimeMs();
  await expect(
    handle.executeUpdate(changeDeadlineUpdate, { args: [{ actor: admin, deliveryDate: now - HOUR }] }),
  ).rejects.toMatchObject(refusal(ACTION_INVALID, ADMIN_CHANGE_MESSAGES.deadlineNotFuture));

  // Reassigned: both editors told, both loads follow; the project stays in progress.
  expect(await handle.executeUpdate(reassignEditorUpdate, { args: [{ actor: admin, editorId: secondId }] })).toEqual({
    status: 'in_progress',
    revisionCount: 0,
  });
  expect((await project(projectId)).editor?.userId).toBe(secondId);
  expect((await editorLoad(firstId)).currentProjectsCount).toBe(0);
  expect((await editorLoad(secondId)).currentProjectsCount).toBe(1);
  expect(await setup.notificationTypes(projectId, firstId)).toContain('project_reassigned');
  expect(await setup.notificationTypes(projectId, secondId)).toEqual(['project_assigned_to_editor']);
  await waitUntil(
    async () => (await setup.templatesTo(`${firstId}@editors.rushflow.test`)).includes('project_reassigned_editor'),
    20_000,
    'the previous editor’s e-mail',
  );
  await waitUntil(
    async () => (await setup.templatesTo(`${secondId}@editors.rushflow.test`)).includes('project_assigned_editor'),
    20_000,
    'the new editor’s e-mail',
  );
  await expect(handle.executeUpdate(startUpdate, { args: [{ actor: editorActor(firstId) }] })).rejects.toMatchObject(
    refusal(ACTION_FORBIDDEN),
  );

  // The deadline moves 3 days later: the reminder goes to the new editor 24 h before the new date.
  const deliveryDate = now + 5 * DAY;
  await handle.executeUpdate(changeDeadlineUpdate, { args: [{ actor: admin, deliveryDate }] });
  expect((await project(projectId)).deliveryDate?.getTime()).toBe(deliveryDate);
  expect(await setup.notificationTypes(projectId, secondId)).toContain('deadline_changed');
  await env.sleep(2 * DAY);
  expect(await setup.notificationTypes(projectId, secondId)).not.toContain('deadline_reminder');
  await env.sleep(2 * DAY + HOUR);
  await waitUntil(
    async () => (await setup.notificationTypes(projectId, secondId)).includes('deadline_reminder'),
    20_000,
    'the new editor’s reminder',
  );
  expect(await setup.notificationTypes(projectId, firstId)).not.toContain('deadline_reminder');

  // More revisions, on top of the project's own quota.
  const quota = (await project(projectId)).maxRevisions;
  await handle.executeUpdate(addRevisionsUpdate, { args: [{ actor: admin, count: 2 }] });
  expect((await project(projectId)).maxRevisions).toBe(quota + 2);
  expect((await handle.query(projectStateQuery)).maxRevisions).toBe(quota + 2);
  expect(await setup.notificationTypes(projectId, owner.id)).toContain('revisions_added');

  await handle.executeUpdate(cancelUpdate, { args: [{ actor: admin }] });
  expect((await editorLoad(secondId)).currentProjectsCount).toBe(0);
  await expect(
    handle.executeUpdate(reassignEditorUpdate, { args: [{ actor: admin, editorId: firstId }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, ADMIN_CHANGE_MESSAGES.reassignWrongStatus));
  await handle.result();
  await recordHistoryIfAsked('project-workflow-admin-changes', handle);
});

test('reassignEditor: run twice, one effect', async () => {
  await db.orm.em.fork().nativeUpdate(EditorProfile, {}, { status: 'inactive' });
  const owner = clientActor();
  const firstId = await createEditor({ specialties: ['instagram'] });
  const projectId = await newProject(owner, 10, 'instagram');
  const activities = createProjectActivities(setup.projectDeps);
  await activities.assignEditor({ key: randomUUID(), projectId, from: 'brief_received' });
  const secondId = await createEditor({ specialties: [] });

  const input = {
    key: randomUUID(),
    projectId,
    editorId: secondId,
    actorId: admin.id,
    actorName: 'Admin',
    audit: { actorId: admin.id, actorEmail: admin.email },
  };
  const [a, b] = await Promise.all([activities.reassignEditor(input), activities.reassignEditor(input)]);
  expect(a).toEqual(b);
  expect(a).toMatchObject({ editorId: secondId, previousEditorId: firstId });
  expect((await editorLoad(firstId)).currentProjectsCount).toBe(0);
  expect(await editorLoad(secondId)).toMatchObject({ currentProjectsCount: 1, totalProjectsCount: 1 });
  expect(await db.orm.em.fork().count(StatusHistory, { id: input.key })).toBe(1);
  expect(await setup.notificationTypes(projectId, firstId)).toEqual([
    'project_assigned_to_editor',
    'project_reassigned',
  ]);
});
