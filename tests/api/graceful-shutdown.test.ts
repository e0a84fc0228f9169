import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { ProjectFile, ProjectVersion } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import { reconnectDelay } from '../../domain/events';
import { versionPreviewWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { versionPreviewWorkflowId } from '../../workflows/contracts/version-preview';
import { spawnUntilReady, startOnFreePorts } from '../support/free-port-process';
import { waitUntil } from '../support/mail-server';
import { generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { seedProject } from '../support/project-seed';
import { testStack } from '../support/stack-env';
import { ensureNamespace } from '../support/temporal-namespace';
import { WorkerProcesses } from '../support/worker-process';

/**
 * What a deploy does to a running instance: SIGTERM. The api stops taking connections, ends its live
 * streams with a reconnection hint, lets the request under way finish and exits 0; the worker lets
 * the activity under way (a preview's render, which a cancellation would kill) finish and exits 0.
 * Real processes on the test stack.
 */
jest.setTimeout(240_000);

const ROOT = path.join(__dirname, '..', '..');
const { config, accounts, signIn } = testStack();

/** How a process ended: its exit code, or the signal that killed it. */
function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** `GET /api/events` read as raw text: the fields a browser's EventSource reads, `retry:` included. */
function openRawStream(base: string, token: string): Promise<{ text: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/events`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      if (response.statusCode !== 200) reject(new Error(`the stream was refused (${response.statusCode})`));
      let text = '';
      const ended = new Promise<void>((done) => response.on('close', done));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('event: stream.ready')) resolve({ text: () => text, ended });
      });
    });
  });
}

/**
 * A POST whose headers have reached the api (it answered `100 Continue`) but whose body has not been
 * sent yet: a request under way for as long as the test wants. `send()` sends the body.
 */
function requestUnderWay(
  url: string,
  body: unknown,
): Promise<{ send: () => Promise<{ status: number; body: string }> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        expect: '100-continue',
      },
    });
    const answered = new Promise<{ status: number; body: string }>((done, fail) => {
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body: text }));
        response.on('error', fail);
      });
      request.on('error', fail);
    });
    request.on('error', reject);
    request.on('continue', () => resolve({ send: () => (request.end(payload), answered) }));
    request.flushHeaders();
  });
}

describe('the api process on SIGTERM', () => {
  let api: ChildProcess | undefined;

  afterAll(() => {
    if (api?.pid && api.exitCode === null && api.signalCode === null) process.kill(-api.pid, 'SIGKILL');
  });

  test('refuses new connections, ends the live stream with a retry hint, finishes the request under way, exits 0', async () => {
    let base = '';
    await startOnFreePorts(1, async ([port]) => {
      base = `http://127.0.0.1:${port}`;
      api = await spawnUntilReady(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['api/server.ts'], {
        cwd: ROOT,
        // Its own process group, which the end of the test kills whatever happened.
        detached: true,
        env: { ...process.env, PORT: String(port) },
        ready: async () => (await fetch(`${base}/api/pricing/settings`)).ok,
        timeoutMs: 60_000,
        what: `the api on ${port}`,
      });
    });
    const child = api!;
    const token = await signIn(accounts.client.email, accounts.client.password);
    const stream = await openRawStream(base, token);
    const estimate = await requestUnderWay(`${base}/api/estimate`, {
      serviceCategory: 'classic',
      visualComplexity: 'premium',
      rushMinutes: 120,
      finalMinutes: 10,
      currency: 'eur',
    });
    const exited = exitOf(child);

    // To tsx, which passes it to the api's node process: only that process, as `docker stop` does.
    child.kill('SIGTERM');

    await stream.ended;
    expect(stream.text()).toMatch(new RegExp(`^retry: ${reconnectDelay(0)}$`, 'm'));
    // The stream ends once the server has stopped listening: a new visitor goes elsewhere.
    await expect(fetch(`${base}/api/pricing/settings`)).rejects.toMatchObject({
      cause: { code: 'ECONNREFUSED' },
    });
    const answer = await estimate.send();
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ priceCents: expect.any(Number) });
    expect(await exited).toEqual({ code: 0, signal: null });
  });
});

describe('the worker process on SIGTERM', () => {
  const namespace = 'rushflow-graceful-shutdown';
  // The stack's own worker polls `default`: this one works alone in a namespace of the test's own.
  const workers = new WorkerProcesses(() => ({ ...config, TEMPORAL_NAMESPACE: namespace }));
  const temp = makeTempDir('rushflow-shutdown-');
  let orm: MikroORM;
  let connection: Connection;

  beforeAll(async () => {
    orm = await initOrm(config.DATABASE_URL);
    connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS });
    await ensureNamespace(connection, namespace);
  });

  afterAll(async () => {
    await workers.stopAll();
    await connection?.close();
    await orm?.close();
    temp.cleanup();
  });

  test('lets the preview under way finish (ffmpeg is not killed), then exits 0', async () => {
    // Long enough that its preview takes seconds to render.
    const video = generateTestVideo(path.join(temp.dir, 'final.mp4'), 12, { size: '1920x1080' });
    const key = `graceful-shutdown/${randomUUID()}/final.mp4`;
    const s3 = createS3Client(storageSettingsOf(config));
    await s3.send(new PutObjectCommand({ Bucket: BUCKETS.videoUploads, Key: key, Body: fs.readFileSync(video) }));
    const em = orm.em.fork();
    const projectId = await seedProject(em, {
      client: { id: null, email: `shutdown-${randomUUID()}@example.com` },
      editorId: accounts.editor.id,
      status: 'in_progress',
      title: 'Arrêt en douceur',
      files: [
        { filename: 'final.mp4', fileType: 'final', uploadedBy: accounts.editor.id, bucket: BUCKETS.videoUploads, key },
      ],
    });
    const file = await em.findOneOrFail(ProjectFile, { project: projectId });
    const version = em.create(ProjectVersion, {
      project: projectId,
      number: 1,
      projectFile: file,
      filename: file.filename,
      uploadedBy: accounts.editor.id,
    });
    await em.flush();

    const worker = workers.start();
    const exited = exitOf(worker.child);
    await new Client({ connection, namespace }).workflow.start(versionPreviewWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: versionPreviewWorkflowId(version.id),
      args: [{ versionId: version.id }],
    });
    const previewOf = () => orm.em.fork().findOneOrFail(ProjectVersion, { id: version.id });
    await waitUntil(async () => (await previewOf()).previewProgress > 0, 120_000, 'the preview under way');

    // The worker's node process only (through tsx), as `docker stop` does: its ffmpeg is not signalled.
    worker.child.kill('SIGTERM');

    expect(await exited).toEqual({ code: 0, signal: null });
    // Finished by the stopping worker itself: no other worker serves this namespace.
    expect(await previewOf()).toMatchObject({ previewStatus: 'ready', previewProgress: 100 });
  });
});
