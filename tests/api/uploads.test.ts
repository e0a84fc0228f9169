import { HeadObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { BUCKETS, createS3Client, storageSettingsOf } from '../../clients/storage';
import {
  MAX_FILE_SIZE_BYTES,
  MAX_PART_URLS_PER_REQUEST,
  UPLOAD_MESSAGES,
  UPLOAD_SESSION_HEADER,
} from '../../domain/uploads';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/** The upload routes on an api instance of this test's own, against the stack's Postgres and MinIO. */
jest.setTimeout(60_000);

const { config } = testStack();
const s3 = createS3Client(storageSettingsOf(config));
const MIB = 1024 * 1024;
let api: OwnApi | undefined;
let base: string;

beforeAll(async () => {
  api = await startOwnApi(config);
  base = `${api.base}/api/uploads`;
});

afterAll(async () => {
  await api?.close();
});

async function call(path: string, init: { method?: string; body?: unknown; secret?: string } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...(init.secret ? { [UPLOAD_SESSION_HEADER]: init.secret } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

async function newSession(area: 'brief' | 'wizard' = 'brief') {
  const created = await call('/sessions', { body: { area } });
  expect(created.status).toBe(201);
  return created.body as { sessionId: string; secret: string };
}

test('a file gets a server-made key under anonymous/ and its own multipart upload', async () => {
  const { sessionId, secret } = await newSession();
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'Mon rush (final) é.mp4', size: 1234, type: 'video/mp4' },
  });
  expect(added.status).toBe(201);
  expect(added.body.key).toMatch(/^anonymous\/\d+_Mon_rush__final___\.mp4$/);
  const uploads = await s3.send(
    new ListMultipartUploadsCommand({ Bucket: BUCKETS.briefs, Prefix: added.body.key as string }),
  );
  expect(uploads.Uploads?.map((upload) => upload.UploadId)).toContain(added.body.uploadId);
});

test('rejected files: type, size and count, with the spec’s French messages and nothing written', async () => {
  const { sessionId, secret } = await newSession();
  const type = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'devis.pdf', size: 10, type: 'application/pdf' },
  });
  expect(type).toEqual({
    status: 415,
    body: {
      error: `devis.pdf : ${UPLOAD_MESSAGES.unsupportedType}`,
      fields: { type: UPLOAD_MESSAGES.unsupportedTypeTitle },
    },
  });
  const image = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'photo.jpg', size: 10, type: 'image/jpeg' },
  });
  expect(image.status).toBe(415);
  const size = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'énorme.mov', size: MAX_FILE_SIZE_BYTES + 1, type: 'video/quicktime' },
  });
  expect(size).toEqual({
    status: 413,
    body: { error: UPLOAD_MESSAGES.tooLarge('énorme.mov'), fields: { size: UPLOAD_MESSAGES.tooLargeTitle } },
  });
  for (let index = 0; index < 20; index += 1) {
    expect(
      (
        await call(`/sessions/${sessionId}/files`, {
          secret,
          body: { name: `r${index}.wav`, size: 10, type: 'audio/wav' },
        })
      ).status,
    ).toBe(201);
  }
  const count = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'r21.wav', size: 10, type: 'audio/wav' },
  });
  expect(count).toEqual({
    status: 409,
    body: { error: UPLOAD_MESSAGES.tooManyFiles, fields: { count: UPLOAD_MESSAGES.tooManyFilesTitle } },
  });
  const listed = await call(`/sessions/${sessionId}/files`, { secret });
  expect((listed.body.files as unknown[]).length).toBe(20);
});

test('images are accepted in the wizard area only', async () => {
  const { sessionId, secret } = await newSession('wizard');
  expect(
    (await call(`/sessions/${sessionId}/files`, { secret, body: { name: 'photo.png', size: 10, type: 'image/png' } }))
      .status,
  ).toBe(201);
});

test('bad input is a 400 naming the field in French', async () => {
  const { sessionId, secret } = await newSession();
  const bad = await call(`/sessions/${sessionId}/files`, { secret, body: { name: '', size: -1 } });
  expect(bad.status).toBe(400);
  expect(bad.body.fields).toEqual({
    name: 'Le nom du fichier est requis.',
    size: 'La taille ne peut pas être négative.',
  });
  const sign = await call(`/sessions/${sessionId}/files/00000000-0000-4000-8000-000000000000/sign`, {
    secret,
    body: { operation: 'steal' },
  });
  expect(sign.status).toBe(400);
  expect(sign.body.fields).toEqual({ operation: 'Opération de signature inconnue.' });
});

