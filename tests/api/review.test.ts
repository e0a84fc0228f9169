import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { Project, ProjectVersion } from '../../db/entities';
import { createS3Client, storageSettingsOf } from '../../clients/storage';
import { MESSAGES } from '../../domain/messages';
import type { ProjectDetail, ProjectFileView } from '../../domain/projects';
import {
  PREVIEW_KEYFRAME_INTERVAL,
  REVIEW_MESSAGES,
  type CommentView,
  type OriginalLinkView,
  type VersionView,
} from '../../domain/review';
import { LIFECYCLE_MESSAGES } from '../../domain/project-rules';
import { defaultStartFrame, timecodeToFrames } from '../../domain/timecode';
import { openProjectUploadSession, uploadThroughApi } from '../support/api-upload';
import { demoEditorTakesEverything } from '../support/editors';
import { waitUntil } from '../support/mail-server';
import { generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import { liveEvents, openStream, type OpenedStream } from '../support/sse-reader';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { signInWithAnotherClient } from '../support/signed-in-parties';
import { testStack } from '../support/stack-env';

/**
 * The review studio against the real stack (api of the test's own, the stack's Temporal, worker,
 * MinIO, ffprobe/ffmpeg): a real test-pattern video at 30000/1001 uploaded as the editor's final
 * becomes v1, probed exactly and previewed (H.264, ≤ 1080p, faststart, dense key frames) with its
 * progress on the live stream; a non-video final fails with its reason and is retried; comments
 * with drawings, replies, frame checks, resolve/reopen and their events; a revision round, the
 * unresolved comments carried to v2 at the same timecode (another rate and start); the originals
 * refused to the client until the approval; and no access for another client.
 */
jest.setTimeout(300_000);

const { config, accounts } = testStack();
const s3 = createS3Client(storageSettingsOf(config));

let orm: MikroORM;
let api: OwnApi | undefined;
let base: string;
let temporal: Client;
let restoreOtherEditors: (() => Promise<void>) | undefined;
let removeOtherClient: (() => Promise<void>) | undefined;
const tokens = { admin: '', editor: '', client: '', otherClient: '' };
const temp = makeTempDir('rushflow-review-');
let projectId: string;
let clientStream: OpenedStream;
let editorStream: OpenedStream;
let otherStream: OpenedStream;

async function call<T = Record<string, unknown>>(
  path: string,
  token: string | null,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string } };
}

function ffprobe(file: string, ...args: string[]): Record<string, unknown> {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', ...args, '-of', 'json', file], { encoding: 'utf8' }));
}

/** Top-level MP4 boxes, in order. */
function topLevelBoxes(file: string): string[] {
  const data = fs.readFileSync(file);
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= data.length;) {
    let size = data.readUInt32BE(offset);
    boxes.push(data.toString('latin1', offset + 4, offset + 8));
    if (size === 1) size = Number(data.readBigUInt64BE(offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

/** The editor's final upload through the real session routes (one multipart part); answers the file's view. */
async function uploadFinal(file: string, name: string, note?: string) {
  const session = await openProjectUploadSession(base, tokens.editor, projectId, {
    fileType: 'final',
    ...(note ? { note } : {}),
  });
  const { key } = await uploadThroughApi(base, tokens.editor, session, {
    name,
    type: 'video/mp4',
    bytes: fs.readFileSync(file),
  });
  return { key };
}

async function versions(token: string): Promise<VersionView[]> {
  const answer = await call<{ versions: VersionView[] }>(`/api/projects/${projectId}/versions`, token);
  expect(answer.status).toBe(200);
  return answer.body.versions;
}

async function versionOf(number: number, token = tokens.editor): Promise<VersionView> {
  return (await versions(token)).find((version) => version.number === number)!;
}

async function previewSettled(number: number): Promise<VersionView> {
  await waitUntil(
    async () => ['ready', 'failed'].includes((await versionOf(number)).preview.status),
    120_000,
    `the preview of v${number}`,
  );
  return versionOf(number);
}

async function action(name: string, token: string, body: unknown = {}) {
  return call<{ project: ProjectDetail }>(`/api/projects/${projectId}/actions/${name}`, token, { body });
}

const statusOf = async () => (await orm.em.fork().findOneOrFail(Project, projectId)).status;
const versionEvents = (stream: OpenedStream, number: number) =>
  liveEvents(stream.messages).filter((e) => e.type === 'project.version' && e.data.versionNumber === number);
const commentEvents = (stream: OpenedStream) => liveEvents(stream.messages).filter((e) => e.type === 'project.comment');

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  base = api.base;
  const parties = await signInWithAnotherClient('client-autre');
  Object.assign(tokens, parties.tokens);
  removeOtherClient = parties.removeOtherClient;
  restoreOtherEditors = await demoEditorTakesEverything(orm.em, accounts.editor.id);

  // A paid project run by its workflow, assigned to the demo editor and being edited.
  projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    status: 'brief_received',
    title: 'Film d’entreprise',
    videoType: 'corporate',
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
  });
  await startSeededProjectWorkflow(temporal, projectId);
  await waitUntil(async () => (await statusOf()) === 'assigned', 60_000, 'the assignment');
  expect((await action('start', tokens.editor)).status).toBe(200);
  [clientStream, editorStream, otherStream] = await Promise.all([
    openStream(base, tokens.client),
    openStream(base, tokens.editor),
    openStream(base, tokens.otherClient),
  ]);
});

