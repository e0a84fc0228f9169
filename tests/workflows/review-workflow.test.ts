import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { approvedVersionNumber, originalsOpenTo } from '../../api/projects/version-reads';
import {
  ClientQuestion,
  EditorProfile,
  Project,
  ProjectRevision,
  ProjectVersion,
  StatusHistory,
  VersionComment,
} from '../../db/entities';
import { REVIEW_MESSAGES } from '../../domain/review';
import { LIFECYCLE_MESSAGES } from '../../domain/project-rules';
import { projectWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  ACTION_FORBIDDEN,
  ACTION_REFUSED,
  answerClientUpdate,
  approveUpdate,
  askClientUpdate,
  completeRevisionUpdate,
  completeUpdate,
  projectStateQuery,
  projectWorkflowId,
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
 * The review side of ProjectWorkflow on the time-skipping server, with the real activities against
 * a scratch database and a MailDev of the test's own: revision rounds made of comments (counted
 * once, within the quota and the window), 'Révision terminée' only with a new version, the
 * client's approval (originals unlocked, window closed early), the automatic approval when the
 * window elapses, and the deadline paused while the editor waits on the client (reminders at 24 h
 * and 72 h, the delivery date moved by exactly the paused time, the deadline timers counting only
 * unpaused time). Versions and comments are seeded rows: the api makes them, the workflow reads them.
 */
jest.setTimeout(300_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const admin = testAdmin;
let setup: ProjectWorkflowTestEnv;
let env: TestWorkflowEnvironment;
let mail: TestMailServer;
let db: ProjectWorkflowTestEnv['db'];

beforeAll(async () => {
  setup = await startProjectWorkflowEnv('rushflow_review_wf');
  ({ env, mail, db } = setup);
});

afterAll(() => setup?.stop());

// ——— helpers ———

const em = () => db.orm.em.fork();

/** A project of its own with a fresh editor (the only active one), started and assigned. */
async function assignedProject(options: { deliveryInDays?: number; maxRevisions?: number } = {}) {
  const owner = clientActor();
  await em().nativeUpdate(EditorProfile, {}, { status: 'inactive' });
  const forked = em();
  const profile = forked.create(EditorProfile, {
    userId: `editor-${randomUUID()}`,
    firstName: 'Camille',
    lastName: 'Monteur',
    specialties: ['general'],
    visualComplexityLevels: ['simple', 'moderate', 'complex', 'expert'],
    languages: ['français'],
    maxConcurrentProjects: 4,
    status: 'active',
  });
  await forked.flush();
  const now = await env.currentTimeMs();
  const projectId = await seedProject(em(), {
    client: { id: owner.id, email: owner.email },
    status: 'brief_received',
    title: `Revue ${randomUUID().slice(0, 6)}`,
    videoType: 'youtube',
    createdAt: new Date(now),
    deliveryDate: new Date(now + (options.deliveryInDays ?? 10) * DAY),
    maxRevisions: options.maxRevisions ?? 3,
  });
  const handle = await env.client.workflow.start(projectWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: projectWorkflowId(projectId),
    args: [{ projectId, briefId: 'unused', searchAttributes: false }],
  });
  await waitUntil(async () => (await project(projectId)).status === 'assigned', 30_000, 'the assignment');
  return { projectId, handle, owner, editor: editorActor(profile.userId) };
}

const project = (projectId: string) => em().findOneOrFail(Project, projectId);

async function addComment(version: ProjectVersion, author: ProjectActor, frameIn: number, parentId?: string) {
  const forked = em();
  const comment = forked.create(VersionComment, {
    project: version.project.id,
    version: version.id,
    parentId: parentId ?? null,
    authorId: author.id,
    authorName: author.name ?? author.email,
    authorRole: 'client',
    body: `Remarque à l’image ${frameIn}`,
    frameIn: parentId ? null : frameIn,
    rateNum: parentId ? null : 25,
    rateDen: parentId ? null : 1,
  });
  await forked.flush();
  return comment;
}

async function timeline(projectId: string): Promise<string[]> {
  const rows = await em().find(StatusHistory, { project: projectId }, { orderBy: { createdAt: 'asc' } });
  return rows.map((row) => row.comment ?? '');
}

async function deliver(handle: WorkflowHandle<typeof projectWorkflow>, editor: ProjectActor, projectId: string) {
  await handle.executeUpdate(startUpdate, { args: [{ actor: editor }] });
  const v1 = await setup.addVersion(projectId, editor.id);
  expect(await handle.executeUpdate(completeUpdate, { args: [{ actor: editor }] })).toMatchObject({
    status: 'completed',
  });
  return v1;
}

// ——— tests ———

