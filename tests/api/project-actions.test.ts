import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { EditorProfile, Project, ProjectFile, ProjectVersion, VersionComment } from '../../db/entities';
import { REVIEW_MESSAGES } from '../../domain/review';
import { LIFECYCLE_MESSAGES } from '../../domain/project-rules';
import { PROJECT_ACTION_MESSAGES } from '../../domain/project-notices';
import { connectTemporal } from '../../api/temporal/connection';
import { projectWorkflowId } from '../../workflows/contracts/project';
import { waitUntil } from '../support/mail-server';
import { seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';
import { demoEditorTakesEverything } from '../support/editors';

/**
 * `POST /api/projects/:projectId/actions/:action` and the admin's assign/cancel on an api of the
 * test's own, against the running stack's Temporal and worker: the caller comes from the token,
 * refusals come back as 403/409/400 with the workflow's French message.
 */
jest.setTimeout(120_000);

const { config, accounts, signIn } = testStack();
let orm: MikroORM;
let api: OwnApi | undefined;
let base: string;
let temporal: Client;
const tokens = { admin: '', editor: '', client: '' };
let restoreOtherEditors: (() => Promise<void>) | undefined;

async function post(path: string, token: string, body: unknown = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { error?: string; project?: { status: string; revisionCount: number } },
  };
}

async function newProject(title: string): Promise<string> {
  const projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    status: 'brief_received',
    title,
    videoType: 'youtube',
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
  });
  await startSeededProjectWorkflow(temporal, projectId);
  return projectId;
}

const statusOf = async (projectId: string) => (await orm.em.fork().findOneOrFail(Project, projectId)).status;

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  base = api.base;
  [tokens.admin, tokens.editor, tokens.client] = await Promise.all([
    signIn(accounts.admin.email, accounts.admin.password),
    signIn(accounts.editor.email, accounts.editor.password),
    signIn(accounts.client.email, accounts.client.password),
  ]);
  restoreOtherEditors = await demoEditorTakesEverything(orm.em, accounts.editor.id);
});

afterAll(async () => {
  await restoreOtherEditors?.();
  await api?.close();
  await temporal?.connection.close();
});