test('the secret opens the session: missing or wrong is 403, an unknown session 404', async () => {
  const { sessionId, secret } = await newSession();
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'a.mp4', size: 10, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  expect((await call(`/sessions/${sessionId}/files`, {})).status).toBe(403);
  expect((await call(`/sessions/${sessionId}/files`, { secret: `${secret}x` })).status).toBe(403);
  expect(
    (
      await call(`/sessions/${sessionId}/files/${fileId}/sign`, {
        secret: 'nope',
        body: { operation: 'uploadPart', partNumber: 1 },
      })
    ).status,
  ).toBe(403);
  expect((await call('/sessions/not-a-uuid/files', { secret })).status).toBe(404);
  // Another session's secret does not open this session's files.
  const other = await newSession();
  expect(
    (
      await call(`/sessions/${other.sessionId}/files/${fileId}/sign`, {
        secret: other.secret,
        body: { operation: 'uploadPart', partNumber: 1 },
      })
    ).status,
  ).toBe(404);
});

test('part URLs are signed for the public endpoint, only for the file’s key and its part range', async () => {
  const { sessionId, secret } = await newSession();
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'b.mp4', size: 250 * 1024 * 1024, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  const signed = await call(`/sessions/${sessionId}/files/${fileId}/sign`, {
    secret,
    body: { operation: 'uploadPart', partNumber: 3 },
  });
  expect(signed.status).toBe(200);
  const url = new URL(signed.body.url as string);
  expect(url.origin).toBe(new URL(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT!).origin);
  expect(decodeURIComponent(url.pathname)).toBe(`/briefs/${added.body.key as string}`);
  expect(url.searchParams.get('uploadId')).toBe(added.body.uploadId);
  expect(url.searchParams.get('partNumber')).toBe('3');
  // 250 MiB in 8 MiB parts: 32 parts, no 33rd.
  expect(added.body.partSize).toBe(8 * MIB);
  expect(
    (
      await call(`/sessions/${sessionId}/files/${fileId}/sign`, {
        secret,
        body: { operation: 'uploadPart', partNumber: 33 },
      })
    ).status,
  ).toBe(400);
});

test('part sizes follow the file: 8 MiB parts, 48 MiB for 500 GB; a run of parts is signed in one call', async () => {
  const { sessionId, secret } = await newSession();
  const huge = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'tournage-complet.mov', size: MAX_FILE_SIZE_BYTES, type: 'video/quicktime' },
  });
  expect(huge.body.partSize).toBe(48 * MIB);
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'plan.mp4', size: 250 * MIB, type: 'video/mp4' },
  });
  const sign = (body: unknown) =>
    call(`/sessions/${sessionId}/files/${added.body.fileId as string}/sign`, { secret, body });
  const run = await sign({ operation: 'uploadPart', partNumber: 1, count: 32 });
  expect(run.status).toBe(200);
  const urls = run.body.urls as string[];
  expect(urls.map((url) => Number(new URL(url).searchParams.get('partNumber')))).toEqual(
    Array.from({ length: 32 }, (_, index) => index + 1),
  );
  expect(run.body.url).toBe(urls[0]);
  // Past the file's last part, or more than a run holds: refused.
  expect((await sign({ operation: 'uploadPart', partNumber: 31, count: 3 })).status).toBe(400);
  const tooMany = await sign({ operation: 'uploadPart', partNumber: 1, count: MAX_PART_URLS_PER_REQUEST + 1 });
  expect(tooMany.status).toBe(400);
  expect(JSON.stringify(tooMany.body)).toContain(`Au plus ${MAX_PART_URLS_PER_REQUEST} parties par demande.`);
});