afterAll(async () => {
  clientStream?.close();
  editorStream?.close();
  otherStream?.close();
  await restoreOtherEditors?.();
  await api?.close();
  await removeOtherClient?.();
  await temporal?.connection.close();
  temp.cleanup();
});

const NTSC: { num: number; den: number } = { num: 30000, den: 1001 };
let v1Frames = 0;

test('a real 29.97 test pattern uploaded as the final is v1: probed with the exact rate and frame count, previewed in H.264 ≤ 1080p with faststart, progress on the client’s stream', async () => {
  const original = generateTestVideo(path.join(temp.dir, 'montage v1.mp4'), 6, {
    rate: '30000/1001',
    size: '640x360',
  });
  const probed = ffprobe(
    original,
    '-count_frames',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=nb_read_frames,r_frame_rate',
  );
  const [stream] = probed.streams as { nb_read_frames: string; r_frame_rate: string }[];
  expect(stream.r_frame_rate).toBe('30000/1001');
  v1Frames = Number(stream.nb_read_frames);

  await uploadFinal(original, 'montage v1.mp4', 'Première version : à valider');
  const v1 = await previewSettled(1);
  expect(v1).toMatchObject({
    number: 1,
    note: 'Première version : à valider',
    filename: 'montage v1.mp4',
    preview: { status: 'ready', progress: 100, error: null, url: expect.stringContaining('/previews/') },
    media: {
      frameRate: NTSC,
      frameCount: v1Frames,
      width: 640,
      height: 360,
      startFrame: defaultStartFrame(NTSC),
      hasOwnTimecode: false,
    },
    comments: { open: 0, resolved: 0 },
    approvedAt: null,
    originalAvailable: true,
  });
  expect(v1.media!.durationSeconds).toBeCloseTo(6, 1);
  expect(v1.preview.url).toContain('X-Amz-Expires=600');

  // The preview as the client gets it: H.264, ≤ 1080p, moov first, every frame, a key frame every few frames.
  const client = await versionOf(1, tokens.client);
  expect(client.originalAvailable).toBe(false);
  const preview = path.join(temp.dir, 'preview-v1.mp4');
  const download = await fetch(client.preview.url!);
  expect(download.status).toBe(200);
  fs.writeFileSync(preview, Buffer.from(await download.arrayBuffer()));
  const video = (
    ffprobe(preview, '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,height,width,r_frame_rate,nb_frames')
      .streams as Record<string, string | number>[]
  )[0];
  expect(video).toMatchObject({ codec_name: 'h264', width: 640, height: 360, r_frame_rate: '30000/1001' });
  expect(Number(video.nb_frames)).toBe(v1Frames);
  const boxes = topLevelBoxes(preview);
  expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  const keyframes = (
    ffprobe(preview, '-select_streams', 'v:0', '-skip_frame', 'nokey', '-show_entries', 'frame=pts').frames as unknown[]
  ).length;
  expect(keyframes).toBeGreaterThanOrEqual(Math.floor(v1Frames / PREVIEW_KEYFRAME_INTERVAL));

  // Progress reached the client's stream live: processing from 0, never backwards, then ready at 100.
  await clientStream.waitFor(
    (messages) =>
      liveEvents(messages).some(
        (e) => e.type === 'project.version' && e.data.versionNumber === 1 && e.data.previewStatus === 'ready',
      ),
    20_000,
    'the ready event',
  );
  const events = versionEvents(clientStream, 1).map((e) => e.data as { previewStatus: string; progress: number });
  expect(events[0]).toMatchObject({ previewStatus: 'processing', progress: 0 });
  expect(events.at(-1)).toMatchObject({ previewStatus: 'ready', progress: 100 });
  const progress = events.map((e) => e.progress);
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);
});

