import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  ATTACHABLE_UPLOAD_AREAS,
  PART_URL_EXPIRY_SECONDS,
  UPLOAD_MESSAGES,
  checkNewFile,
  fileExtension,
  mediaKindOfExtension,
  partCount,
  uploadPartLength,
  uploadPartSize,
  type MediaKind,
  type UploadFileCreated,
} from '../../domain/uploads';
import type { AddUploadFileInput, SignUploadRequest } from '../../domain/schemas/uploads';
import { ProjectFile, UploadedFile } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import { UNATTACHED_UPLOAD_TAG } from '../storage/buckets';
import type { Caller, UploadContext } from './upload-context';
import { bucketOf, discardStoredFile, freeKey } from './upload-objects';
import { openFile, openSession } from './upload-sessions';

const UNATTACHED_UPLOAD_TAGGING = `${UNATTACHED_UPLOAD_TAG.Key}=${UNATTACHED_UPLOAD_TAG.Value}`;

/** Rejections of 001 §5.2 as HTTP statuses: count → 409, size → 413, type → 415. */
const REJECTION_STATUS = { count: 409, size: 413, type: 415 } as const;

/**
 * Validates a new file against 001 §5.2 and opens its multipart upload. The session row is locked
 * so two files added at once cannot pass the 20-file limit together; if the row cannot be written
 * the multipart upload is aborted, so nothing is left half-made.
 */
export async function addFile(
  context: UploadContext,
  sessionId: string,
  secret: string | undefined,
  caller: Caller,
  input: Required<AddUploadFileInput>,
): Promise<UploadFileCreated> {
  return context.em().transactional(async (em) => {
    const session = await openSession(em, sessionId, secret, caller, true);
    const kept = await em.count(UploadedFile, { session: session.id, status: { $in: ['uploading', 'completed'] } });
    const rejection = checkNewFile(input, kept, session.area);
    if (rejection)
      throw new HttpError(REJECTION_STATUS[rejection.code], rejection.message, {
        [rejection.code]: rejection.title,
      });
    const kind = mediaKindOfExtension(fileExtension(input.name)) as MediaKind;
    const bucket = bucketOf(session.area);
    const key = await freeKey(em, session, input.name, context.now);
    const created = await context.s3.send(
      new CreateMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        // Never the browser's type: downloads are signed with the type sniffed on completion.
        ContentType: 'application/octet-stream',
        // Until a brief or an application takes it, the bucket's lifecycle rule may expire it.
        ...(ATTACHABLE_UPLOAD_AREAS.includes(session.area) ? { Tagging: UNATTACHED_UPLOAD_TAGGING } : {}),
      }),
    );
    if (!created.UploadId) throw new HttpError(503, UPLOAD_MESSAGES.storageUnavailable);
    try {
      const file = em.create(UploadedFile, {
        session,
        name: input.name,
        size: input.size,
        mimeType: input.type,
        kind,
        bucket,
        storageKey: key,
        multipartUploadId: created.UploadId,
      });
      await em.flush();
      return { fileId: file.id, key, uploadId: created.UploadId, partSize: uploadPartSize(input.size) };
    } catch (error) {
      await context.s3
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: created.UploadId }))
        .catch(() => undefined);
      throw error;
    }
  });
}

/** Presigned URLs for the S3 requests of a file this session created (parts by runs); the key is never the browser’s. */
export async function signUploadRequest(
  context: UploadContext,
  sessionId: string,
  fileId: string,
  secret: string | undefined,
  caller: Caller,
  { operation, partNumber, count = 1, partNumberMarker }: SignUploadRequest,
) {
  const em = context.em();
  const session = await openSession(em, sessionId, secret, caller);
  const file = await openFile(em, session, fileId);
  if (file.status !== 'uploading') throw new HttpError(409, UPLOAD_MESSAGES.fileNotUploading);
  const target = { Bucket: file.bucket, Key: file.storageKey, UploadId: file.multipartUploadId };
  const expiresIn = PART_URL_EXPIRY_SECONDS;
  switch (operation) {
    case 'uploadPart': {
      // Parts `partNumber` … `partNumber + count - 1`, in one call; `url` is the first one's.
      if (!partNumber || partNumber + count - 1 > partCount(file.size))
        throw new HttpError(400, UPLOAD_MESSAGES.partOutOfRange);
      const urls = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          // The exact length is signed: storage refuses a body of any other length.
          getSignedUrl(
            context.publicS3,
            new UploadPartCommand({
              ...target,
              PartNumber: partNumber + index,
              ContentLength: uploadPartLength(file.size, partNumber + index),
            }),
            { expiresIn },
          ),
        ),
      );
      return { url: urls[0], urls };
    }
    case 'listParts': {
      const marker = partNumberMarker ? { PartNumberMarker: String(partNumberMarker) } : {};
      return {
        url: await getSignedUrl(context.publicS3, new ListPartsCommand({ ...target, ...marker }), { expiresIn }),
      };
    }
    case 'complete':
      return { url: await getSignedUrl(context.publicS3, new CompleteMultipartUploadCommand(target), { expiresIn }) };
  }
}

/**
 * Removes a file from the brief (also the browser's cancel): aborts its multipart upload and deletes
 * its object at the server, then it stops counting towards the limit. Idempotent.
 */
export async function removeFile(
  context: UploadContext,
  sessionId: string,
  fileId: string,
  secret: string | undefined,
  caller: Caller,
): Promise<void> {
  const em = context.em();
  const session = await openSession(em, sessionId, secret, caller);
  const file = await openFile(em, session, fileId);
  await discardStoredFile(context, file);
  // The project's list must not offer a download of an object that is gone.
  if (file.status === 'completed' && session.project)
    await em.nativeDelete(ProjectFile, { storageBucket: file.bucket, storageKey: file.storageKey });
  if (file.status !== 'rejected') file.status = 'cancelled';
  await em.flush();
}
