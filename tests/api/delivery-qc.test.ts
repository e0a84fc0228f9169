import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { connectTemporal } from '../../api/temporal/connection';
import { Project } from '../../db/entities';
import { describeFinding, LOUDNESS_TARGETS, QC_MESSAGES, type VersionAnalysisView } from '../../domain/delivery-qc';
import type { VersionView } from '../../domain/review';
import { openProjectUploadSession, uploadThroughApi } from '../support/api-upload';
import { demoEditorTakesEverything } from '../support/editors';
import { waitUntil } from '../support/mail-server';
import { makeTempDir } from '../support/media-fixtures';
import { seedProject, startSeededProjectWorkflow } from '../support/project-seed';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { signInWithAnotherClient } from '../support/signed-in-parties';
import { testStack } from '../support/stack-env';

/**
 * Delivery QC on the real stack: a version made of a moving picture, a second of black, then a
 * still test card, with a 1 kHz tone interrupted by 2.4 s of silence, uploaded by the editor. The
 * preview's pass measures it (worker, ffmpeg): the report names the black, the frozen picture and
 * the silence at their frames, and checks the picture against a brief that asked for a one-minute
 * portrait video for YouTube; scene cuts and the waveform are stored. The client sees the report
 * only once the editor shared it; another client sees nothing.
 */
jest.setTimeout(300_000);

const { config, accounts } = testStack();
const RATE = { num: 25, den: 1 };

let orm: MikroORM;
let api: OwnApi | undefined;
let temporal: Client;
let restoreOtherEditors: (() => Promise<void>) | undefined;
let removeOtherClient: (() => Promise<void>) | undefined;
const tokens = { admin: '', editor: '', client: '', otherClient: '' };
const temp = makeTempDir('rushflow-delivery-qc-');
let projectId: string;