test('the original is the editor’s and admins’ until an approval: the client gets 403, and no link in the files list', async () => {
  const locked = await call(`/api/projects/${projectId}/versions/1/original`, tokens.client);
  expect(locked).toEqual({ status: 403, body: { error: REVIEW_MESSAGES.originalLocked } });
  for (const token of [tokens.editor, tokens.admin]) {
    const open = await call<OriginalLinkView>(`/api/projects/${projectId}/versions/1/original`, token);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ filename: 'montage v1.mp4', expiresAt: expect.any(String) });
    const file = await fetch(open.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('montage v1.mp4');
  }
  const files = async (token: string) =>
    (await call<{ files: ProjectFileView[] }>(`/api/projects/${projectId}/files`, token)).body.files.filter(
      (file) => file.fileType === 'final',
    );
  expect((await files(tokens.client)).map((file) => file.downloadUrl)).toEqual([null]);
  expect((await files(tokens.editor))[0].downloadUrl).toContain('X-Amz-Signature');
  expect((await call(`/api/projects/${projectId}/versions/9/original`, tokens.editor)).status).toBe(404);
});

let pinned: CommentView;

test('comments: frames checked against the version, drawings, one level of replies, resolve and reopen, each with its event', async () => {
  const url = `/api/projects/${projectId}/versions/1/comments`;
  const drawing = {
    color: '#ef4444',
    shapes: [
      { kind: 'arrow', from: { x: 0.1, y: 0.1 }, to: { x: 0.5, y: 0.4 } },
      {
        kind: 'freehand',
        points: [
          { x: 0.2, y: 0.2 },
          { x: 0.25, y: 0.3 },
          { x: 0.3, y: 0.2 },
        ],
      },
    ],
  };
  const created = await call<{ comment: CommentView }>(url, tokens.client, {
    body: { body: '  Le logo arrive trop tôt.  ', frameIn: 60, frameOut: 90, drawing },
  });
  expect(created.status).toBe(201);
  pinned = created.body.comment;
  expect(pinned).toMatchObject({
    versionNumber: 1,
    parentId: null,
    author: { id: accounts.client.id, role: 'client', name: expect.any(String) },
    body: 'Le logo arrive trop tôt.',
    frameIn: 60,
    frameOut: 90,
    frameRate: NTSC,
    drawing,
    status: 'open',
    carriedFrom: null,
    revisionNumber: null,
    replies: [],
  });
  const reply = await call<{ comment: CommentView }>(url, tokens.editor, {
    body: {
      body: 'Je le décale d’une seconde.',
      parentId: pinned.id,
      drawing: { color: '#22c55e', shapes: [{ kind: 'rect', from: { x: 0, y: 0 }, to: { x: 0.5, y: 0.5 } }] },
    },
  });
  expect(reply.status).toBe(201);
  expect(reply.body.comment).toMatchObject({ parentId: pinned.id, author: { role: 'editor' }, frameIn: null });
  const second = await call<{ comment: CommentView }>(url, tokens.client, {
    body: { body: 'Dernière image : fondu au noir.', frameIn: v1Frames - 1 },
  });
  expect(second.status).toBe(201);

  // Refusals, in French, nothing written.
  const cases: [unknown, number, string, Record<string, string>?][] = [
    [
      { body: 'Trop loin', frameIn: v1Frames },
      400,
      REVIEW_MESSAGES.frameOutOfRange,
      { frameIn: REVIEW_MESSAGES.frameOutOfRange },
    ],
    [
      { body: 'Plage', frameIn: 10, frameOut: v1Frames + 5 },
      400,
      REVIEW_MESSAGES.frameOutOfRange,
      { frameOut: REVIEW_MESSAGES.frameOutOfRange },
    ],
    [
      { body: 'Envers', frameIn: 30, frameOut: 20 },
      400,
      MESSAGES.invalidInput,
      { frameOut: 'La fin de la plage précède son début.' },
    ],
    [{ body: 'Demi-image', frameIn: 1.5 }, 400, MESSAGES.invalidInput, { frameIn: 'Image invalide.' }],
    [{ body: 'Où ?' }, 400, MESSAGES.invalidInput, { frameIn: 'Indiquez l’image commentée.' }],
    [{ body: '   ', frameIn: 3 }, 400, MESSAGES.invalidInput, { body: 'Le commentaire ne peut pas être vide.' }],
    [
      { body: 'Couleur', frameIn: 3, drawing: { color: 'pink', shapes: drawing.shapes } },
      400,
      MESSAGES.invalidInput,
      { 'drawing.color': 'Couleur invalide.' },
    ],
    [{ body: 'Réponse à une réponse', parentId: reply.body.comment.id }, 400, REVIEW_MESSAGES.replyToReply],
    [{ body: 'Fil inconnu', parentId: '00000000-0000-4000-8000-000000000000' }, 404, REVIEW_MESSAGES.commentNotFound],
  ];
  for (const [body, status, error, fields] of cases) {
    const answer = await call(url, tokens.client, { body });
    expect(answer).toEqual({ status, body: { error, ...(fields ? { fields } : {}) } });
  }
  expect(
    (await call(`/api/projects/${projectId}/versions/7/comments`, tokens.client, { body: { body: 'x', frameIn: 1 } }))
      .status,
  ).toBe(404);

  // The threads, by frame, replies inside.
  const threads = (await call<{ comments: CommentView[] }>(url, tokens.editor)).body.comments;
  expect(threads.map((thread) => thread.body)).toEqual(['Le logo arrive trop tôt.', 'Dernière image : fondu au noir.']);
  expect(threads[0].replies.map((r) => r.body)).toEqual(['Je le décale d’une seconde.']);

  // Resolve and reopen (threads only), idempotent.
  const resolve = (id: string, change: 'resolve' | 'reopen', token = tokens.editor) =>
    call<{ comment: CommentView }>(`${url}/${id}/${change}`, token, { body: {} });
  const resolved = await resolve(second.body.comment.id, 'resolve');
  expect(resolved.body.comment).toMatchObject({
    status: 'resolved',
    resolvedByName: expect.any(String),
    resolvedAt: expect.any(String),
  });
  expect((await resolve(second.body.comment.id, 'resolve')).body.comment.status).toBe('resolved');
  expect((await resolve(second.body.comment.id, 'reopen', tokens.client)).body.comment).toMatchObject({
    status: 'open',
    resolvedAt: null,
  });
  expect(await resolve(reply.body.comment.id, 'resolve')).toEqual({
    status: 400,
    body: { error: REVIEW_MESSAGES.resolveReply },
  });
  expect((await resolve('00000000-0000-4000-8000-000000000000', 'resolve')).status).toBe(404);
  await resolve(second.body.comment.id, 'resolve');
  expect((await versionOf(1)).comments).toEqual({ open: 1, resolved: 1 });

  // Every change reached the other party's stream.
  await editorStream.waitFor(
    () => commentEvents(editorStream).filter((e) => e.data.change === 'created').length >= 3,
    10_000,
    'the comment events',
  );
  await clientStream.waitFor(() => commentEvents(clientStream).length >= 6, 10_000, 'the client’s comment events');
  expect(commentEvents(clientStream).map((e) => `${e.data.change}:${e.data.commentId}`)).toEqual(
    expect.arrayContaining([
      `created:${reply.body.comment.id}`,
      `resolved:${second.body.comment.id}`,
      `reopened:${second.body.comment.id}`,
    ]),
  );
});

