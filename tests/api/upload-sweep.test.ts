import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketLifecycleConfigurationCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  ListPartsCommand,
  type LifecycleRule,
} from '@aws-sdk/client-s3';
import type { Client } from '@temporalio/client';
import { EXPIRE_UNATTACHED_UPLOADS_AFTER_DAYS, UNATTACHED_UPLOAD_TAG } from '../../api/storage/buckets';
import { connectTemporal } from '../../api/temporal/connection';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import { UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { uploadSweepWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { UPLOAD_SWEEP_SCHEDULE_ID, type UploadSweepInput } from '../../workflows/contracts/upload-sweep';
import { standardWizardBrief } from '../support/brief-fixtures';
import { generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/**
 * The storage nobody took, attacked as a visitor would: files uploaded anonymously and never sent
 * with a brief, an upload left half-way. The sweep (the workflow the hourly Schedule starts, run
 * here on demand) removes them once they are a day old, and keeps what a brief took.
 */
jest.setTimeout(120_000);

const { config } = testStack();
const s3 = createS3Client(storageSettingsOf(config));
const MIB = 1024 * 1024;
const temp = makeTempDir('upload-sweep-');
let api: OwnApi;
let temporal: Client;
let video: Buffer;

beforeAll(async () => {
  [api, temporal] = await Promise.all([
    startOwnApi(config),
    connectTemporal(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE),
  ]);
  video = fs.readFileSync(generateTestVideo(path.join(temp.dir, 'rush.mp4'), 1));
});

afterAll(async () => {
  await api?.close();
  await temporal?.connection.close();
  temp.cleanup();
});

async function call(route: string, init: { body?: unknown; secret?: string } = {}) {
  const response = await fetch(`${api.base}${route}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.secret ? { [UPLOAD_SESSION_HEADER]: init.secret } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

async function anonymousSession() {
  const created = await call('/api/uploads/sessions', { body: { area: 'wizard' } });
  expect(created.status).toBe(201);
  return created.body as { sessionId: string; secret: string };
}

/** Sends a real video through the upload routes, as the browser does; answers its key. */
async function uploadVideo(sessionId: string, secret: string): Promise<string> {
  const files = `/api/uploads/sessions/${sessionId}/files`;
  const added = await call(files, { secret, body: { name: 'rush.mp4', size: video.length, type: 'video/mp4' } });
  expect(added.status).toBe(201);
  const fileId = added.body.fileId as string;
  const sign = async (body: unknown) => (await call(`${files}/${fileId}/sign`, { secret, body })).body.url as string;
  const put = await fetch(await sign({ operation: 'uploadPart', partNumber: 1 }), { method: 'PUT', body: video });
  expect(put.status).toBe(200);
  const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${put.headers.get('etag')}</ETag></Part></CompleteMultipartUpload>`;
  expect((await fetch(await sign({ operation: 'complete' }), { method: 'POST', body: xml })).status).toBe(200);
  expect((await call(`${files}/${fileId}/complete`, { secret, body: {} })).body).toMatchObject({
    status: 'completed',
  });
  return added.body.key as string;
}

/** Starts a file of two parts and sends only the first: a multipart upload left half-way. */
async function halfUpload(sessionId: string, secret: string) {
  const files = `/api/uploads/sessions/${sessionId}/files`;
  const added = await call(files, { secret, body: { name: 'long.mp4', size: 16 * MIB, type: 'video/mp4' } });
  const fileId = added.body.fileId as string;
  const url = (await call(`${files}/${fileId}/sign`, { secret, body: { operation: 'uploadPart', partNumber: 1 } })).body
    .url as string;
  expect((await fetch(url, { method: 'PUT', body: Buffer.alloc(8 * MIB) })).status).toBe(200);
  return { key: added.body.key as string, uploadId: added.body.uploadId as string };
}

const stored = (key: string) =>
  s3.send(new HeadObjectCommand({ Bucket: BUCKETS.briefs, Key: key })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NotFound') return false;
      throw error;
    },
  );

const unfinished = (upload: { key: string; uploadId: string }) =>
  s3.send(new ListPartsCommand({ Bucket: BUCKETS.briefs, Key: upload.key, UploadId: upload.uploadId })).then(
    () => true,
    (error: { name?: string }) => {
      if (error.name === 'NoSuchUpload') return false;
      throw error;
    },
  );

const tagsOf = async (key: string) =>
  (await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKETS.briefs, Key: key }))).TagSet ?? [];

/** The session and its files as made a day and an hour earlier: the sweep's age reached. */
async function ageSession(sessionId: string) {
  const connection = api.orm.em.getConnection();
  await connection.execute(
    `update "upload_sessions" set "created_at" = "created_at" - interval '25 hours' where "id" = ?`,
    [sessionId],
  );
  await connection.execute(
    `update "uploaded_files" set "created_at" = "created_at" - interval '25 hours' where "session_id" = ?`,
    [sessionId],
  );
}

const sweep = (input: UploadSweepInput = {}) =>
  temporal.workflow.execute(uploadSweepWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: `upload-sweep-test-${randomUUID()}`,
    args: [input],
  });

