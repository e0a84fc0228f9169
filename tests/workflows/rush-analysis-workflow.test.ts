import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectsCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Worker } from '@temporalio/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createActivities } from '../../activities';
import { createAnalyzeRushesActivities } from '../../activities/analyze-rushes';
import {
  ANALYSIS_MESSAGES,
  correctedRushMinutes,
  discrepancyForAnalysis,
  summariseAnalysis,
} from '../../domain/analysis';
import { loadConfig } from '../../api/config';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import { rushAnalysisWorkflow } from '../../workflows';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { rushAnalysisWorkflowId, type RushFileToAnalyse } from '../../workflows/contracts/rush-analysis';
import { generateTestImage, generateTestVideo, makeTempDir } from '../support/media-fixtures';
import { createTimeSkippingEnv } from '../support/temporal-test-env';
import { recordHistoryIfAsked } from '../support/histories';

/**
 * rushAnalysisWorkflow on the time-skipping server, with the real activity: ffprobe reads a
 * generated video from the stack's MinIO through a presigned URL.
 */
jest.setTimeout(120_000);

const config = loadConfig();
const s3 = createS3Client(storageSettingsOf(config));
const prefix = `tests/rush-analysis-${Date.now()}`;
const temp = makeTempDir('rush-analysis-');
let env: TestWorkflowEnvironment;
let video: RushFileToAnalyse;
let notMedia: RushFileToAnalyse;
let photo: RushFileToAnalyse;

/** A local file put in the briefs bucket under this run's prefix, as the analysis receives it. */
async function uploaded(fileId: string, file: string, kind: RushFileToAnalyse['kind']): Promise<RushFileToAnalyse> {
  const name = path.basename(file);
  const key = `${prefix}/${name}`;
  const body = fs.readFileSync(file);
  await s3.send(new PutObjectCommand({ Bucket: BUCKETS.briefs, Key: key, Body: body }));
  return { fileId, name, bucket: BUCKETS.briefs, key, kind, size: body.length };
}

beforeAll(async () => {
  env = await createTimeSkippingEnv();
  const videoFile = generateTestVideo(path.join(temp.dir, 'rush.mp4'), 7.4);
  const textFile = path.join(temp.dir, 'notes.mp4');
  fs.writeFileSync(textFile, 'Ceci est un texte, pas une vidéo.\n'.repeat(200));
  video = await uploaded('f-video', videoFile, 'video');
  notMedia = await uploaded('f-text', textFile, 'video');
  photo = await uploaded('f-photo', generateTestImage(path.join(temp.dir, 'photo.jpg')), 'image');
});

afterAll(async () => {
  await s3
    .send(
      new DeleteObjectsCommand({
        Bucket: BUCKETS.briefs,
        Delete: { Objects: [{ Key: video.key }, { Key: notMedia.key }, { Key: photo.key }] },
      }),
    )
    .catch(() => undefined);
  await env?.teardown();
  temp.cleanup();
});

test('the analysis measures the video within 0.1 s and reports the file that is not media', async () => {
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities({ storage: s3 }),
  });
  const handle = await env.client.workflow.start(rushAnalysisWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: rushAnalysisWorkflowId('session-1', 'r1'),
    args: [{ sessionId: 'session-1', files: [video, notMedia] }],
  });
  const result = await worker.runUntil(handle.result());
  await recordHistoryIfAsked('rush-analysis-workflow', handle);
  expect(result.fileCount).toBe(2);
  expect(Math.abs(result.totalRushDuration - 7.4)).toBeLessThanOrEqual(0.1);
  expect(result.totalRushDurationMinutes).toBeCloseTo(7.4 / 60, 2);
  expect(result.fileAnalyses[0]).toMatchObject({ fileId: 'f-video', isMedia: true });
  expect(Math.abs(result.fileAnalyses[0].durationSeconds - 7.4)).toBeLessThanOrEqual(0.1);
  expect(result.fileAnalyses[1]).toEqual(
    expect.objectContaining({
      fileId: 'f-text',
      isMedia: false,
      durationSeconds: 0,
      error: ANALYSIS_MESSAGES.notMedia,
    }),
  );
  expect(result.recommendations.join(' ')).toContain('notes.mp4');
  expect(result.estimatedComplexity).toBe('faible');
});

test('the activity is read-only: run twice, same answer, the objects untouched', async () => {
  const { measureRushDurations } = createAnalyzeRushesActivities({ s3 });
  const { MockActivityEnvironment } = await import('@temporalio/testing');
  const activityEnv = new MockActivityEnvironment();
  const before = await s3.send(new HeadObjectCommand({ Bucket: video.bucket, Key: video.key }));
  const first = await activityEnv.run(measureRushDurations, [video], 20);
  const second = await activityEnv.run(measureRushDurations, [video], 20);
  const after = await s3.send(new HeadObjectCommand({ Bucket: video.bucket, Key: video.key }));
  expect(second).toEqual(first);
  expect(after.ETag).toBe(before.ETag);
  expect(after.LastModified).toEqual(before.LastModified);
});

test('an unreachable object fails the activity (retried by Temporal), never a made-up duration', async () => {
  const { measureRushDurations } = createAnalyzeRushesActivities({ s3 });
  const { MockActivityEnvironment } = await import('@temporalio/testing');
  await expect(
    new MockActivityEnvironment().run(measureRushDurations, [{ ...video, key: `${prefix}/missing.mp4` }], 5),
  ).rejects.toThrow();
});

test('a photo has no duration: 5 min declared with only a .jpg gives no discrepancy; beside a video only the video counts', async () => {
  const { measureRushDurations } = createAnalyzeRushesActivities({ s3 });
  const { MockActivityEnvironment } = await import('@temporalio/testing');
  const activityEnv = new MockActivityEnvironment();
  // As uploaded (kind image), and the same .jpg read by ffprobe as if it were a video: no duration either way.
  const probedPhoto: RushFileToAnalyse = { ...photo, fileId: 'f-photo-probed', kind: 'video' };
  const onlyPhotos = summariseAnalysis(await activityEnv.run(measureRushDurations, [photo, probedPhoto], 20));
  expect(onlyPhotos.timedFileCount).toBe(0);
  expect(onlyPhotos.fileAnalyses.map((file) => [file.isMedia, file.timed])).toEqual([
    [true, false],
    [true, false],
  ]);
  expect(discrepancyForAnalysis(5, onlyPhotos)).toBeNull();
  expect(correctedRushMinutes(onlyPhotos)).toBeNull();

  const mixed = summariseAnalysis(await activityEnv.run(measureRushDurations, [photo, video], 20));
  expect(mixed.timedFileCount).toBe(1);
  expect(Math.abs(mixed.totalRushDuration - 7.4)).toBeLessThanOrEqual(0.1);
  // 7.4 s declared: the photo adds nothing, so the video alone matches.
  expect(discrepancyForAnalysis(mixed.totalRushDuration / 60, mixed)).toMatchObject({ level: 'none' });
  expect(Math.abs(correctedRushMinutes(mixed)! * 60 - mixed.totalRushDuration)).toBeLessThan(0.04);
});
