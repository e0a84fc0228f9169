// Upload throughput of one 2 GiB file through the browser path vs a direct SDK upload, on loopback.
//
// Browser: headless Debian chromium signs in as the demo admin and opens the system test page
// (`/test`, which hosts the same uploader as the brief funnels) of the running app
// and uploads the file with the real uploader (Uppy 5 + @uppy/aws-s3 5, part URLs signed by the api in
// runs, PUT straight to MinIO). Timed from the file pick to the end of CompleteMultipartUpload; the
// content check that follows (random bytes: the api rejects and deletes the object) is not timed.
// SDK: @aws-sdk/client-s3 CreateMultipartUpload / UploadPart / CompleteMultipartUpload, same file,
// same parts (`uploadPartSize`), same MinIO, at 1 part in flight and at UPLOAD_PARALLEL_LIMIT parts in
// flight (what the uploader does for one file).
//
// The file (random bytes) is made in a temp dir and deleted at the end, as are the objects.
// Usage: npm run bench:upload  (env: APP_URL or E2E_BASE_URL, S3_ENDPOINT, S3_* credentials;
// defaults are `npm start`'s; BENCH_UPLOAD_MIB changes the size, CHROMIUM_PATH the browser).
import { randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { chromium } from '@playwright/test';
import { CHROMIUM, loadAverage } from './lib/kit.mjs';
import { UPLOAD_PARALLEL_LIMIT, uploadPartSize } from '../domain/uploads.ts';

const MIB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 2048) * MIB;
const PART_SIZE = uploadPartSize(SIZE);
const APP_URL = process.env.E2E_BASE_URL ?? process.env.APP_URL ?? 'http://localhost:3000';
const BUCKET = 'briefs';
/** Each leg gets this long at most; the whole run is bounded by 3 legs + file creation. */
const LEG_TIMEOUT_MS = 5 * 60 * 1000;
const s3 = new S3Client({
  endpoint: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9100',
  region: process.env.S3_REGION ?? 'us-east-1',
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  credentials: {
    accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'rushflow',
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'rushflow-secret',
  },
});

for (const host of [new URL(APP_URL).hostname, new URL(process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9100').hostname]) {
  if (!['localhost', '127.0.0.1', '::1'].includes(host)) throw new Error(`loopback only: ${host}`);
}

const mbps = (bytes, ms) => bytes / 1e6 / (ms / 1000);

function makeRandomFile(file) {
  const handle = fs.openSync(file, 'w');
  const block = Buffer.alloc(16 * MIB);
  for (let written = 0; written < SIZE; written += block.length) {
    randomFillSync(block);
    fs.writeSync(handle, block, 0, Math.min(block.length, SIZE - written));
  }
  fs.closeSync(handle);
}

function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise(
      (_, reject) =>
        (timer = setTimeout(() => reject(new Error(`${what}: over ${LEG_TIMEOUT_MS / 1000} s`)), LEG_TIMEOUT_MS)),
    ),
  ]).finally(() => clearTimeout(timer));
}

/** The browser path; returns the time and how many part PUTs were ever in flight together. */
async function browserUpload(file) {
  const browser = await chromium.launch(CHROMIUM);
  let key = null;
  try {
    const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
    let inFlight = 0;
    let maxInFlight = 0;
    let parts = 0;
    let started = 0;
    let firstPartAt = 0;
    const isPart = (request) => request.method() === 'PUT' && new URL(request.url()).searchParams.has('partNumber');
    const isComplete = (request) => request.method() === 'POST' && new URL(request.url()).searchParams.has('uploadId');
    page.on('request', (request) => {
      if (!isPart(request)) return;
      firstPartAt ||= performance.now();
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      key ??= decodeURIComponent(new URL(request.url()).pathname.replace(`/${BUCKET}/`, ''));
    });
    // A part stops being in flight when S3's answer arrives (`response`): `requestfinished` comes
    // later, once the body is read, by when the page may already have sent the next part.
    page.on('response', (response) => {
      if (isPart(response.request())) inFlight -= 1;
    });
    page.on('requestfinished', (request) => {
      if (isPart(request)) parts += 1;
    });
    let rejectOnFailure;
    const failed = new Promise((_, reject) => (rejectOnFailure = reject));
    failed.catch(() => undefined);
    page.on('requestfailed', (request) => {
      if (isPart(request)) rejectOnFailure(new Error(`part upload failed: ${request.failure()?.errorText}`));
    });
    await page.goto(`${APP_URL}/auth`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.locator('#username').fill(process.env.BENCH_ADMIN_EMAIL ?? 'admin@rushflow.local');
    await page.locator('#password').fill(process.env.BENCH_ADMIN_PASSWORD ?? 'Admin123!');
    await page.locator('#kc-login').click();
    await page.waitForURL(/\/admin$/);
    await page.goto(`${APP_URL}/test`);
    await page.locator('input[type="file"]').waitFor({ state: 'attached' });
    const completed = page.waitForEvent('requestfinished', { predicate: isComplete, timeout: LEG_TIMEOUT_MS });
    started = performance.now();
    await page.locator('input[type="file"]').setInputFiles(file);
    const request = await Promise.race([completed, failed]);
    const ended = performance.now();
    const response = await request.response();
    if (!response?.ok()) throw new Error(`CompleteMultipartUpload answered ${response?.status()}`);
    // Let the api's content check finish (it deletes the object: random bytes are not media).
    await page
      .getByTestId('rush-file')
      .and(page.locator('[data-status="error"], [data-status="completed"]'))
      .waitFor({ timeout: 60_000 })
      .catch(() => undefined);
    return { ms: ended - started, partsMs: ended - firstPartAt, parts, maxInFlight };
  } finally {
    await browser.close();
    if (key) await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key })).catch(() => undefined);
  }
}

