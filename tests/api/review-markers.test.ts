import type { MikroORM } from '@mikro-orm/postgresql';
import { BUCKETS } from '../../clients/storage';
import { ProjectFile, ProjectVersion, VersionComment } from '../../db/entities';
import { MESSAGES } from '../../domain/messages';
import { PROJECT_MESSAGES } from '../../domain/projects';
import { REVIEW_MESSAGES } from '../../domain/review';
import { seedProject } from '../support/project-seed';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/**
 * `GET /api/projects/{projectId}/versions/{n}/markers?format=…` on an api instance of this test's
 * own: who may download, the French errors, and each format's type and file name. The files'
 * contents are checked by the unit tests (golden files, OpenTimelineIO).
 */
jest.setTimeout(90_000);

const { config, accounts, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();

let orm: MikroORM;
let api: OwnApi | undefined;
let base: string;
const tokens = { client: '', otherClient: '', editor: '', admin: '' };
let otherClientId = '';
let projectId = '';

async function get(path: string, token: string | null) {
  const response = await fetch(`${base}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const type = response.headers.get('content-type') ?? '';
  const raw = Buffer.from(await response.arrayBuffer());
  const body = type.includes('json') ? (JSON.parse(raw.toString()) as Record<string, unknown>) : {};
  return { status: response.status, type, raw, body, headers: response.headers };
}

const markers = (format: string, version = 1) =>
  `/api/projects/${projectId}/versions/${version}/markers?format=${format}`;

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  base = api.base;

  const otherEmail = `client-marqueurs-${Date.now()}@example.com`;
  otherClientId = await keycloak.createUser({
    email: otherEmail,
    firstName: 'Autre',
    lastName: 'Client',
    password: 'Client123!',
    emailVerified: true,
  });
  [tokens.client, tokens.otherClient, tokens.editor, tokens.admin] = await Promise.all([
    signIn(accounts.client.email, accounts.client.password),
    signIn(otherEmail, 'Client123!'),
    signIn(accounts.editor.email, accounts.editor.password),
    signIn(accounts.admin.email, accounts.admin.password),
  ]);

  const em = orm.em.fork();
  projectId = await seedProject(em, {
    client: { id: accounts.client.id, email: accounts.client.email },
    editorId: accounts.editor.id,
    status: 'completed',
    title: 'Film d’été',
    files: [
      { filename: 'film-v1.mov', fileType: 'final', uploadedBy: accounts.editor.id, bucket: BUCKETS.videoUploads },
      { filename: 'film-v2.mov', fileType: 'final', uploadedBy: accounts.editor.id, bucket: BUCKETS.videoUploads },
    ],
  });
  const [first, second] = await em.find(ProjectFile, { project: projectId }, { orderBy: { createdAt: 'asc' } });
  const version = em.create(ProjectVersion, {
    project: projectId,
    number: 1,
    projectFile: first,
    filename: first.filename,
    uploadedBy: accounts.editor.id,
    previewStatus: 'ready',
    frameRateNum: 30000,
    frameRateDen: 1001,
    frameCount: 5400,
    durationSeconds: 180.18,
    width: 1920,
    height: 1080,
    startFrame: 107_892,
    hasOwnTimecode: false,
    probedAt: new Date(),
  });
  // Version 2 is still being probed: no rate yet.
  em.create(ProjectVersion, {
    project: projectId,
    number: 2,
    projectFile: second,
    filename: second.filename,
    uploadedBy: accounts.editor.id,
  });
  const author = { authorId: accounts.client.id, authorName: 'Élise Martin', authorRole: 'client' as const };
  const point = em.create(VersionComment, {
    project: projectId,
    version,
    ...author,
    body: 'Le logo arrive trop tôt & trop gros',
    frameIn: 48,
    rateNum: 30000,
    rateDen: 1001,
  });
  em.create(VersionComment, {
    project: projectId,
    version,
    ...author,
    body: 'Couleur | saturation',
    frameIn: 120,
    frameOut: 239,
    rateNum: 30000,
    rateDen: 1001,
    status: 'resolved',
    resolvedAt: new Date(),
  });
  await em.flush();
  em.create(VersionComment, {
    project: projectId,
    version,
    parentId: point.id,
    authorId: accounts.editor.id,
    authorName: 'Léa Monteuse',
    authorRole: 'editor',
    body: 'C’est noté',
  });
  await em.flush();
});

afterAll(async () => {
  await api?.close();
  if (otherClientId) await keycloak.deleteUser(otherClientId).catch(() => undefined);
});

describe('who may download the markers', () => {
  test.each([
    ['client', 200],
    ['editor', 200],
    ['admin', 200],
    ['otherClient', 403],
  ] as const)('%s → %i', async (who, expected) => {
    const answer = await get(markers('csv'), tokens[who]);
    expect(answer.status).toBe(expected);
    if (expected === 403) expect(answer.body).toEqual({ error: PROJECT_MESSAGES.accessDenied });
  });

  test('anonymous → 401; unknown project → 404 Projet introuvable', async () => {
    expect(await get(markers('csv'), null)).toMatchObject({ status: 401, body: { error: MESSAGES.unauthenticated } });
    const unknown = await get(
      '/api/projects/00000000-0000-4000-8000-000000000000/versions/1/markers?format=csv',
      tokens.admin,
    );
    expect(unknown).toMatchObject({ status: 404, body: { error: PROJECT_MESSAGES.notFound } });
  });
});

describe('errors', () => {
  test('a missing or unknown format → 400 in French, naming the formats', async () => {
    for (const path of [
      `/api/projects/${projectId}/versions/1/markers`,
      markers('aaf'),
      `${markers('csv')}&format=edl`,
    ]) {
      const answer = await get(path, tokens.client);
      expect(answer).toMatchObject({
        status: 400,
        body: {
          error: MESSAGES.invalidInput,
          fields: { format: 'Format inconnu (premiere, resolve, fcpxml, avid ou csv).' },
        },
      });
    }
  });

  test('an unknown version → 404 Version introuvable', async () => {
    for (const version of ['3', '0', 'v1', '1.5', '99999999999']) {
      const answer = await get(`/api/projects/${projectId}/versions/${version}/markers?format=premiere`, tokens.editor);
      expect(answer).toMatchObject({ status: 404, body: { error: REVIEW_MESSAGES.versionNotFound } });
    }
  });

  test('a version not yet measured → 409, no file', async () => {
    const answer = await get(markers('resolve', 2), tokens.editor);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(/pas encore été analysée/);
  });
});

describe('the files', () => {
  test.each([
    ['premiere', 'application/xml; charset=utf-8', 'film-d-ete-v1.xml'],
    ['resolve', 'text/plain; charset=utf-8', 'film-d-ete-v1.edl'],
    ['fcpxml', 'application/xml; charset=utf-8', 'film-d-ete-v1.fcpxml'],
    ['avid', 'text/plain; charset=utf-8', 'film-d-ete-v1.txt'],
    ['csv', 'text/csv; charset=utf-8', 'film-d-ete-v1.csv'],
  ])('%s: %s, attachment %s', async (format, type, filename) => {
    const answer = await get(markers(format), tokens.client);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe(type);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.raw.length).toBeGreaterThan(0);
  });

  test('the comments are in the files at their timecodes, replies folded in', async () => {
    const edl = (await get(markers('resolve'), tokens.editor)).raw.toString('utf8');
    expect(edl).toContain('FCM: DROP FRAME');
    expect(edl).toContain('001  001      V     C        01:00:01;18 01:00:01;19 01:00:01;18 01:00:01;19');
    expect(edl).toContain(
      ' |C:ResolveColorBlue |M:Élise Martin : Le logo arrive trop tôt & trop gros ↳ Léa Monteuse : C’est noté |D:1',
    );
    expect(edl).toContain(' |C:ResolveColorGreen |M:Élise Martin : Couleur / saturation |D:120');
    const csv = (await get(markers('csv'), tokens.admin)).raw.toString('utf8');
    expect(csv.startsWith('\uFEFFImage début,')).toBe(true);
    expect(csv).toContain('120,239,01:00:04;00,01:00:07;29,Élise Martin,Couleur | saturation,résolu\r\n');
    const fcpxml = (await get(markers('fcpxml'), tokens.client)).raw.toString('utf8');
    expect(fcpxml).toContain('tcStart="107999892/30000s"');
    expect(fcpxml).toContain('value="Élise Martin : Couleur | saturation" completed="1"');
  });
});