test('another client reaches none of the versions, previews, originals or comments; unknown project 404', async () => {
  const other = tokens.otherClient;
  for (const suffix of ['versions', 'versions/1', 'versions/1/original', 'versions/1/comments']) {
    expect(await call(`/api/projects/${projectId}/${suffix}`, other)).toEqual({
      status: 403,
      body: { error: 'Accès refusé' },
    });
    expect((await call(`/api/projects/${projectId}/${suffix}`, null)).status).toBe(401);
  }
  expect(
    (await call(`/api/projects/${projectId}/versions/1/comments`, other, { body: { body: 'intrus', frameIn: 1 } }))
      .status,
  ).toBe(403);
  expect(
    (await call(`/api/projects/${projectId}/versions/1/comments/${pinned.id}/resolve`, other, { body: {} })).status,
  ).toBe(403);
  expect((await call(`/api/projects/${projectId}/versions/1/preview/retry`, other, { body: {} })).status).toBe(403);
  expect((await call(`/api/projects/${projectId}/actions/approve`, other, { body: { versionNumber: 1 } })).status).toBe(
    403,
  );
  expect(await call('/api/projects/00000000-0000-4000-8000-000000000000/versions', tokens.client)).toEqual({
    status: 404,
    body: { error: 'Projet introuvable' },
  });
  expect((await call(`/api/projects/${projectId}/versions/0`, tokens.client)).status).toBe(404);
  // The other client's stream, open since the start, never carried this project's events.
  expect(liveEvents(clientStream.messages).some((e) => e.data.projectId === projectId)).toBe(true);
  expect(liveEvents(otherStream.messages).filter((e) => e.data.projectId === projectId)).toEqual([]);
});