/** CreateMultipartUpload / UploadPart × n / Complete with `concurrency` parts in flight. */
async function sdkUpload(file, concurrency) {
  const Key = `bench/upload-${Date.now()}-c${concurrency}.bin`;
  const started = performance.now();
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }));
  try {
    const handle = await fs.promises.open(file, 'r');
    const count = Math.ceil(SIZE / PART_SIZE);
    const parts = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = next++;
        const length = Math.min(PART_SIZE, SIZE - index * PART_SIZE);
        const body = Buffer.allocUnsafe(length);
        await handle.read(body, 0, length, index * PART_SIZE);
        const { ETag } = await s3.send(
          new UploadPartCommand({
            Bucket: BUCKET,
            Key,
            UploadId,
            PartNumber: index + 1,
            Body: body,
            ContentLength: length,
          }),
        );
        parts[index] = { ETag, PartNumber: index + 1 };
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    await handle.close();
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key, UploadId, MultipartUpload: { Parts: parts } }),
    );
    return { ms: performance.now() - started, parts: count };
  } catch (error) {
    await s3.send(new AbortMultipartUploadCommand({ Bucket: BUCKET, Key, UploadId })).catch(() => undefined);
    throw error;
  } finally {
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key })).catch(() => undefined);
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  try {
    const file = path.join(dir, 'bench-upload.mp4');
    makeRandomFile(file);
    console.log(
      `file: ${(SIZE / MIB).toFixed(0)} MiB of random bytes, ${Math.ceil(SIZE / PART_SIZE)} parts of ${PART_SIZE / MIB} MiB; app ${APP_URL}; load average ${loadAverage()} on ${os.cpus().length} cores`,
    );

    const browser = await withTimeout(browserUpload(file), 'browser upload');
    console.log(
      `browser (chromium, uploader page): ${mbps(SIZE, browser.ms).toFixed(1)} MB/s (${(browser.ms / 1000).toFixed(2)} s pick → complete; parts alone ${mbps(SIZE, browser.partsMs).toFixed(1)} MB/s), ${browser.parts} part PUTs, at most ${browser.maxInFlight} in flight`,
    );
    const sequential = await withTimeout(sdkUpload(file, 1), 'sdk upload');
    console.log(
      `sdk, 1 part in flight: ${mbps(SIZE, sequential.ms).toFixed(1)} MB/s (${(sequential.ms / 1000).toFixed(2)} s)`,
    );
    const parallel = await withTimeout(sdkUpload(file, UPLOAD_PARALLEL_LIMIT), 'sdk upload');
    console.log(
      `sdk, ${UPLOAD_PARALLEL_LIMIT} parts in flight: ${mbps(SIZE, parallel.ms).toFixed(1)} MB/s (${(parallel.ms / 1000).toFixed(2)} s)`,
    );

    // Throughput ratio = time of the SDK upload / time of the browser upload.
    const ratioParallel = parallel.ms / browser.ms;
    console.log(`ratio browser / sdk (1 part in flight each): ${(sequential.ms / browser.ms).toFixed(2)}`);
    console.log(
      `ratio browser / sdk (${UPLOAD_PARALLEL_LIMIT} parts in flight): ${ratioParallel.toFixed(2)} — goal ≥ 0.9: ${ratioParallel >= 0.9 ? 'met' : 'NOT met'}`,
    );
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
