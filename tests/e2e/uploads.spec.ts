import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, test, type Page } from '@playwright/test';
import { DISCREPANCY_MESSAGES } from '../../domain/analysis';
import { MAX_FILE_SIZE_BYTES, UPLOAD_MESSAGES } from '../../domain/uploads';
import { demoAccounts, signInOnKeycloak } from './support/stack';

/**
 * The rush uploader in Debian's chromium against the running stack: real files, straight to MinIO
 * through presigned multipart URLs, then the ffprobe analysis through the worker. It runs on the
 * admin's system test page, which shows the analysis result in full.
 */
const UPLOADER_PAGE = '/test';
let dir: string;

test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-e2e-'));
});
test.afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function ffmpeg(...args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
}

/** Signs in as the demo admin, then opens the system test page with no stored upload session nor restored files. */
async function freshUploader(page: Page, declaredMinutes?: number) {
  const { admin } = demoAccounts();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await signInOnKeycloak(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(UPLOADER_PAGE);
  await page.evaluate(async () => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith('rushflow.upload-session')) localStorage.removeItem(key);
    const databases = await indexedDB.databases();
    await Promise.all(
      databases.map(
        (database) =>
          new Promise((resolve) => {
            const request = indexedDB.deleteDatabase(database.name!);
            request.onsuccess = request.onerror = request.onblocked = resolve;
          }),
      ),
    );
  });
  await page.goto(UPLOADER_PAGE);
  await expect(page.getByRole('heading', { name: 'Téléversement et analyse des rushs' })).toBeVisible();
  if (declaredMinutes !== undefined)
    await page.getByLabel('Durée déclarée (minutes, facultatif)').fill(String(declaredMinutes));
}

const fileInput = (page: Page) => page.locator('input[type="file"]');

test('a real video is uploaded and analysed within 0.1 s; 30 s off the declared duration raises the discrepancy toast', async ({
  page,
}) => {
  const seconds = 12.4;
  const video = path.join(dir, 'interview.mp4');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=640x360:rate=25`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    video,
  );
  const declaredMinutes = (seconds + 30) / 60;
  await freshUploader(page, declaredMinutes);
  await expect(page.getByText(UPLOAD_MESSAGES.areaLabel)).toBeVisible();

  await fileInput(page).setInputFiles(video);
  const row = page.getByTestId('rush-file');
  await expect(row).toContainText('interview.mp4');
  await expect(page.getByText(UPLOAD_MESSAGES.uploadSucceeded)).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(page.getByText('Analyse précise terminée')).toBeVisible();
  const result = JSON.parse((await page.getByTestId('rush-analysis-json').textContent()) ?? 'null');
  expect(Math.abs(result.totalRushDuration - seconds)).toBeLessThanOrEqual(0.1);
  expect(result.fileCount).toBe(1);
  // The measured length as people read it (not rounded to a tenth of a minute).
  await expect(row.getByTestId('rush-file-duration')).toContainText(/Durée : 12(,\d+)? s/);
  await expect(page.getByText(DISCREPANCY_MESSAGES.significant)).toBeVisible();
});

test('an upload interrupted mid-way resumes after a reload without re-sending finished parts; the object is identical', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // 3 parts of 100 MiB (the last one shorter): raw video frames in an AVI file, made without encoding.
  const source = path.join(dir, 'long-take.avi');
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=20:size=640x480:rate=25',
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    source,
  );
  const size = fs.statSync(source).size;
  expect(size).toBeGreaterThan(200 * 1024 * 1024);

  // Parts whose upload S3 accepted, before and after the reload.
  const partsStored: Record<'beforeReload' | 'afterReload', number[]> = { beforeReload: [], afterReload: [] };
  let phase: keyof typeof partsStored = 'beforeReload';
  let objectUrl = '';
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'PUT' || !url.searchParams.has('partNumber')) return;
    void request.response().then((response) => {
      if (response?.ok()) partsStored[phase].push(Number(url.searchParams.get('partNumber')));
    });
    objectUrl = `${url.origin}${url.pathname}`;
  });
  const partOneDone = page.waitForEvent(
    'requestfinished',
    (request) => request.method() === 'PUT' && new URL(request.url()).searchParams.get('partNumber') === '1',
  );

  await freshUploader(page);
  // The signatures of parts 2 and 3 never come back (the parts go in parallel): the upload stalls
  // after part 1, as on a dropped line.
  await page.route('**/api/uploads/sessions/*/files/*/sign', async (route) => {
    const body = route.request().postDataJSON() as { operation: string; partNumber?: number };
    if (body.operation === 'uploadPart' && (body.partNumber ?? 0) >= 2) return; // left hanging
    await route.continue();
  });
  await fileInput(page).setInputFiles(source);
  await partOneDone;
  await expect(page.getByTestId('rush-file-progress')).toHaveText(/^(3[0-9]|4[0-9])%$/);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  phase = 'afterReload';
  const row = page.getByTestId('rush-file');
  await expect(row).toContainText('long-take.avi');
  await expect(row).toContainText('Sélectionnez à nouveau ce fichier');
  await fileInput(page).setInputFiles(source);
  await expect(row).toHaveAttribute('data-status', /completed|analyzing/, { timeout: 120_000 });

  expect(partsStored.beforeReload).toEqual([1]);
  expect(partsStored.afterReload.sort()).toEqual([2, 3]);

  const s3 = new S3Client({
    endpoint: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9100',
    region: process.env.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'rushflow',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'rushflow-secret',
    },
  });
  const key = decodeURIComponent(new URL(objectUrl).pathname.replace(/^\/briefs\//, ''));
  // Signed in: the key's first segment is the uploader's account id, never a name the browser chose.
  expect(key).toMatch(new RegExp(`^${demoAccounts().admin.id}/\\d+_long-take\\.avi$`));
  const stored = createHash('sha256');
  const object = await s3.send(new GetObjectCommand({ Bucket: 'briefs', Key: key }));
  for await (const chunk of object.Body as AsyncIterable<Uint8Array>) stored.update(chunk);
  const original = createHash('sha256').update(fs.readFileSync(source)).digest('hex');
  expect(stored.digest('hex')).toBe(original);
});

test('the parts of one file go to S3 several at a time', async ({ page }) => {
  test.setTimeout(180_000);
  // Sparse, 4 parts of 100 MiB (the last one shorter): S3 takes the bytes, the api then rejects the
  // object (zeros are not media), which is not what this test looks at.
  const big = path.join(dir, 'plan-large.mov');
  fs.closeSync(fs.openSync(big, 'w'));
  fs.truncateSync(big, 320 * 1000 * 1000);

  const inFlight = new Set<string>();
  const partsSeen = new Set<string>();
  let maxInFlight = 0;
  const objects = new Set<string>();
  const isPart = (method: string, url: URL) =>
    method === 'PUT' && url.searchParams.has('partNumber') && url.searchParams.has('uploadId');
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!isPart(request.method(), url)) return;
    objects.add(url.pathname);
    const id = `${url.searchParams.get('uploadId')}#${url.searchParams.get('partNumber')}`;
    inFlight.add(id);
    partsSeen.add(id);
    maxInFlight = Math.max(maxInFlight, inFlight.size);
  });
  const settled = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (isPart(request.method(), url))
      inFlight.delete(`${url.searchParams.get('uploadId')}#${url.searchParams.get('partNumber')}`);
  };
  // A part is no longer in flight once S3's answer arrives: `requestfinished` only comes after its
  // body is read, possibly after the next part started, which would count one part too many.
  page.on('response', (response) => settled(response.request()));
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);

  await freshUploader(page);
  await fileInput(page).setInputFiles(big);
  const row = page.getByTestId('rush-file');
  await expect(row).toContainText('plan-large.mov');
  // S3 completed the upload; the api's content check then refuses the zeros.
  await expect(row).toHaveAttribute('data-status', 'error', { timeout: 150_000 });
  await expect(row.getByTestId('rush-file-error')).toContainText(UPLOAD_MESSAGES.unsupportedType);
  // Every part of this one file, each sent once.
  expect(objects.size).toBe(1);
  expect(partsSeen.size).toBe(4);
  test.info().annotations.push({ type: 'part PUTs in flight at most', description: String(maxInFlight) });
  expect(maxInFlight).toBeGreaterThanOrEqual(2);
});