test('the worker declares the hourly sweep as a Temporal Schedule', async () => {
  const schedule = await temporal.schedule.getHandle(UPLOAD_SWEEP_SCHEDULE_ID).describe();
  expect(schedule.action).toMatchObject({ type: 'startWorkflow', workflowType: 'uploadSweepWorkflow' });
  expect(schedule.spec.intervals).toEqual([expect.objectContaining({ every: 60 * 60 * 1000 })]);
});

test('an anonymous visitor’s uploads without a brief are gone from storage a day later; a brief’s stay', async () => {
  const visitor = await anonymousSession();
  const abandonedKey = await uploadVideo(visitor.sessionId, visitor.secret);
  const halfWay = await halfUpload(visitor.sessionId, visitor.secret);
  expect(await tagsOf(abandonedKey)).toEqual([UNATTACHED_UPLOAD_TAG]);

  const client = await anonymousSession();
  const keptKey = await uploadVideo(client.sessionId, client.secret);
  const brief = await fetch(`${api.base}/api/briefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [UPLOAD_SESSION_HEADER]: client.secret },
    body: JSON.stringify({
      ...standardWizardBrief(`sweep-${randomUUID()}@example.com`),
      upload_session_id: client.sessionId,
    }),
  });
  expect(brief.status).toBe(201);
  // Taken by the brief: the lifecycle rule's tag is gone too.
  expect(await tagsOf(keptKey)).toEqual([]);

  // Younger than a day: the sweep leaves everything.
  await sweep();
  expect(await stored(abandonedKey)).toBe(true);
  expect(await unfinished(halfWay)).toBe(true);

  await ageSession(visitor.sessionId);
  await ageSession(client.sessionId);
  expect(await sweep()).toMatchObject({ filesRemoved: expect.any(Number) });

  expect(await stored(abandonedKey)).toBe(false);
  expect(await unfinished(halfWay)).toBe(false);
  // The app no longer knows the session: nothing points at the deleted objects.
  expect((await call(`/api/uploads/sessions/${visitor.sessionId}/files`, { secret: visitor.secret })).status).toBe(404);
  expect(await stored(keptKey)).toBe(true);
  const [kept] = (await api.orm.em
    .fork()
    .getConnection()
    .execute(`select count(*)::int as n from "uploaded_files" where "session_id" = ?`, [client.sessionId])) as {
    n: number;
  }[];
  expect(kept.n).toBe(1);
});

test('a file whose object the lifecycle rule already expired is not offered to the brief', async () => {
  const client = await anonymousSession();
  const expiredKey = await uploadVideo(client.sessionId, client.secret);
  const keptKey = await uploadVideo(client.sessionId, client.secret);
  // What the bucket's expiry rule does to an untaken object.
  await s3.send(new DeleteObjectCommand({ Bucket: BUCKETS.briefs, Key: expiredKey }));
  const brief = await fetch(`${api.base}/api/briefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [UPLOAD_SESSION_HEADER]: client.secret },
    body: JSON.stringify({
      ...standardWizardBrief(`sweep-${randomUUID()}@example.com`),
      upload_session_id: client.sessionId,
    }),
  });
  expect(brief.status).toBe(201);
  const { briefId } = (await brief.json()) as { briefId: string };
  const [row] = (await api.orm.em
    .fork()
    .getConnection()
    .execute(`select "uploaded_files" from "briefs" where "id" = ?`, [briefId])) as {
    uploaded_files: { key: string }[];
  }[];
  expect(row.uploaded_files.map((file) => file.key)).toEqual([keptKey]);
});

test('a multipart upload the app has no file for is aborted once past the age', async () => {
  const stray = await s3.send(
    new CreateMultipartUploadCommand({ Bucket: BUCKETS.briefs, Key: `anonymous/${Date.now()}_stray.mp4` }),
  );
  const upload = { key: stray.Key as string, uploadId: stray.UploadId as string };
  await sweep();
  expect(await unfinished(upload)).toBe(true);
  // Run with the age already reached for it (the Schedule's runs use a day).
  const result = await sweep({ olderThanMs: 0 });
  expect(result.uploadsAborted).toBeGreaterThanOrEqual(1);
  expect(await unfinished(upload)).toBe(false);
});

test('bucket lifecycle rules back the sweep up: untaken brief and application uploads expire, project files never', async () => {
  const rulesOf = async (Bucket: string): Promise<LifecycleRule[]> =>
    s3.send(new GetBucketLifecycleConfigurationCommand({ Bucket })).then(
      (answer) => answer.Rules ?? [],
      (error: { name?: string }) => {
        if (error.name === 'NoSuchLifecycleConfiguration') return [];
        throw error;
      },
    );
  for (const bucket of [BUCKETS.briefs, BUCKETS.applicationPhotos]) {
    expect(await rulesOf(bucket)).toContainEqual(
      expect.objectContaining({
        ID: 'expire-unattached-uploads',
        Status: 'Enabled',
        Filter: { Tag: UNATTACHED_UPLOAD_TAG },
        Expiration: expect.objectContaining({ Days: EXPIRE_UNATTACHED_UPLOADS_AFTER_DAYS }),
      }),
    );
  }
  for (const bucket of [BUCKETS.projectFiles, BUCKETS.videoUploads]) {
    expect((await rulesOf(bucket)).filter((rule) => rule.Expiration)).toEqual([]);
  }
});
