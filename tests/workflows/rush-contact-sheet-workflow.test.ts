import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { loadConfig } from '../../api/config';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import { ProjectFile } from '../../db/entities';
import { CONTACT_SHEET_MESSAGES, thumbnailName } from '../../domain/contact-sheet';
import { defaultStartFrame } from '../../domain/timecode';
import { rushContactSheetWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { rushContactSheetWorkflowId } from '../../workflows/contracts/rush-contact-sheet';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { recordHistoryIfAsked } from '../support/histories';
import { generatePictureClip, type ClipTruth } from '../support/media-clips';
import { makeTempDir } from '../support/media-fixtures';
import { seedProject } from '../support/project-seed';
import { createTimeSkippingEnv } from '../support/temporal-test-env';

/**
 * rushContactSheetWorkflow on the time-skipping server, with the real activities against a scratch
 * database and the stack's MinIO: a generated rush with hard cuts at known frames becomes a ready
 * sheet whose shots start at those frames, each with its thumbnail beside the rush; a rush whose
 * object is gone ends failed with its French reason once the retries are spent (instantly here);
 * a second run on a ready sheet keeps it as it is.
 */
jest.setTimeout(300_000);

const RATE = { num: 25, den: 1 };
const bucket = BUCKETS.projectFiles;
const prefix = `tests/rush-contact-sheet-${randomUUID()}`;
const temp = makeTempDir('rush-contact-sheet-wf-');
const s3: S3Client = createS3Client(storageSettingsOf(loadConfig()));

let env: TestWorkflowEnvironment;
let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let worker: Worker;
let running: Promise<void>;
let projectId: string;
let truth: ClipTruth;
let rushKey: string;

const em = () => db.orm.em.fork();
const sheetOf = async (fileId: string) => (await em().findOneOrFail(ProjectFile, fileId)).contactSheet;
const thumbnailPrefix = (fileId: string) => `contact-sheets/${projectId}/${fileId}/`;

/** A source file of the project whose sheet the api has just set pending, stored at `key`. */
async function pendingRush(key: string): Promise<string> {
  const forked = em();
  const file = forked.create(ProjectFile, {
    project: projectId,
    filename: path.basename(key),
    fileType: 'source',
    storageBucket: bucket,
    storageKey: key,
    mimeType: 'video/mp4',
    fileSize: 1024,
    uploadedBy: 'client-1',
    contactSheet: { status: 'pending' },
  });
  await forked.flush();
  return file.id;
}

/** The objects under `keyPrefix`, with what would change were one written again. */
async function objectsUnder(keyPrefix: string) {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: keyPrefix }));
  return (listed.Contents ?? [])
    .map((object) => ({ key: object.Key!, etag: object.ETag, lastModified: object.LastModified?.getTime() }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

function runSheet(fileId: string) {
  return env.client.workflow.start(rushContactSheetWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: rushContactSheetWorkflowId(fileId),
    args: [{ fileId }],
  });
}

beforeAll(async () => {
  [env, db] = await Promise.all([createTimeSkippingEnv(), createScratchDatabase('rushflow_contact_sheet_wf')]);
  const clip = path.join(temp.dir, 'rush.mp4');
  truth = generatePictureClip(
    clip,
    [
      { frames: 40, source: 0 },
      { frames: 55, from: 'cut', source: 1 },
      { frames: 33, from: 'cut', source: 2 },
    ],
    { size: '640x360', rate: RATE.num },
  );
  rushKey = `${prefix}/rush.mp4`;
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: rushKey, Body: fs.readFileSync(clip) }));
  projectId = await seedProject(em(), {
    client: { id: 'client-1', email: 'client-1@clients.rushflow.test' },
    status: 'in_progress',
    title: 'Planche contact',
  });
  // One worker for every run (bundling the workflows is the slow part).
  worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities({ db: db.orm, storage: s3 }),
  });
  running = worker.run();
});

afterAll(async () => {
  if (projectId) {
    const thumbnails = await objectsUnder(`contact-sheets/${projectId}/`).catch(() => []);
    const keys = [rushKey, ...thumbnails.map((object) => object.key)];
    await s3
      .send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }))
      .catch(() => undefined);
  }
  if (worker) {
    worker.shutdown();
    await running;
  }
  await env?.teardown();
  // The project's rows go with the scratch database.
  await db?.drop();
  temp.cleanup();
});

let readyFileId: string;

test('a rush with hard cuts becomes a ready sheet: one shot from each cut, each thumbnail stored beside the rush', async () => {
  readyFileId = await pendingRush(rushKey);
  const handle = await runSheet(readyFileId);
  expect(await handle.result()).toEqual({ status: 'ready' });
  await recordHistoryIfAsked('rush-contact-sheet-workflow', handle);

  const starts = [0, ...truth.hardCuts];
  const ends = [...truth.hardCuts, truth.frameCount].map((frame) => frame - 1);
  expect(starts).toEqual([0, 40, 95]);
  expect(await sheetOf(readyFileId)).toEqual({
    status: 'ready',
    frameRate: RATE,
    startFrame: defaultStartFrame(RATE),
    frameCount: truth.frameCount,
    shots: starts.map((frameIn, index) => ({
      frameIn,
      frameOut: ends[index],
      thumbnailKey: thumbnailPrefix(readyFileId) + thumbnailName(index + 1),
    })),
  });
  for (const index of starts.keys()) {
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: bucket, Key: thumbnailPrefix(readyFileId) + thumbnailName(index + 1) }),
    );
    expect(head.ContentType).toBe('image/jpeg');
    expect(head.ContentLength).toBeGreaterThan(0);
  }
});

test('a rush whose object is gone ends failed once the retries are spent, with its French reason on the file', async () => {
  const fileId = await pendingRush(`${prefix}/gone.mp4`);
  const handle = await runSheet(fileId);
  expect(await handle.result()).toEqual({ status: 'failed' });
  await recordHistoryIfAsked('rush-contact-sheet-workflow-failed', handle);
  expect(await sheetOf(fileId)).toEqual({ status: 'failed', error: CONTACT_SHEET_MESSAGES.failed });
  expect(await objectsUnder(thumbnailPrefix(fileId))).toEqual([]);
});

test('a second run on the ready sheet, under the same id once the first closed, keeps the shots and adds no thumbnail', async () => {
  const before = await sheetOf(readyFileId);
  const thumbnails = await objectsUnder(thumbnailPrefix(readyFileId));
  expect(thumbnails.map((object) => object.key)).toEqual(before?.shots?.map((shot) => shot.thumbnailKey));
  const handle = await runSheet(readyFileId);
  expect(await handle.result()).toEqual({ status: 'ready' });
  expect(await sheetOf(readyFileId)).toEqual(before);
  // The same objects, none written again.
  expect(await objectsUnder(thumbnailPrefix(readyFileId))).toEqual(thumbnails);
});