test('rejected files: type, size and count, each with its message; the dropzone hides at 20 files', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const pdf = path.join(dir, 'devis.pdf');
  fs.writeFileSync(pdf, '%PDF-1.4\n');
  // Sparse: the browser only reads its size; nothing is uploaded.
  const huge = path.join(dir, 'énorme.mov');
  fs.closeSync(fs.openSync(huge, 'w'));
  fs.truncateSync(huge, MAX_FILE_SIZE_BYTES + 1);
  const tone = path.join(dir, 'tone.wav');
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', tone);
  const tones = Array.from({ length: 21 }, (_, index) => {
    const file = path.join(dir, `piste-${String(index + 1).padStart(2, '0')}.wav`);
    fs.copyFileSync(tone, file);
    return file;
  });

  await freshUploader(page);
  await fileInput(page).setInputFiles([pdf, huge]);
  const rejections = page.getByTestId('rush-rejections');
  await expect(rejections).toContainText(`devis.pdf : ${UPLOAD_MESSAGES.unsupportedType}`);
  await expect(rejections).toContainText(UPLOAD_MESSAGES.tooLarge('énorme.mov'));
  await expect(page.getByText(UPLOAD_MESSAGES.unsupportedTypeTitle, { exact: true })).toBeVisible();
  await expect(page.getByText(UPLOAD_MESSAGES.tooLargeTitle, { exact: true })).toBeVisible();

  await fileInput(page).setInputFiles(tones);
  await expect(rejections).toContainText(UPLOAD_MESSAGES.tooManyFiles);
  await expect(page.getByText(UPLOAD_MESSAGES.tooManyFilesTitle, { exact: true })).toBeVisible();
  await expect(page.getByTestId('rush-file')).toHaveCount(20);
  await expect(page.getByTestId('rush-dropzone')).toBeHidden();
  await expect(page.getByText('Limite de 20 fichiers atteinte.')).toBeVisible();
});
