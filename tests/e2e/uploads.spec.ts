import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, test, type Page } from '@playwright/test';
import { DISCREPANCY_MESSAGES } from '../../domain/analysis';
import {
  MAX_FILE_SIZE_BYTES,
  UPLOAD_MESSAGES,
  partCount,
  uploadPartLength,
  uploadPartSize,
} from '../../domain/uploads';
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
  await expect(row.getByTestId('rush-file-duration')).toContainText(/Durée\u00a0: 12(,\d+)? s/);
  await expect(page.getByText(DISCREPANCY_MESSAGES.significant)).toBeVisible();
});

/** Raw video frames in an AVI file, made without encoding: `seconds` of 640×480 at 25 fps is 11 MB a second. */
function rawVideo(name: string, seconds: number): string {
  const file = path.join(dir, name);
  ffmpeg(
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=640x480:rate=25`,
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    file,
  );
  return file;
}

/** Part PUTs the page sends to S3, by phase, as (part number → bytes). */
function countPartPuts(page: Page, size: number) {
  const partSize = uploadPartSize(size);
  const sent = { beforeReload: [] as number[], afterReload: [] as number[] };
  const stored: number[] = [];
  let phase: keyof typeof sent = 'beforeReload';
  let objectUrl = '';
  const partOf = (url: URL) =>
    url.searchParams.has('partNumber') && url.searchParams.has('uploadId')
      ? Number(url.searchParams.get('partNumber'))
      : 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'PUT' || !partOf(url)) return;
    sent[phase].push(partOf(url));
    objectUrl = `${url.origin}${url.pathname}`;
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().method() === 'PUT' && partOf(url) && response.ok() && phase === 'beforeReload')
      stored.push(partOf(url));
  });
  return {
    partSize,
    sent,
    stored,
    reloaded: () => (phase = 'afterReload'),
    /** Bytes the browser sent twice: parts sent again after the reload. */
    resentBytes: () =>
      sent.afterReload
        .filter((part) => sent.beforeReload.includes(part))
        .reduce((sum, part) => sum + uploadPartLength(size, part), 0),
    objectKey: () => decodeURIComponent(new URL(objectUrl).pathname.replace(/^\/briefs\//, '')),
  };
}

/** Lets parts up to `lastPart` reach S3; the next ones stall, as on a line that dropped. */
async function stallPartsAfter(page: Page, lastPart: number) {
  await page.route(
    (url) => url.searchParams.has('partNumber') && url.searchParams.has('uploadId'),
    async (route) => {
      if (Number(new URL(route.request().url()).searchParams.get('partNumber')) <= lastPart) await route.continue();
      // else: left hanging until the page goes away.
    },
  );
}

function stackS3(): S3Client {
  return new S3Client({
    endpoint: process.env.S3_ENDPOINT ?? 'http://127.0.0.1:9100',
    region: process.env.S3_REGION ?? 'us-east-1',
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.S3_ACCESS_KEY_ID ?? 'rushflow',
      secretAccessKey: process.env.S3_SECRET_ACCESS_KEY ?? 'rushflow-secret',
    },
  });
}

async function sha256OfObject(key: string): Promise<string> {
  const hash = createHash('sha256');
  const object = await stackS3().send(new GetObjectCommand({ Bucket: 'briefs', Key: key }));
  for await (const chunk of object.Body as AsyncIterable<Uint8Array>) hash.update(chunk);
  return hash.digest('hex');
}

test('a reload mid-way resumes by itself where the browser keeps the file: at most 16 MiB sent again, the object identical', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const source = rawVideo('long-take.avi', 5);
  const size = fs.statSync(source).size;
  const parts = countPartPuts(page, size);
  expect(Math.ceil(size / parts.partSize)).toBeGreaterThanOrEqual(6);

  // The system picker cannot be driven from a test: it is played by one that returns real file
  // handles (in the origin's private file system, which keeps its permission), as Chromium's does.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showOpenFilePicker', {
      configurable: true,
      value: () =>
        new Promise((resolve) => {
          const input = document.createElement('input');
          input.type = 'file';
          input.multiple = true;
          input.addEventListener('change', async () => {
            const root = await navigator.storage.getDirectory();
            const handles = [];
            for (const file of Array.from(input.files ?? [])) {
              const handle = await root.getFileHandle(file.name, { create: true });
              const writable = await handle.createWritable();
              await writable.write(file);
              await writable.close();
              handles.push(handle);
            }
            resolve(handles);
          });
          input.click();
        }),
    });
  });
  await freshUploader(page);
  await stallPartsAfter(page, 3);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('rush-dropzone').click();
  await (await chooser).setFiles(source);
  const row = page.getByTestId('rush-file');
  await expect(row).toContainText('long-take.avi');
  await expect.poll(() => [...parts.stored].sort()).toEqual([1, 2, 3]);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  parts.reloaded();
  // No file picked again: the upload goes on from the parts S3 has.
  await expect(row).toContainText('long-take.avi');
  await expect(row).toHaveAttribute('data-status', /completed|analyzing/, { timeout: 120_000 });

  expect(parts.sent.afterReload.filter((part) => parts.stored.includes(part))).toEqual([]);
  expect(parts.resentBytes()).toBeGreaterThan(0);
  expect(parts.resentBytes()).toBeLessThanOrEqual(16 * 1024 * 1024);
  // Signed in: the key's first segment is the uploader's account id, never a name the browser chose.
  expect(parts.objectKey()).toMatch(new RegExp(`^${demoAccounts().admin.id}/\\d+_long-take\\.avi$`));
  expect(await sha256OfObject(parts.objectKey())).toBe(
    createHash('sha256').update(fs.readFileSync(source)).digest('hex'),
  );
});

test('where the browser cannot keep the file (Firefox, Safari), a reload asks for it again and says why; stored parts are not sent again', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const source = rawVideo('interview-brute.avi', 5);
  const size = fs.statSync(source).size;
  const parts = countPartPuts(page, size);
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showOpenFilePicker', { configurable: true, value: undefined });
  });
  await freshUploader(page);
  await stallPartsAfter(page, 2);
  await fileInput(page).setInputFiles(source);
  await expect.poll(() => [...parts.stored].sort()).toEqual([1, 2]);

  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload();
  parts.reloaded();
  const row = page.getByTestId('rush-file');
  await expect(row).toHaveAttribute('data-status', 'paused');
  await expect(row).toContainText(
    'Votre navigateur ne garde pas l’accès aux fichiers après un rechargement : sélectionnez à nouveau ce fichier',
  );
  await fileInput(page).setInputFiles(source);
  await expect(row).toHaveAttribute('data-status', /completed|analyzing/, { timeout: 120_000 });
  expect(parts.sent.afterReload.filter((part) => parts.stored.includes(part))).toEqual([]);
  expect(parts.resentBytes()).toBeLessThanOrEqual(16 * 1024 * 1024);
  expect(await sha256OfObject(parts.objectKey())).toBe(
    createHash('sha256').update(fs.readFileSync(source)).digest('hex'),
  );
});

test('cancelling a file mid-way ends its upload at the server: a part URL signed before writes nothing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const source = rawVideo('annulé.avi', 2);
  const size = fs.statSync(source).size;
  const parts = countPartPuts(page, size);
  expect(partCount(size)).toBeGreaterThanOrEqual(3);
  await freshUploader(page);
  await stallPartsAfter(page, 1);
  const stalledPart = page.waitForRequest(
    (request) => request.method() === 'PUT' && new URL(request.url()).searchParams.get('partNumber') === '2',
  );
  await fileInput(page).setInputFiles(source);
  await expect.poll(() => parts.stored).toEqual([1]);
  const stalledUrl = (await stalledPart).url();

  await page.getByRole('button', { name: 'Annuler l’upload de annulé.avi' }).click();
  await expect(page.getByTestId('rush-file')).toHaveCount(0);
  // The part's URL, with exactly the bytes it was signed for: storage no longer knows the upload.
  await expect
    .poll(
      async () => (await fetch(stalledUrl, { method: 'PUT', body: Buffer.alloc(uploadPartLength(size, 2)) })).status,
    )
    .toBe(404);
  await expect(
    stackS3().send(new HeadObjectCommand({ Bucket: 'briefs', Key: parts.objectKey() })),
  ).rejects.toMatchObject({
    name: 'NotFound',
  });
});

test('the parts of one file go to S3 several at a time', async ({ page }) => {
  test.setTimeout(180_000);
  // Sparse, 39 parts of 8 MiB (the last one shorter): S3 takes the bytes, the api then rejects the
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
  expect(partsSeen.size).toBe(partCount(320 * 1000 * 1000));
  test.info().annotations.push({ type: 'part PUTs in flight at most', description: String(maxInFlight) });
  expect(maxInFlight).toBeGreaterThanOrEqual(2);
});

/** Drops files on the uploader as a file manager would: built in the page from their bytes. */
async function dropFiles(page: Page, files: { name: string; type: string; base64: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list)
      data.items.add(
        new File([Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0))], file.name, { type: file.type }),
      );
    return data;
  }, files);
  await page.getByTestId('rush-dropzone').dispatchEvent('drop', { dataTransfer: transfer });
}

const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test('refused files: one toast per cause without repeating itself, several files of one cause in one toast', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Sparse: the browser only reads its size; nothing is uploaded.
  const huge = path.join(dir, 'énorme.mov');
  fs.closeSync(fs.openSync(huge, 'w'));
  fs.truncateSync(huge, MAX_FILE_SIZE_BYTES + 1);
  const tone = path.join(dir, 'tone.wav');
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', tone);
  const wav = fs.readFileSync(tone).toString('base64');

  await freshUploader(page);
  await dropFiles(page, [{ name: 'setup.exe', type: 'application/x-msdownload', base64: 'TVqQAAMAAAAEAAAA' }]);
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toHaveText(`setup.exe : ${UPLOAD_MESSAGES.unsupportedType}`);
  const rejections = page.getByTestId('rush-rejections');
  await expect(rejections).toContainText(`setup.exe : ${UPLOAD_MESSAGES.unsupportedType}`);

  // Three more of the same cause: the same toast now counts them (it does not stack).
  await dropFiles(
    page,
    ['devis.pdf', 'notes.txt', 'logo.svg'].map((name) => ({ name, type: '', base64: 'JVBERi0xLjQK' })),
  );
  await expect(toasts(page)).toHaveCount(1);
  await expect(toasts(page)).toContainText('3 fichiers refusés : type non supporté');
  await expect(toasts(page)).toContainText('devis.pdf, notes.txt, logo.svg');

  // Another cause, another toast, in its own words.
  await fileInput(page).setInputFiles(huge);
  await expect(toasts(page).filter({ hasText: UPLOAD_MESSAGES.tooLarge('énorme.mov') })).toHaveCount(1);
  await expect(rejections).toContainText(UPLOAD_MESSAGES.tooLarge('énorme.mov'));
  for (const toast of await toasts(page).all()) await toast.getByRole('button', { name: 'Fermer' }).click();
  await expect(toasts(page)).toHaveCount(0);

  // 21 files: 20 go up, one toast for the limit (and one for the uploads, not twenty), watched as
  // they come and go.
  await page.evaluate(
    ({ uploadedTitle, limitTitle }) => {
      const seen = { uploadedPeak: 0, limitPeak: 0, uploadedText: '' };
      Object.assign(window, { toastsSeen: seen });
      new MutationObserver(() => {
        const shown = Array.from(document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])'));
        const uploaded = shown.filter((toast) => toast.textContent?.includes(uploadedTitle));
        seen.uploadedPeak = Math.max(seen.uploadedPeak, uploaded.length);
        seen.limitPeak = Math.max(
          seen.limitPeak,
          shown.filter((toast) => toast.textContent?.includes(limitTitle)).length,
        );
        if (uploaded[0]) seen.uploadedText = uploaded[0].textContent ?? '';
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { uploadedTitle: UPLOAD_MESSAGES.uploadSucceeded, limitTitle: UPLOAD_MESSAGES.tooManyFilesTitle },
  );
  await dropFiles(
    page,
    Array.from({ length: 21 }, (_, index) => ({
      name: `piste-${String(index + 1).padStart(2, '0')}.wav`,
      type: 'audio/wav',
      base64: wav,
    })),
  );
  const limit = toasts(page).filter({ hasText: UPLOAD_MESSAGES.tooManyFilesTitle });
  await expect(limit).toHaveCount(1);
  await expect(limit).toContainText(`${UPLOAD_MESSAGES.tooManyFiles} : 1 fichier refusé`);
  await expect(rejections).toContainText(UPLOAD_MESSAGES.tooManyFiles);
  await expect(page.getByTestId('rush-file')).toHaveCount(20);
  await expect(page.getByTestId('rush-dropzone')).toBeHidden();
  await expect(page.getByText('Limite de 20 fichiers atteinte.')).toBeVisible();
  await expect(page.getByTestId('rush-file').and(page.locator('[data-status="completed"]'))).toHaveCount(20, {
    timeout: 60_000,
  });
  const seen = () =>
    page.evaluate(() => (window as unknown as { toastsSeen: Record<string, number | string> }).toastsSeen);
  await expect.poll(async () => (await seen()).uploadedText).toContain('20 fichiers uploadés');
  expect(await seen()).toMatchObject({ uploadedPeak: 1, limitPeak: 1 });
});