test('the editor starts and completes, the client asks a revision; wrong role or state → French 403/409/400, nothing changes', async () => {
  const projectId = await newProject('Actions api');
  await waitUntil(async () => (await statusOf(projectId)) === 'assigned', 30_000, 'the assignment');
  const path = (action: string) => `/api/projects/${projectId}/actions/${action}`;

  expect(await post(path('start'), tokens.client)).toEqual({
    status: 403,
    body: { error: 'Seul le monteur du projet peut faire cette action.' },
  });
  expect(await post(path('complete'), tokens.editor)).toEqual({
    status: 409,
    body: { error: 'Action impossible : le projet est « Assigné au monteur ».' },
  });
  expect((await post(path('nope'), tokens.editor)).status).toBe(404);
  expect(await post(`/api/projects/00000000-0000-4000-8000-000000000000/actions/start`, tokens.admin)).toEqual({
    status: 404,
    body: { error: 'Projet introuvable' },
  });
  expect(await statusOf(projectId)).toBe('assigned');

  const started = await post(path('start'), tokens.editor);
  expect(started.status).toBe(200);
  expect(started.body.project?.status).toBe('in_progress');
  expect(await post(path('complete'), tokens.editor)).toEqual({
    status: 409,
    body: { error: LIFECYCLE_MESSAGES.noFinalFile },
  });

  // A final upload is a version (the api records it with its file; here both are seeded).
  const addVersion = async (number: number) => {
    const em = orm.em.fork();
    const file = em.create(ProjectFile, {
      project: projectId,
      filename: `final-v${number}.mp4`,
      fileType: 'final',
      storageBucket: 'video-uploads',
      storageKey: `${projectId}/final/${number}-final.mp4`,
      fileSize: 10,
      uploadedBy: accounts.editor.id,
    });
    const version = em.create(ProjectVersion, {
      project: projectId,
      number,
      projectFile: file,
      filename: file.filename,
      uploadedBy: accounts.editor.id,
      frameRateNum: 25,
      frameRateDen: 1,
      frameCount: 100,
      startFrame: 90_000,
    });
    await em.flush();
    return version;
  };
  const v1 = await addVersion(1);
  expect((await post(path('complete'), tokens.editor)).body.project?.status).toBe('completed');

  // A revision round is the version's open comments.
  expect(await post(path('requestRevision'), tokens.client, { feedback: 'Couper la fin' })).toMatchObject({
    status: 400,
    body: { fields: { versionNumber: 'Version inconnue.' } },
  });
  expect(await post(path('requestRevision'), tokens.client, { versionNumber: 4 })).toEqual({
    status: 404,
    body: { error: REVIEW_MESSAGES.versionNotFound },
  });
  expect(await post(path('requestRevision'), tokens.client, { versionNumber: 1 })).toEqual({
    status: 409,
    body: { error: REVIEW_MESSAGES.noOpenComments },
  });
  const em = orm.em.fork();
  em.create(VersionComment, {
    project: projectId,
    version: v1.id,
    authorId: accounts.client.id,
    authorName: 'Client',
    authorRole: 'client',
    body: 'Couper la fin',
    frameIn: 90,
    rateNum: 25,
    rateDen: 1,
  });
  await em.flush();
  const revision = await post(path('requestRevision'), tokens.client, { versionNumber: 1, feedback: 'Merci' });
  expect(revision.body.project).toMatchObject({ status: 'revision_requested', revisionCount: 1 });
  expect(await post(path('completeRevision'), tokens.editor)).toEqual({
    status: 409,
    body: { error: LIFECYCLE_MESSAGES.revisionNeedsNewVersion },
  });
  await addVersion(2);
  expect((await post(path('completeRevision'), tokens.editor)).body.project?.status).toBe('completed');

  // The Temporal UI filter: search attributes follow the status.
  await waitUntil(
    async () =>
      (
        await temporal.workflow.count(
          `WorkflowId = "${projectWorkflowId(projectId)}" AND RushflowStatus = "completed" AND RushflowClientEmail = "${accounts.client.email}" AND RushflowEditorId = "${accounts.editor.id}"`,
        )
      ).count === 1,
    30_000,
    'the search attributes',
  );
});

test('admin cancellation and manual assignment go through /api/admin; others are refused', async () => {
  const projectId = await newProject('Annulation api');
  await waitUntil(async () => (await statusOf(projectId)) === 'assigned', 30_000, 'the assignment');
  expect((await post(`/api/admin/projects/${projectId}/cancel`, tokens.client)).status).toBe(403);
  expect(await post(`/api/admin/projects/${projectId}/assign`, tokens.admin, { editorId: accounts.editor.id })).toEqual(
    { status: 409, body: { error: PROJECT_ACTION_MESSAGES.assignWrongStatus } },
  );
  const loadBefore = (await orm.em.fork().findOneOrFail(EditorProfile, accounts.editor.id)).currentProjectsCount;
  const cancelled = await post(`/api/admin/projects/${projectId}/cancel`, tokens.admin, { reason: 'Test' });
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.project?.status).toBe('cancelled');
  expect((await orm.em.fork().findOneOrFail(EditorProfile, accounts.editor.id)).currentProjectsCount).toBe(
    loadBefore - 1,
  );
  expect((await post(`/api/projects/${projectId}/actions/cancel`, tokens.admin)).status).toBe(409);
});

test('an action sent between the payment and the start of the project workflow waits for it', async () => {
  // The payment's workflow writes the project, then starts the project's own: here it starts 2 s late.
  const projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    status: 'brief_received',
    title: 'Annulation au démarrage',
    videoType: 'youtube',
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
  });
  const cancelling = post(`/api/admin/projects/${projectId}/cancel`, tokens.admin, { reason: 'Payé par erreur' });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  await startSeededProjectWorkflow(temporal, projectId);
  const cancelled = await cancelling;
  expect(cancelled.status).toBe(200);
  expect(cancelled.body.project?.status).toBe('cancelled');
  expect(await statusOf(projectId)).toBe('cancelled');
});
