import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { EditorProfile, Notification } from '../../db/entities';
import { BUCKETS } from '../../clients/storage';
import type { NotificationsAnswer } from '../../domain/notifications';
import { PROJECT_MESSAGES, type MyProjectsAnswer, type ProjectDetail } from '../../domain/projects';
import { seedProject } from '../support/project-seed';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/**
 * The project page, the project lists and the bell are kept in memory by the api
 * (`api/projects/read-caches.ts`): each change of their rows, whoever commits it, must show at the
 * next read once the database has said so, and a write request of the api's own at once.
 */
jest.setTimeout(120_000);

const { config, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();

/** A change announced by the database shows within this (it takes milliseconds). */
const ANNOUNCED_WITHIN_MS = 5_000;

let orm: MikroORM;
let api: OwnApi | undefined;
/** Another process's connection: what the worker, a script or psql would write through. */
let elsewhere: Client;
let userId = '';
let email = '';
let token = '';
let editorId = '';
let projectId = '';

async function get<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${api!.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as T };
}

const page = async () => (await get<{ project: ProjectDetail }>(`/api/projects/${projectId}`)).body.project;
const list = async () => (await get<MyProjectsAnswer>('/api/projects/mine')).body;
const bell = async () => (await get<NotificationsAnswer>('/api/notifications')).body;

/** Reads until `read` answers what `expected` matches, for as long as an announced change may take. */
async function untilAnswered<T>(read: () => Promise<T>, expected: (answer: T) => boolean): Promise<T> {
  const deadline = Date.now() + ANNOUNCED_WITHIN_MS;
  for (;;) {
    const answer = await read();
    if (expected(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Writes on a connection whose triggers do not fire: a change the database does not announce. */
async function writeUnannounced(sql: string, params: unknown[]): Promise<void> {
  await elsewhere.query('begin');
  await elsewhere.query('set local session_replication_role = replica');
  await elsewhere.query(sql, params);
  await elsewhere.query('commit');
}

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  elsewhere = new Client({ connectionString: config.DATABASE_URL });
  await elsewhere.connect();
  email = `gardee-${Date.now()}@example.com`;
  userId = await keycloak.createUser({
    email,
    firstName: 'Gardée',
    lastName: 'Enmémoire',
    password: 'Gardee123!',
    emailVerified: true,
  });
  token = await signIn(email, 'Gardee123!');
  const em = orm.em.fork();
  editorId = randomUUID();
  // On vacation: no assignment of another suite picks this editor.
  em.create(EditorProfile, {
    userId: editorId,
    firstName: 'Lise',
    lastName: 'Avant',
    specialties: [],
    visualComplexityLevels: [],
    languages: [],
    portfolioLinks: [],
    status: 'vacation',
  });
  await em.flush();
  projectId = await seedProject(em, {
    client: { id: userId, email },
    editorId,
    status: 'in_progress',
    title: 'Titre premier',
    priceCents: 20_000,
  });
});

afterAll(async () => {
  await elsewhere?.end();
  await api?.close();
  if (userId) await keycloak.deleteUser(userId).catch(() => undefined);
});

test('the reads are kept: a change the database does not announce is not seen until a write request of the api', async () => {
  expect((await page()).title).toBe('Titre premier');
  expect((await list()).projects.map((project) => project.title)).toEqual(['Titre premier']);
  await writeUnannounced('update projects set title = $1 where id = $2', ['Titre caché', projectId]);
  // Well past the time an announced change takes: still the kept answers.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await page()).title).toBe('Titre premier');
  expect((await list()).projects[0].title).toBe('Titre premier');

  // Any write request answered by this api forgets what it keeps before its answer leaves.
  const response = await fetch(`${api!.base}/api/notifications/read-all`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  expect((await page()).title).toBe('Titre caché');
  expect((await list()).projects[0].title).toBe('Titre caché');
});

test("another process's change of the project shows on its page and in the lists", async () => {
  await page();
  await list();
  await elsewhere.query(`update projects set title = $1, status = 'completed' where id = $2`, [
    'Titre annoncé',
    projectId,
  ]);
  expect(await untilAnswered(page, (answer) => answer.title === 'Titre annoncé')).toMatchObject({
    title: 'Titre annoncé',
    status: 'completed',
  });
  expect(
    (await untilAnswered(list, (answer) => answer.projects[0].title === 'Titre annoncé')).projects[0],
  ).toMatchObject({ title: 'Titre annoncé', status: 'completed' });
});

test("what hangs off the page shows when it changes: final files, the brief's price, the editor's name", async () => {
  const before = await page();
  expect(before).toMatchObject({ finalFileCount: 0, editor: { firstName: 'Lise', lastName: 'Avant' } });
  expect(before.briefPrice?.priceCents).toBe(20_000);
  await list();

  await elsewhere.query(
    `insert into project_files (project_id, filename, file_type, file_size, uploaded_by, storage_bucket, storage_key)
     values ($1, 'final.mp4', 'final', 10, $2, $3, $4)`,
    [projectId, editorId, BUCKETS.projectFiles, `${projectId}/final.mp4`],
  );
  expect((await untilAnswered(page, (answer) => answer.finalFileCount === 1)).finalFileCount).toBe(1);

  await elsewhere.query(
    'update briefs set price_cents = 21000 where id = (select brief_id from projects where id = $1)',
    [projectId],
  );
  expect((await untilAnswered(page, (answer) => answer.briefPrice?.priceCents === 21_000)).briefPrice?.priceCents).toBe(
    21_000,
  );

  await elsewhere.query(`update editor_profiles set first_name = 'Lise-Marie' where user_id = $1`, [editorId]);
  expect((await untilAnswered(page, (answer) => answer.editor?.firstName === 'Lise-Marie')).editor?.firstName).toBe(
    'Lise-Marie',
  );
  expect(
    (await untilAnswered(list, (answer) => answer.projects[0].editorName === 'Lise-Marie Avant')).projects[0]
      .editorName,
  ).toBe('Lise-Marie Avant');
});

test("a notification written by another process shows in the user's bell", async () => {
  const before = await bell();
  const em = orm.em.fork();
  em.create(Notification, {
    userId,
    type: 'project_assigned',
    title: 'Annoncée',
    message: 'Une notification écrite ailleurs.',
    project: projectId,
  });
  await em.flush();
  const after = await untilAnswered(bell, (answer) => answer.notifications[0]?.title === 'Annoncée');
  expect(after.notifications[0].title).toBe('Annoncée');
  expect(after.unreadCount).toBe(before.unreadCount + 1);
});

test('a project deleted elsewhere is no longer found', async () => {
  const gone = await seedProject(orm.em.fork(), {
    client: { id: userId, email },
    status: 'brief_received',
    title: 'Projet éphémère',
  });
  expect((await get(`/api/projects/${gone}`)).status).toBe(200);
  await elsewhere.query('delete from projects where id = $1', [gone]);
  const answer = await untilAnswered(
    () => get<{ error?: string }>(`/api/projects/${gone}`),
    (read) => read.status === 404,
  );
  expect(answer).toEqual({ status: 404, body: { error: PROJECT_MESSAGES.notFound } });
});