test('a revision round is the version’s open comments, counted once; refused over the quota, without comments, and outside the window; the window’s end approves the last version', async () => {
  const { projectId, handle, owner, editor } = await assignedProject({ maxRevisions: 2 });
  const v1 = await deliver(handle, editor, projectId);

  // No open comment on v1 yet: nothing to send.
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, versionNumber: 1 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, REVIEW_MESSAGES.noOpenComments));
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, versionNumber: 9 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, REVIEW_MESSAGES.versionNotFound));

  // Three comments (one with a reply) and one already resolved: one round, one revision.
  const comments = [
    await addComment(v1, owner, 10),
    await addComment(v1, owner, 120),
    await addComment(v1, owner, 200),
  ];
  await addComment(v1, owner, 0, comments[0].id);
  const resolved = await addComment(v1, owner, 50);
  await em().nativeUpdate(VersionComment, { id: resolved.id }, { status: 'resolved' });
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: editor, versionNumber: 1 }] }),
  ).rejects.toMatchObject(refusal(ACTION_FORBIDDEN, 'Seul le client du projet peut faire cette action.'));
  expect(
    await handle.executeUpdate(requestRevisionUpdate, {
      args: [{ actor: owner, versionNumber: 1, feedback: 'Voir surtout la fin.' }],
    }),
  ).toEqual({ status: 'revision_requested', revisionCount: 1 });
  const sent = await em().find(VersionComment, { version: v1.id }, { orderBy: { createdAt: 'asc' } });
  expect(sent.filter((row) => row.revisionNumber === 1).map((row) => row.id)).toEqual(comments.map((row) => row.id));
  expect(sent.find((row) => row.id === resolved.id)?.revisionNumber ?? null).toBeNull();
  expect(await em().findOneOrFail(ProjectRevision, { project: projectId, revisionNumber: 1 })).toMatchObject({
    versionNumber: 1,
    feedback: 'Voir surtout la fin.',
    status: 'pending',
  });
  expect(
    (await setup.notificationTypes(projectId, editor.id)).filter((type) => type === 'revision_requested'),
  ).toHaveLength(1);
  await waitUntil(
    async () => (await mail.emailsTo(editor.email)).some((m) => m.text.includes('commentaires de la v1')),
    20_000,
    'the round’s e-mail',
  );

  // 'Révision terminée' needs a version uploaded after the round was asked.
  await handle.executeUpdate(startRevisionUpdate, { args: [{ actor: editor }] });
  await expect(handle.executeUpdate(completeRevisionUpdate, { args: [{ actor: editor }] })).rejects.toMatchObject(
    refusal(ACTION_REFUSED, LIFECYCLE_MESSAGES.revisionNeedsNewVersion),
  );
  expect((await project(projectId)).status).toBe('revision_requested');
  const v2 = await setup.addVersion(projectId, editor.id);
  expect(await handle.executeUpdate(completeRevisionUpdate, { args: [{ actor: editor }] })).toEqual({
    status: 'completed',
    revisionCount: 1,
  });

  // A second round (one comment, no message): the quota of 2 is then reached.
  await addComment(v2, owner, 30);
  await handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, versionNumber: 2 }] });
  expect((await em().findOneOrFail(ProjectRevision, { project: projectId, revisionNumber: 2 })).feedback).toBe(
    '1 commentaire sur la version v2 à traiter.',
  );
  await handle.executeUpdate(startRevisionUpdate, { args: [{ actor: editor }] });
  const v3 = await setup.addVersion(projectId, editor.id);
  await handle.executeUpdate(completeRevisionUpdate, { args: [{ actor: editor }] });
  await addComment(v3, owner, 40);
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, versionNumber: 3 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, LIFECYCLE_MESSAGES.revisionLimit));
  expect((await project(projectId)).revisionCount).toBe(2);

  // The window (3 days) elapses: closed, the last version approved, the editor told; no more rounds.
  await env.sleep(3 * DAY + HOUR);
  await waitUntil(async () => (await handle.query(projectStateQuery)).closed, 20_000, 'the closing');
  expect((await handle.query(projectStateQuery)).approvedVersion).toBe(3);
  expect((await em().findOneOrFail(ProjectVersion, v3.id)).approvedAt).toBeInstanceOf(Date);
  expect((await em().findOneOrFail(ProjectVersion, v2.id)).approvedAt ?? null).toBeNull();
  expect(await setup.notificationTypes(projectId, owner.id)).toContain('project_closed');
  expect(await setup.notificationTypes(projectId, editor.id)).toContain('version_approved');
  await waitUntil(
    async () => (await setup.templatesTo(editor.email)).includes('version_approved_automatically'),
    20_000,
    'the editor’s e-mail',
  );
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, versionNumber: 3 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, LIFECYCLE_MESSAGES.revisionWindowClosed));
  await expect(
    handle.executeUpdate(approveUpdate, { args: [{ actor: owner, versionNumber: 2 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, REVIEW_MESSAGES.alreadyApproved));

  // Retention then runs to its end, previews included.
  await env.sleep(366 * DAY);
  expect(await handle.result()).toMatchObject({ closed: true, filesDeleted: true, approvedVersion: 3 });
  expect(await em().count(ProjectVersion, { project: projectId })).toBe(0);
  expect(setup.deletedObjects.filter((key) => key.startsWith(`video-uploads/${projectId}/final/`))).toHaveLength(3);
  await recordHistoryIfAsked('project-workflow-review-rounds', handle);
});

test('the client approves a version: originals unlocked, the revision window closed early, the editor and admins notified and e-mailed', async () => {
  const { projectId, handle, owner, editor } = await assignedProject();
  await deliver(handle, editor, projectId);
  const v2 = await setup.addVersion(projectId, editor.id);
  expect(originalsOpenTo(['client'], await approvedVersionNumber(em(), projectId))).toBe(false);
  const windowEnd = (await project(projectId)).revisionWindowEndsAt!.getTime();

  await expect(
    handle.executeUpdate(approveUpdate, { args: [{ actor: editor, versionNumber: 2 }] }),
  ).rejects.toMatchObject(refusal(ACTION_FORBIDDEN, REVIEW_MESSAGES.approveClientOnly));
  await expect(
    handle.executeUpdate(approveUpdate, { args: [{ actor: owner, versionNumber: 7 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, REVIEW_MESSAGES.versionNotFound));
  await env.sleep(HOUR);
  const approvedAt = await env.currentTimeMs();
  expect(await handle.executeUpdate(approveUpdate, { args: [{ actor: owner, versionNumber: 2 }] })).toEqual({
    status: 'completed',
    revisionCount: 0,
  });
  expect((await em().findOneOrFail(ProjectVersion, v2.id)).approvedBy).toBe(owner.id);
  expect(await approvedVersionNumber(em(), projectId)).toBe(2);
  expect(originalsOpenTo(['client'], 2)).toBe(true);
  // The window closes now, days before its planned end.
  const row = await project(projectId);
  expect(row.revisionWindowEndsAt!.getTime()).toBeLessThan(windowEnd - 2 * DAY);
  expect(Math.abs(row.revisionWindowEndsAt!.getTime() - approvedAt)).toBeLessThan(MINUTE);
  expect(await handle.query(projectStateQuery)).toMatchObject({ closed: true, approvedVersion: 2 });
  expect(await setup.notificationTypes(projectId, editor.id)).toContain('version_approved');
  expect(await setup.notificationTypes(projectId, admin.id)).toContain('version_approved');
  await waitUntil(
    async () =>
      (await setup.templatesTo(editor.email)).includes('version_approved') &&
      (await setup.templatesTo(admin.email)).includes('version_approved'),
    20_000,
    'the approval e-mails',
  );
  expect(await timeline(projectId)).toContain('Version v2 approuvée par le client : période de révision close');

  await addComment(v2, owner, 10);
  await expect(
    handle.executeUpdate(requestRevisionUpdate, { args: [{ actor: owner, versionNumber: 2 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, LIFECYCLE_MESSAGES.revisionWindowClosed));
  await expect(
    handle.executeUpdate(approveUpdate, { args: [{ actor: owner, versionNumber: 1 }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, REVIEW_MESSAGES.alreadyApproved));
  // Closed by the approval: no closing notice three days later.
  await env.sleep(4 * DAY);
  expect(await setup.notificationTypes(projectId, owner.id)).not.toContain('project_closed');
  await env.sleep(366 * DAY);
  expect(await handle.result()).toMatchObject({ closed: true, filesDeleted: true, approvedVersion: 2 });
  await recordHistoryIfAsked('project-workflow-approval', handle);
});

test('the editor waits on the client: the deadline pauses, reminders at 24 h and 72 h, the delivery date moves by exactly the paused time, the deadline timers count only unpaused time', async () => {
  const { projectId, handle, owner, editor } = await assignedProject({ deliveryInDays: 5 });
  await handle.executeUpdate(startUpdate, { args: [{ actor: editor }] });
  const plannedBefore = (await project(projectId)).deliveryDate!.getTime();
  await env.sleep(DAY);

  await expect(
    handle.executeUpdate(answerClientUpdate, { args: [{ actor: owner, answer: 'Oui' }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, REVIEW_MESSAGES.noQuestion));
  await expect(
    handle.executeUpdate(askClientUpdate, { args: [{ actor: owner, question: 'Une question ?' }] }),
  ).rejects.toMatchObject(refusal(ACTION_FORBIDDEN, 'Seul le monteur du projet peut faire cette action.'));
  const question = 'Quelle musique pour le générique : la piste 2 ou la piste 5 ?';
  await handle.executeUpdate(askClientUpdate, { args: [{ actor: editor, question }] });
  await expect(
    handle.executeUpdate(askClientUpdate, { args: [{ actor: editor, question: 'Autre chose ?' }] }),
  ).rejects.toMatchObject(refusal(ACTION_REFUSED, REVIEW_MESSAGES.questionPending));
  expect(await setup.notificationTypes(projectId, owner.id)).toContain('client_question');
  await waitUntil(
    async () => (await mail.emailsTo(owner.email)).some((m) => m.text.includes('piste 2 ou la piste 5')),
    20_000,
    'the question e-mail',
  );
  const reminders = async () =>
    (await setup.notificationTypes(projectId, owner.id)).filter((type) => type === 'client_question_reminder').length;

  // Reminders at 24 h and 72 h after the question, not before.
  await env.sleep(24 * HOUR - 10 * MINUTE);
  expect(await reminders()).toBe(0);
  await env.sleep(20 * MINUTE);
  await waitUntil(async () => (await reminders()) === 1, 20_000, 'the 24 h reminder');
  await env.sleep(48 * HOUR - 20 * MINUTE);
  expect(await reminders()).toBe(1);
  await env.sleep(20 * MINUTE);
  await waitUntil(async () => (await reminders()) === 2, 20_000, 'the 72 h reminder');
  await waitUntil(
    async () => (await setup.templatesTo(owner.email)).filter((t) => t === 'client_question_reminder').length === 2,
    20_000,
    'the reminder e-mails',
  );
  // 24 h before the planned delivery has passed (day 4): paused, the editor got no deadline reminder.
  expect(await setup.notificationTypes(projectId, editor.id)).not.toContain('deadline_reminder');

  await env.sleep(8 * HOUR - 10 * MINUTE);
  await expect(
    handle.executeUpdate(answerClientUpdate, { args: [{ actor: editor, answer: 'La 2' }] }),
  ).rejects.toMatchObject(refusal(ACTION_FORBIDDEN, 'Seul le client du projet peut faire cette action.'));
  await handle.executeUpdate(answerClientUpdate, { args: [{ actor: owner, answer: 'La piste 2, merci !' }] });
  const row = await em().findOneOrFail(ClientQuestion, { project: projectId });
  const pausedMs = row.answeredAt!.getTime() - row.askedAt.getTime();
  expect(row.pausedMs).toBe(pausedMs);
  expect(Math.abs(pausedMs - 80 * HOUR)).toBeLessThan(5 * MINUTE);
  const plannedAfter = (await project(projectId)).deliveryDate!.getTime();
  expect(plannedAfter - plannedBefore).toBe(pausedMs);
  expect(await handle.query(projectStateQuery)).toMatchObject({ question: null, pausedMs, deliveryDate: plannedAfter });
  expect(await setup.notificationTypes(projectId, editor.id)).toContain('client_answered');
  const entries = await timeline(projectId);
  expect(entries).toContain(`En attente du client : « ${question} »`);
  expect(
    entries.some((entry) => entry.startsWith('Réponse du client reçue : livraison prévue décalée de 3 j 8 h')),
  ).toBe(true);
  // Nothing more once answered.
  await env.sleep(DAY);
  expect(await reminders()).toBe(2);

  // The deadline runs again from the moved date: reminder 24 h before it, escalation once overdue.
  const now = await env.currentTimeMs();
  await env.sleep(plannedAfter - DAY - now - 10 * MINUTE);
  expect(await setup.notificationTypes(projectId, editor.id)).not.toContain('deadline_reminder');
  await env.sleep(20 * MINUTE);
  await waitUntil(
    async () => (await setup.notificationTypes(projectId, editor.id)).includes('deadline_reminder'),
    20_000,
    'the deadline reminder',
  );
  expect(await setup.notificationTypes(projectId, admin.id)).not.toContain('deadline_overdue');
  await env.sleep(DAY);
  await waitUntil(
    async () => (await setup.notificationTypes(projectId, admin.id)).includes('deadline_overdue'),
    20_000,
    'the escalation',
  );
  expect((await setup.notificationTypes(projectId, editor.id)).filter((t) => t === 'deadline_reminder')).toHaveLength(
    1,
  );

  const v1 = await setup.addVersion(projectId, editor.id);
  await handle.executeUpdate(completeUpdate, { args: [{ actor: editor }] });
  await handle.executeUpdate(approveUpdate, { args: [{ actor: owner, versionNumber: v1.number }] });
  await env.sleep(366 * DAY);
  expect(await handle.result()).toMatchObject({ status: 'completed', pausedMs, filesDeleted: true });
  await recordHistoryIfAsked('project-workflow-client-question', handle);
});