test('a revision round, a non-video v2 that fails with its reason and is retried, comments carried to v2 at the same timecode, then the approval opens the originals', async () => {
  // Delivered, then one round with the client's open comment(s).
  expect((await action('complete', tokens.editor)).body.project?.status).toBe('completed');
  expect((await action('approve', tokens.editor, { versionNumber: 1 })).body).toEqual({
    error: REVIEW_MESSAGES.approveClientOnly,
  });
  const round = await action('requestRevision', tokens.client, { versionNumber: 1, feedback: 'Voir les remarques.' });
  expect(round.status).toBe(200);
  expect(round.body.project).toMatchObject({ status: 'revision_requested', revisionCount: 1 });
  const sent = (
    await call<{ comments: CommentView[] }>(`/api/projects/${projectId}/versions/1/comments`, tokens.editor)
  ).body.comments;
  expect(sent.find((c) => c.id === pinned.id)?.revisionNumber).toBe(1);
  const started = await action('startRevision', tokens.editor);
  expect(started.status).toBe(200);
  // Once started, « Commencer » is no longer offered, and the workflow refuses it again the same way.
  expect(started.body.project.actions).not.toContain('startRevision');
  expect(await action('startRevision', tokens.editor)).toEqual({
    status: 409,
    body: { error: LIFECYCLE_MESSAGES.revisionAlreadyStarted },
  });
  expect(await action('completeRevision', tokens.editor)).toEqual({
    status: 409,
    body: { error: LIFECYCLE_MESSAGES.revisionNeedsNewVersion },
  });

  // v2 is not a video (an MP4 header, then noise): the preview fails and says why.
  const broken = path.join(temp.dir, 'montage v2.mp4');
  fs.writeFileSync(
    broken,
    Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000, 7)]),
  );
  const { key } = await uploadFinal(broken, 'montage v2.mp4', 'Corrections du premier tour');
  let v2 = await previewSettled(2);
  expect(v2).toMatchObject({
    preview: { status: 'failed', error: REVIEW_MESSAGES.previewNotVideo, url: null },
    media: null,
  });
  expect((await call(`/api/projects/${projectId}/versions/2/preview/retry`, tokens.client, { body: {} })).body).toEqual(
    {
      error: REVIEW_MESSAGES.previewRetryForbidden,
    },
  );
  expect((await call(`/api/projects/${projectId}/versions/1/preview/retry`, tokens.editor, { body: {} })).body).toEqual(
    {
      error: REVIEW_MESSAGES.previewAlreadyReady,
    },
  );
  const retried = await call<{ version: VersionView }>(
    `/api/projects/${projectId}/versions/2/preview/retry`,
    tokens.editor,
    {
      body: {},
    },
  );
  expect(retried.status).toBe(202);
  expect(retried.body.version.preview).toMatchObject({ status: 'processing', progress: 0, error: null });
  v2 = await previewSettled(2);
  expect(v2.preview).toMatchObject({ status: 'failed', error: REVIEW_MESSAGES.previewNotVideo });

  // The editor replaces the object with a real video (25 fps, its own start timecode 01:00:00:00) and retries.
  const real = generateTestVideo(path.join(temp.dir, 'v2-real.mp4'), 4, {
    rate: '25',
    size: '1920x1080',
    timecode: '01:00:00:00',
  });
  await s3.send(
    new PutObjectCommand({ Bucket: 'video-uploads', Key: key, Body: fs.readFileSync(real), ContentType: 'video/mp4' }),
  );
  expect((await call(`/api/projects/${projectId}/versions/2/preview/retry`, tokens.admin, { body: {} })).status).toBe(
    202,
  );
  v2 = await previewSettled(2);
  expect(v2).toMatchObject({
    preview: { status: 'ready', error: null },
    media: {
      frameRate: { num: 25, den: 1 },
      width: 1920,
      height: 1080,
      startFrame: timecodeToFrames('01:00:00:00', { num: 25, den: 1 }),
      hasOwnTimecode: true,
    },
  });
  const previewFile = path.join(temp.dir, 'preview-v2.mp4');
  fs.writeFileSync(previewFile, Buffer.from(await (await fetch(v2.preview.url!)).arrayBuffer()));
  expect(
    (
      ffprobe(previewFile, '-select_streams', 'v:0', '-show_entries', 'stream=height').streams as { height: number }[]
    )[0].height,
  ).toBeLessThanOrEqual(1080);

  // The open thread of v1 (with its reply) is on v2 at the same timecode: 01:00:02;00 at 29.97 → 01:00:02:00 at 25.
  const carried = (
    await call<{ comments: CommentView[] }>(`/api/projects/${projectId}/versions/2/comments`, tokens.client)
  ).body.comments;
  expect(carried).toHaveLength(1);
  expect(carried[0]).toMatchObject({
    body: 'Le logo arrive trop tôt.',
    carriedFrom: { versionNumber: 1, commentId: pinned.id },
    frameIn: 50,
    frameOut: 75,
    frameRate: { num: 25, den: 1 },
    status: 'open',
    revisionNumber: null,
    replies: [expect.objectContaining({ body: 'Je le décale d’une seconde.' })],
  });
  await clientStream.waitFor(
    () => commentEvents(clientStream).some((e) => e.data.change === 'carried' && e.data.versionNumber === 2),
    10_000,
    'the carried event',
  );
  // The editor ticks the round's item off on v1: its carried copy is resolved with it.
  await call(`/api/projects/${projectId}/versions/1/comments/${pinned.id}/resolve`, tokens.editor, { body: {} });
  expect((await versionOf(2)).comments).toEqual({ open: 0, resolved: 1 });

  // Revision delivered with v2; the client approves it: the originals open to them.
  expect((await action('completeRevision', tokens.editor)).body.project?.status).toBe('completed');
  expect((await call(`/api/projects/${projectId}/versions/2/original`, tokens.client)).status).toBe(403);
  const approved = await action('approve', tokens.client, { versionNumber: 2 });
  expect(approved.status).toBe(200);
  expect(approved.body.project).toMatchObject({ approvedVersionNumber: 2, reviewActions: [], actions: [] });
  expect(await action('approve', tokens.client, { versionNumber: 1 })).toEqual({
    status: 409,
    body: { error: REVIEW_MESSAGES.alreadyApproved },
  });
  const original = await call<OriginalLinkView>(`/api/projects/${projectId}/versions/2/original`, tokens.client);
  expect(original.status).toBe(200);
  const bytes = Buffer.from(await (await fetch(original.body.url)).arrayBuffer());
  expect(bytes.length).toBe(fs.statSync(real).size);
  expect((await versionOf(2, tokens.client)).originalAvailable).toBe(true);
  expect((await versionOf(2, tokens.client)).approvedAt).toEqual(expect.any(String));
  const files = (await call<{ files: ProjectFileView[] }>(`/api/projects/${projectId}/files`, tokens.client)).body
    .files;
  expect(files.filter((file) => file.fileType === 'final').every((file) => typeof file.downloadUrl === 'string')).toBe(
    true,
  );
  expect((await orm.em.fork().findOneOrFail(ProjectVersion, { project: projectId, number: 2 })).approvedBy).toBe(
    accounts.client.id,
  );
});

