import fs from 'node:fs';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { CONTACT_SHEET_MESSAGES, SHOT_CSV_COLUMNS, type ShotListView } from '../../domain/contact-sheet';
import { ProjectFile } from '../../db/entities';
import type { ProjectFileView } from '../../domain/projects';
import { defaultStartFrame, framesToTimecode } from '../../domain/timecode';
import { UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { openProjectUploadSession, uploadThroughApi } from '../support/api-upload';
import { demoEditorTakesEverything } from '../support/editors';
import { waitUntil } from '../support/mail-server';
import { generatePictureClip } from '../support/media-clips';
import { generateTestImage, makeTempDir } from '../support/media-fixtures';
import { printedText } from '../support/pdf-text';
import { seedProject } from '../support/project-seed';
import { standardWizardBrief } from '../support/brief-fixtures';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { signInWithAnotherClient } from '../support/signed-in-parties';
import { testStack } from '../support/stack-env';

/**
 * Rush contact sheets against the real stack (own api, the stack's Temporal and worker, MinIO,
 * ffmpeg): a 1280×720 clip with hard cuts at known frames uploaded by the client as a source
 * becomes a sheet whose shots start at those frames exactly, with fetchable thumbnails, a PDF
 * whose text carries the timecodes and a CSV shot list; a picture gets no sheet; the client, the
 * assigned editor and an admin read it, another client may not, and a file of another project is
 * not found.
 */
jest.setTimeout(300_000);

const { config, accounts } = testStack();
const RATE = { num: 25, den: 1 };

let orm: MikroORM;
let api: OwnApi | undefined;
let base: string;
let removeOtherClient: (() => Promise<void>) | undefined;
let restoreOtherEditors: (() => Promise<void>) | undefined;
const tokens = { admin: '', editor: '', client: '', otherClient: '' };
const temp = makeTempDir('rushflow-contact-sheets-');
let projectId: string;
let otherProjectId: string;

async function call(
  route: string,
  token: string | null,
  init: { body?: unknown; headers?: Record<string, string> } = {},
) {
  return fetch(`${base}${route}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

async function json<T>(route: string, token: string | null, init?: Parameters<typeof call>[2]) {
  const response = await call(route, token, init);
  return { status: response.status, body: (await response.json()) as T & { error?: string } };
}

/** The client uploads `file` to the project's sources through the api at `apiBase`; answers its file id. */
async function uploadSource(file: string, name: string, type: string, apiBase = base): Promise<string> {
  const session = await openProjectUploadSession(apiBase, tokens.client, projectId, { fileType: 'source' });
  await uploadThroughApi(apiBase, tokens.client, session, { name, type, bytes: fs.readFileSync(file) });
  const files = await listFiles(tokens.client);
  return files.find((entry) => entry.filename === name)!.id;
}

async function listFiles(token: string, project = projectId): Promise<ProjectFileView[]> {
  const answer = await json<{ files: ProjectFileView[] }>(`/api/projects/${project}/files`, token);
  expect(answer.status).toBe(200);
  return answer.body.files;
}

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  base = api.base;
  const parties = await signInWithAnotherClient('client-planche');
  Object.assign(tokens, parties.tokens);
  removeOtherClient = parties.removeOtherClient;
  restoreOtherEditors = await demoEditorTakesEverything(orm.em, accounts.editor.id);
  const client = { id: accounts.client.id, email: accounts.client.email };
  projectId = await seedProject(orm.em.fork(), {
    client,
    status: 'in_progress',
    title: 'Portrait d’artisan',
    editorId: accounts.editor.id,
  });
  otherProjectId = await seedProject(orm.em.fork(), { client, status: 'in_progress', title: 'Autre projet' });
});

afterAll(async () => {
  await restoreOtherEditors?.();
  await api?.close();
  await removeOtherClient?.();
  temp.cleanup();
});

test('a rush’s shots, thumbnails, PDF and CSV, from one upload; a picture has no sheet; only the project’s parties read them', async () => {
  const clip = path.join(temp.dir, 'rush.mp4');
  const truth = generatePictureClip(
    clip,
    [
      { frames: 40, source: 0 },
      { frames: 75, from: 'cut', source: 1 },
      { frames: 33, from: 'cut', source: 2 },
      { frames: 60, from: 'cut', source: 4 },
      { frames: 52, from: 'cut', source: 7 },
    ],
    { size: '1280x720', rate: RATE.num },
  );
  const fileId = await uploadSource(clip, 'Interview atelier.mp4', 'video/mp4');
  const photoId = await uploadSource(generateTestImage(path.join(temp.dir, 'photo.png')), 'repérage.png', 'image/png');

  // The sheet is pending at once (the worker reads the rush), ready when the worker is done.
  const route = `/api/projects/${projectId}/files/${fileId}`;
  const pending = (await listFiles(tokens.client)).find((file) => file.id === fileId)!;
  if (pending.contactSheet?.status === 'pending') {
    expect(await json(`${route}/shots`, tokens.client)).toMatchObject({
      status: 409,
      body: { error: CONTACT_SHEET_MESSAGES.pending },
    });
    // A run under way is not started twice (it may have just ended: then the sheet is ready).
    const retry = await json(`${route}/contact-sheet/retry`, tokens.editor, { body: {} });
    expect(retry.status).toBe(409);
    expect([CONTACT_SHEET_MESSAGES.alreadyRunning, CONTACT_SHEET_MESSAGES.alreadyReady]).toContain(retry.body.error);
  }
  await waitUntil(
    async () => (await listFiles(tokens.client)).find((file) => file.id === fileId)?.contactSheet?.status !== 'pending',
    180_000,
    'the contact sheet',
  );
  const files = await listFiles(tokens.client);
  const starts = [0, ...truth.hardCuts];
  expect(files.find((file) => file.id === fileId)!.contactSheet).toEqual({
    status: 'ready',
    shotCount: starts.length,
    error: null,
  });
  expect(files.find((file) => file.id === photoId)!.contactSheet).toBeNull();

  // The shots start at the cuts' frames exactly, with the rush's timecode (01:00:00:00 without its own).
  const shots = await json<ShotListView>(`${route}/shots`, tokens.client);
  expect(shots.status).toBe(200);
  expect(shots.body.shots.map((shot) => shot.frameIn)).toEqual(starts);
  const ends = [...starts.slice(1), truth.frameCount].map((frame) => frame - 1);
  expect(shots.body.shots.map((shot) => shot.frameOut)).toEqual(ends);
  const start = defaultStartFrame(RATE);
  expect(shots.body.shots[1]).toMatchObject({
    number: 2,
    timecodeIn: framesToTimecode(start + 40, RATE),
    timecodeOut: framesToTimecode(start + 114, RATE),
    durationSeconds: 3,
  });
  for (const shot of shots.body.shots) {
    const thumbnail = await fetch(shot.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(Buffer.from(await thumbnail.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  }
  const stored = await orm.em.fork().findOneOrFail(ProjectFile, fileId);
  expect(stored.contactSheet?.shots?.[0]?.thumbnailKey).toBe(`contact-sheets/${projectId}/${fileId}/shot-0001.jpg`);

  // The PDF prints the file, the project and each shot's caption.
  const pdf = await call(`${route}/contact-sheet.pdf`, tokens.editor);
  expect(pdf.status).toBe(200);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  const text = printedText(Buffer.from(await pdf.arrayBuffer()));
  expect(text).toContain('Interview atelier.mp4');
  expect(text).toContain('Portrait d’artisan');
  for (const shot of shots.body.shots) expect(text).toContain(`Plan ${shot.number} — ${shot.timecodeIn}`);
  expect(text).toContain('Plan 2 — 01:00:01:15 — 3,0 s');

  // The CSV: BOM, `;`, one row a shot.
  const csv = await call(`${route}/shots.csv`, tokens.admin);
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  const bytes = Buffer.from(await csv.arrayBuffer());
  expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const rows = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(rows[0]).toBe(SHOT_CSV_COLUMNS.join(';'));
  expect(rows.slice(1)).toEqual(
    shots.body.shots.map(
      (shot) =>
        `${shot.number};${shot.timecodeIn};${shot.timecodeOut};${shot.durationSeconds.toFixed(1).replace('.', ',')};shot-${String(shot.number).padStart(4, '0')}.jpg`,
    ),
  );

  // Who may read it: as the files list.
  for (const suffix of ['shots', 'contact-sheet.pdf', 'shots.csv']) {
    for (const token of [tokens.client, tokens.editor, tokens.admin])
      expect((await call(`${route}/${suffix}`, token)).status).toBe(200);
    expect((await call(`${route}/${suffix}`, tokens.otherClient)).status).toBe(
      (await call(`/api/projects/${projectId}/files`, tokens.otherClient)).status,
    );
    expect((await call(`${route}/${suffix}`, tokens.otherClient)).status).toBe(403);
    expect((await call(`${route}/${suffix}`, null)).status).toBe(401);
    // The file through another project of the same client: not found.
    expect((await call(`/api/projects/${otherProjectId}/files/${fileId}/${suffix}`, tokens.client)).status).toBe(404);
  }
  expect(await json(`/api/projects/${projectId}/files/${photoId}/shots`, tokens.client)).toMatchObject({
    status: 404,
    body: { error: CONTACT_SHEET_MESSAGES.noSheet },
  });
  expect((await call(`/api/projects/${projectId}/files/not-a-file/shots`, tokens.client)).status).toBe(404);
  // Only a sheet that failed (or lost its run) is made again.
  expect(await json(`${route}/contact-sheet/retry`, tokens.client, { body: {} })).toMatchObject({
    status: 409,
    body: { error: CONTACT_SHEET_MESSAGES.alreadyReady },
  });
  expect(
    await json(`/api/projects/${projectId}/files/${photoId}/contact-sheet/retry`, tokens.editor, { body: {} }),
  ).toMatchObject({
    status: 404,
    body: { error: CONTACT_SHEET_MESSAGES.noSheet },
  });
});

test('a sheet whose run could not start says so and its retry makes it; a sheet left pending without a run is started again', async () => {
  // An api that cannot reach Temporal keeps the upload; the sheet cannot start and says so.
  const cutOff = await startOwnApi({ ...config, TEMPORAL_ADDRESS: '127.0.0.1:9' });
  let fileId: string;
  try {
    const clip = path.join(temp.dir, 'retry.mp4');
    generatePictureClip(
      clip,
      [
        { frames: 30, source: 0 },
        { frames: 30, from: 'cut', source: 3 },
      ],
      { size: '640x360', rate: RATE.num },
    );
    fileId = await uploadSource(clip, 'Plan large.mp4', 'video/mp4', cutOff.base);
  } finally {
    await cutOff.close();
  }
  const sheetOf = async () => (await listFiles(tokens.client)).find((file) => file.id === fileId)!.contactSheet;
  expect(await sheetOf()).toEqual({ status: 'failed', shotCount: 0, error: CONTACT_SHEET_MESSAGES.notStarted });

  const retry = `/api/projects/${projectId}/files/${fileId}/contact-sheet/retry`;
  expect((await call(retry, tokens.otherClient, { body: {} })).status).toBe(403);
  expect((await call(retry, null, { body: {} })).status).toBe(401);
  expect(
    (await call(`/api/projects/${otherProjectId}/files/${fileId}/contact-sheet/retry`, tokens.client, { body: {} }))
      .status,
  ).toBe(404);
  expect(await json(retry, tokens.client, { body: {} })).toEqual({
    status: 202,
    body: { contactSheet: { status: 'pending', shotCount: 0, error: null } },
  });
  await waitUntil(async () => (await sheetOf())?.status !== 'pending', 180_000, 'the retried contact sheet');
  expect(await sheetOf()).toEqual({ status: 'ready', shotCount: 2, error: null });
  expect(await json(retry, tokens.editor, { body: {} })).toMatchObject({
    status: 409,
    body: { error: CONTACT_SHEET_MESSAGES.alreadyReady },
  });

  // Pending with no run under way (a start lost some other way): the retry starts one.
  const em = orm.em.fork();
  const stored = await em.findOneOrFail(ProjectFile, fileId);
  stored.contactSheet = { status: 'pending' };
  await em.flush();
  expect((await call(retry, tokens.admin, { body: {} })).status).toBe(202);
  await waitUntil(async () => (await sheetOf())?.status !== 'pending', 180_000, 'the restarted contact sheet');
  const shots = await json<ShotListView>(`/api/projects/${projectId}/files/${fileId}/shots`, tokens.client);
  expect(shots.body.shots.map((shot) => shot.frameIn)).toEqual([0, 30]);
});

test('the rushes sent with a paid brief are its project’s sources, each video with its contact sheet', async () => {
  const clip = path.join(temp.dir, 'brief-rush.mp4');
  const truth = generatePictureClip(
    clip,
    [
      { frames: 36, source: 1 },
      { frames: 40, from: 'cut', source: 2 },
    ],
    { size: '640x360', rate: RATE.num },
  );
  // The client's rush, uploaded in the brief wizard, goes with the brief.
  const session = await json<{ sessionId: string; secret: string }>('/api/uploads/sessions', tokens.client, {
    body: { area: 'wizard' },
  });
  expect(session.status).toBe(201);
  await uploadThroughApi(base, tokens.client, session.body, {
    name: 'Tournage salon.mp4',
    type: 'video/mp4',
    bytes: fs.readFileSync(clip),
  });
  const brief = await json<{ briefId: string }>('/api/briefs', tokens.client, {
    body: { ...standardWizardBrief(accounts.client.email), upload_session_id: session.body.sessionId },
    headers: { [UPLOAD_SESSION_HEADER]: session.body.secret },
  });
  expect(brief.status).toBe(201);

  // Paid through the simulated checkout: the project is made with the rush among its files.
  const checkout = await json<{ sessionId: string }>(`/api/briefs/${brief.body.briefId}/checkout`, tokens.client, {
    body: {},
  });
  expect(checkout.status).toBe(200);
  expect((await call(`/api/payments/simulated/${checkout.body.sessionId}/pay`, null, { body: {} })).status).toBe(200);
  let paidProjectId: string | undefined;
  await waitUntil(
    async () => {
      paidProjectId = (await json<{ projectId?: string }>(`/api/payments/${checkout.body.sessionId}`, tokens.client))
        .body.projectId;
      return Boolean(paidProjectId);
    },
    60_000,
    'the paid project',
  );
  const rushOf = async () =>
    (await listFiles(tokens.client, paidProjectId)).find((file) => file.filename === 'Tournage salon.mp4');
  expect(await rushOf()).toMatchObject({ fileType: 'source' });
  await waitUntil(async () => (await rushOf())?.contactSheet?.status === 'ready', 180_000, 'the brief rush’s sheet');
  const rush = (await rushOf())!;
  expect(rush.contactSheet).toEqual({ status: 'ready', shotCount: 2, error: null });
  const shots = await json<ShotListView>(`/api/projects/${paidProjectId}/files/${rush.id}/shots`, tokens.client);
  expect(shots.body.shots.map((shot) => shot.frameIn)).toEqual([0, ...truth.hardCuts]);
  // Downloadable like any source (the client's own rush).
  expect((await fetch(rush.downloadUrl!)).status).toBe(200);
});