test('resume: the session lists its unfinished files with their multipart upload, and S3 lists their parts page by page', async () => {
  const { sessionId, secret } = await newSession();
  const size = 3 * 8 * MIB;
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'interview.mp4', size, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  const sign = async (body: unknown) =>
    (await call(`/sessions/${sessionId}/files/${fileId}/sign`, { secret, body })).body as {
      url: string;
      urls?: string[];
    };
  // Parts 1 and 2 reached S3 before the page was reloaded; part 3 did not.
  const { urls } = await sign({ operation: 'uploadPart', partNumber: 1, count: 2 });
  for (const url of urls!) expect((await fetch(url, { method: 'PUT', body: Buffer.alloc(8 * MIB) })).status).toBe(200);

  const listed = await call(`/sessions/${sessionId}/files`, { secret });
  expect(listed.body.files).toEqual([
    expect.objectContaining({
      fileId,
      name: 'interview.mp4',
      status: 'uploading',
      analysed: false,
      multipart: { key: added.body.key, uploadId: added.body.uploadId, partSize: 8 * MIB },
    }),
  ]);

  const partNumbers = async (body: unknown) => {
    const xml = await (await fetch((await sign(body)).url)).text();
    return [...xml.matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
  };
  expect(await partNumbers({ operation: 'listParts' })).toEqual([1, 2]);
  // The next page starts after the marker (S3 answers 1,000 parts a page).
  expect(await partNumbers({ operation: 'listParts', partNumberMarker: 1 })).toEqual([2]);
  expect(await partNumbers({ operation: 'listParts', partNumberMarker: 2 })).toEqual([]);
});

test('a completed upload whose content is not media is rejected and its object deleted', async () => {
  const { sessionId, secret } = await newSession();
  const text = Buffer.from('Ceci n’est pas une vidéo. '.repeat(100));
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'faux.mp4', size: text.length, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  const sign = async (body: unknown) =>
    (await call(`/sessions/${sessionId}/files/${fileId}/sign`, { secret, body })).body.url as string;
  const put = await fetch(await sign({ operation: 'uploadPart', partNumber: 1 }), { method: 'PUT', body: text });
  expect(put.status).toBe(200);
  const etag = put.headers.get('etag');
  // Not complete yet: the server refuses to mark it done.
  expect((await call(`/sessions/${sessionId}/files/${fileId}/complete`, { secret, body: {} })).status).toBe(409);
  const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${etag}</ETag></Part></CompleteMultipartUpload>`;
  expect((await fetch(await sign({ operation: 'complete' }), { method: 'POST', body: xml })).status).toBe(200);
  const completed = await call(`/sessions/${sessionId}/files/${fileId}/complete`, { secret, body: {} });
  expect(completed.body).toMatchObject({ status: 'rejected', error: UPLOAD_MESSAGES.unsupportedType });
  await expect(
    s3.send(new HeadObjectCommand({ Bucket: BUCKETS.briefs, Key: added.body.key as string })),
  ).rejects.toMatchObject({ name: 'NotFound' });
  // Once finished, no more signatures for it.
  expect(
    (
      await call(`/sessions/${sessionId}/files/${fileId}/sign`, {
        secret,
        body: { operation: 'uploadPart', partNumber: 1 },
      })
    ).status,
  ).toBe(409);
});

test('a part URL takes only its declared length: 6 MB sent under a 100 B declaration is refused and leaves no object', async () => {
  const { sessionId, secret } = await newSession();
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'petit.mp4', size: 100, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  const sign = async (body: unknown) =>
    (await call(`/sessions/${sessionId}/files/${fileId}/sign`, { secret, body })).body.url as string;
  const partUrl = await sign({ operation: 'uploadPart', partNumber: 1 });
  const oversized = await fetch(partUrl, { method: 'PUT', body: Buffer.alloc(6_000_000) });
  expect(oversized.status).toBe(403);
  expect(await oversized.text()).toContain('SignatureDoesNotMatch');
  expect((await fetch(partUrl, { method: 'PUT', body: Buffer.alloc(99) })).status).toBe(403);
  // Nothing reached storage: the server has nothing to complete, and no object exists.
  expect((await call(`/sessions/${sessionId}/files/${fileId}/complete`, { secret, body: {} })).status).toBe(409);
  await expect(
    s3.send(new HeadObjectCommand({ Bucket: BUCKETS.briefs, Key: added.body.key as string })),
  ).rejects.toMatchObject({ name: 'NotFound' });
});

test('the last part takes exactly the rest; a complete that leaves parts out is rejected and its object deleted', async () => {
  const { sessionId, secret } = await newSession();
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'coupé.mp4', size: 16 * MIB + 1, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  const key = added.body.key as string;
  const sign = async (body: unknown) =>
    (await call(`/sessions/${sessionId}/files/${fileId}/sign`, { secret, body })).body as {
      url: string;
      urls?: string[];
    };
  const { urls } = await sign({ operation: 'uploadPart', partNumber: 1, count: 3 });
  expect((await fetch(urls![2]!, { method: 'PUT', body: Buffer.alloc(2) })).status).toBe(403);
  // Part 1 alone, completed as if it were the whole file: an object of 8 MiB instead of 16 MiB + 1 B.
  const put = await fetch(urls![0]!, { method: 'PUT', body: Buffer.alloc(8 * MIB) });
  expect(put.status).toBe(200);
  const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${put.headers.get('etag')}</ETag></Part></CompleteMultipartUpload>`;
  expect((await fetch((await sign({ operation: 'complete' })).url, { method: 'POST', body: xml })).status).toBe(200);

  const completed = await call(`/sessions/${sessionId}/files/${fileId}/complete`, { secret, body: {} });
  expect(completed.body).toMatchObject({ status: 'rejected', error: UPLOAD_MESSAGES.sizeMismatch });
  await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKETS.briefs, Key: key }))).rejects.toMatchObject({
    name: 'NotFound',
  });
});