test('the client question through the api: asked by the editor, answered by the client, shown on the project', async () => {
  // A second project of its own, being edited.
  const questionProject = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    status: 'brief_received',
    title: 'Question au client',
    videoType: 'corporate',
    deliveryDate: new Date(Date.now() + 10 * 86_400_000),
  });
  await startSeededProjectWorkflow(temporal, questionProject);
  await waitUntil(
    async () => (await orm.em.fork().findOneOrFail(Project, questionProject)).status === 'assigned',
    60_000,
    'the assignment',
  );
  const act = (name: string, token: string, body: unknown = {}) =>
    call<{ project: ProjectDetail }>(`/api/projects/${questionProject}/actions/${name}`, token, { body });
  expect((await act('askClient', tokens.editor, { question: '  ' })).body).toMatchObject({
    error: MESSAGES.invalidInput,
    fields: { question: 'Posez votre question.' },
  });
  const asked = await act('askClient', tokens.editor, { question: 'Le logo en couleur ou en blanc ?' });
  expect(asked.status).toBe(200);
  expect(asked.body.project).toMatchObject({
    clientQuestion: { question: 'Le logo en couleur ou en blanc ?', askedByName: expect.any(String) },
    reviewActions: [],
  });
  const before = (await orm.em.fork().findOneOrFail(Project, questionProject)).deliveryDate!.getTime();
  const asClient = await call<{ project: ProjectDetail }>(`/api/projects/${questionProject}`, tokens.client);
  expect(asClient.body.project.reviewActions).toEqual(['answerClient']);
  expect((await act('askClient', tokens.editor, { question: 'Encore ?' })).body).toEqual({
    error: REVIEW_MESSAGES.questionPending,
  });
  expect((await act('answerClient', tokens.editor, { answer: 'Blanc' })).status).toBe(403);
  const answered = await act('answerClient', tokens.client, { answer: 'En blanc, merci.' });
  expect(answered.status).toBe(200);
  expect(answered.body.project).toMatchObject({ clientQuestion: null, reviewActions: [] });
  const after = (await orm.em.fork().findOneOrFail(Project, questionProject)).deliveryDate!.getTime();
  expect(after).toBeGreaterThan(before);
  expect(after - before).toBeLessThan(120_000);
  expect((await act('answerClient', tokens.client, { answer: 'Encore' })).body).toEqual({
    error: REVIEW_MESSAGES.noQuestion,
  });
  await act('cancel', tokens.admin);
});