async function call<T>(url: string, token: string, body?: unknown) {
  const response = await fetch(`${api!.base}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string } };
}

/**
 * 10 s at 25 fps, 640 × 360: testsrc2 (0–4 s), black (4–5 s), a still test card (5–10 s); a 1 kHz
 * tone at −20 dBFS (ffmpeg’s sine is at 1/8, then ×0.8), silent from 6 s to 8.4 s.
 */
function qcClip(file: string): string {
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'color=black:size=640x360:rate=25:duration=1'],
    ...['-f', 'lavfi', '-i', 'smptebars=size=640x360:rate=25:duration=5'],
    ...[
      '-f',
      'lavfi',
      '-i',
      "sine=frequency=1000:sample_rate=48000:duration=10,volume=0.8,volume=enable='between(t,6,8.4)':volume=0",
    ],
    ...['-filter_complex', '[0:v][1:v][2:v]concat=n=3,format=yuv420p[v]', '-map', '[v]', '-map', '3:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '192k', file],
  ]);
  return file;
}

async function uploadFinal(file: string, name: string) {
  const session = await openProjectUploadSession(api!.base, tokens.editor, projectId, { fileType: 'final' });
  await uploadThroughApi(api!.base, tokens.editor, session, { name, type: 'video/mp4', bytes: fs.readFileSync(file) });
}

const versionOf = async (token: string) =>
  (await call<{ versions: VersionView[] }>(`/api/projects/${projectId}/versions`, token)).body.versions.find(
    (version) => version.number === 1,
  )!;
const analysisOf = (token: string) =>
  call<VersionAnalysisView>(`/api/projects/${projectId}/versions/1/analysis`, token);

beforeAll(async () => {
  api = await startOwnApi(config);
  orm = api.orm;
  temporal = await connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  const parties = await signInWithAnotherClient('client-qc');
  Object.assign(tokens, parties.tokens);
  removeOtherClient = parties.removeOtherClient;
  restoreOtherEditors = await demoEditorTakesEverything(orm.em, accounts.editor.id);
  projectId = await seedProject(orm.em.fork(), {
    client: { id: accounts.client.id, email: accounts.client.email },
    status: 'brief_received',
    title: 'Teaser vertical',
    finalDurationMinutes: 1,
    brief: { distributionPlatforms: ['YouTube', 'Instagram'], deliveryFormats: ['vertical'] },
  });
  await startSeededProjectWorkflow(temporal, projectId);
  const statusOf = async () => (await orm.em.fork().findOneOrFail(Project, projectId)).status;
  await waitUntil(async () => (await statusOf()) === 'assigned', 60_000, 'the assignment');
  expect((await call(`/api/projects/${projectId}/actions/start`, tokens.editor, {})).status).toBe(200);
});

afterAll(async () => {
  await restoreOtherEditors?.();
  await api?.close();
  await removeOtherClient?.();
  await temporal?.connection.close();
  temp.cleanup();
});

test('the preview’s pass measures the version: black, frozen and silent stretches at their frames, the brief’s format, cuts and waveform', async () => {
  await uploadFinal(qcClip(path.join(temp.dir, 'teaser.mp4')), 'teaser.mp4');
  await waitUntil(async () => (await versionOf(tokens.editor)).analysis.status === 'ready', 180_000, 'the analysis');
  const version = await versionOf(tokens.editor);
  expect(version.preview.status).toBe('ready');
  const { status, body } = await analysisOf(tokens.editor);
  expect(status).toBe(200);
  const report = body.qc!;
  expect(report.target).toEqual(LOUDNESS_TARGETS.streaming);
  const warning = (check: string) => report.findings.filter((f) => f.check === check && f.status === 'warning');
  const clock = { frameRate: RATE, startFrame: version.media!.startFrame };

  // Black from 4 s to 5 s: frames 100–124.
  expect(warning('black').map((f) => f.span)).toEqual([{ frameIn: 100, frameOut: 124 }]);
  // The still test card from 5 s to the end (told once, not again inside the black).
  expect(warning('freeze').map((f) => f.span)).toEqual([{ frameIn: 125, frameOut: 249 }]);
  // The 2.4 s of silence from 6 s (frame 150), give or take the AAC encoder's frame.
  const [silence] = warning('silence');
  expect(Math.abs(silence!.span!.frameIn - 150)).toBeLessThanOrEqual(1);
  expect(Math.abs(silence!.span!.frameOut - 209)).toBeLessThanOrEqual(1);
  expect(describeFinding(silence!, clock)).toMatch(/^Silence de 2,[345] s à 01:00:06:0[0-1]$/);

  // A −20 dBFS tone is far under YouTube's −14 LUFS; its peak is well under −1 dBTP.
  expect(warning('loudness')).toHaveLength(1);
  expect(report.findings.find((f) => f.check === 'truePeak')).toMatchObject({ status: 'ok' });
  // Landscape 640 × 360 for a portrait brief, 10 s for one minute, under HD.
  expect(describeFinding(warning('aspectRatio')[0]!, clock)).toBe(
    'Format d’image différent du brief : 640 × 360 (attendu 9:16)',
  );
  expect(describeFinding(warning('duration')[0]!, clock)).toBe(
    'Durée éloignée de celle du brief : 10 s (attendu 1 min)',
  );
  expect(warning('resolution')).toHaveLength(1);
  expect(report.findings.find((f) => f.check === 'frameRate')).toMatchObject({ status: 'ok', measured: '25 i/s' });
  expect(report.findings.find((f) => f.check === 'codec')).toMatchObject({ status: 'ok', measured: 'H.264' });
  expect(report.warnings).toBe(report.findings.filter((f) => f.status === 'warning').length);
  expect(version.analysis).toEqual({ status: 'ready', warnings: report.warnings, qcShared: false });

  // The picture changes at 4 s (into black) and at 5 s (the test card).
  expect(body.sceneCuts).toEqual([100, 125]);
  // 20 bins a second over 10 s; the silence is flat, the tone is not.
  const peaks = body.waveform!.peaks;
  expect(peaks.length).toBeGreaterThanOrEqual(2 * 195);
  const binAt = (seconds: number) => Math.floor(seconds / body.waveform!.secondsPerBin) * 2;
  expect(peaks[binAt(2) + 1]).toBeGreaterThan(5);
  expect(peaks[binAt(7) + 1]).toBe(0);
});

test('the client sees the report once the editor shared it; the client cannot share it; another client sees nothing', async () => {
  const before = await analysisOf(tokens.client);
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({ status: 'ready', qc: null, qcShared: false });
  expect(before.body.sceneCuts).toEqual([100, 125]);
  expect((await versionOf(tokens.client)).analysis).toEqual({ status: 'ready', warnings: null, qcShared: false });

  const refused = await call(`/api/projects/${projectId}/versions/1/analysis/share`, tokens.client, {});
  expect(refused).toEqual({ status: 403, body: { error: QC_MESSAGES.shareForbidden } });
  expect((await analysisOf(tokens.otherClient)).status).toBe(403);
  expect((await call(`/api/projects/${projectId}/versions/1/analysis/share`, tokens.otherClient, {})).status).toBe(403);
  expect((await call(`/api/projects/${projectId}/versions/7/analysis`, tokens.editor)).status).toBe(404);

  const shared = await call<VersionAnalysisView>(
    `/api/projects/${projectId}/versions/1/analysis/share`,
    tokens.editor,
    {},
  );
  expect(shared.status).toBe(200);
  expect(shared.body.qcShared).toBe(true);
  // Sharing again changes nothing.
  expect((await call(`/api/projects/${projectId}/versions/1/analysis/share`, tokens.admin, {})).status).toBe(200);
  const after = await analysisOf(tokens.client);
  expect(after.body.qc).toEqual(shared.body.qc);
  expect((await versionOf(tokens.client)).analysis).toMatchObject({
    qcShared: true,
    warnings: shared.body.qc!.warnings,
  });
});