test('cancel: the server aborts the multipart upload, so the URLs signed before write nothing', async () => {
  const { sessionId, secret } = await newSession();
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'c.mp4', size: 100, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  const key = added.body.key as string;
  const sign = async (body: unknown) =>
    (await call(`/sessions/${sessionId}/files/${fileId}/sign`, { secret, body })).body.url as string;
  const partUrl = await sign({ operation: 'uploadPart', partNumber: 1 });
  const completeUrl = await sign({ operation: 'complete' });
  const put = await fetch(partUrl, { method: 'PUT', body: Buffer.alloc(100) });
  expect(put.status).toBe(200);

  expect((await call(`/sessions/${sessionId}/files/${fileId}`, { method: 'DELETE', secret })).status).toBe(204);
  const listed = await call(`/sessions/${sessionId}/files`, { secret });
  expect(listed.body.files).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: BUCKETS.briefs, Prefix: key }));
  expect(uploads.Uploads ?? []).toEqual([]);
  // The part and complete URLs signed before the cancel no longer write anything.
  expect((await fetch(partUrl, { method: 'PUT', body: Buffer.alloc(100) })).status).toBe(404);
  const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${put.headers.get('etag')}</ETag></Part></CompleteMultipartUpload>`;
  expect((await fetch(completeUrl, { method: 'POST', body: xml })).status).toBe(404);
  expect((await call(`/sessions/${sessionId}/files/${fileId}/complete`, { secret, body: {} })).status).toBe(409);
  await expect(s3.send(new HeadObjectCommand({ Bucket: BUCKETS.briefs, Key: key }))).rejects.toMatchObject({
    name: 'NotFound',
  });
  // The browser no longer asks for an abort URL.
  expect(
    (await call(`/sessions/${sessionId}/files/${fileId}/sign`, { secret, body: { operation: 'abort' } })).status,
  ).toBe(400);
});

test('cancel right after a complete sent to storage deletes the object it made', async () => {
  const { sessionId, secret } = await newSession();
  const added = await call(`/sessions/${sessionId}/files`, {
    secret,
    body: { name: 'd.mp4', size: 100, type: 'video/mp4' },
  });
  const fileId = added.body.fileId as string;
  const sign = async (body: unknown) =>
    (await call(`/sessions/${sessionId}/files/${fileId}/sign`, { secret, body })).body.url as string;
  const put = await fetch(await sign({ operation: 'uploadPart', partNumber: 1 }), {
    method: 'PUT',
    body: Buffer.alloc(100),
  });
  const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${put.headers.get('etag')}</ETag></Part></CompleteMultipartUpload>`;
  expect((await fetch(await sign({ operation: 'complete' }), { method: 'POST', body: xml })).status).toBe(200);
  expect((await call(`/sessions/${sessionId}/files/${fileId}`, { method: 'DELETE', secret })).status).toBe(204);
  await expect(
    s3.send(new HeadObjectCommand({ Bucket: BUCKETS.briefs, Key: added.body.key as string })),
  ).rejects.toMatchObject({ name: 'NotFound' });
});
