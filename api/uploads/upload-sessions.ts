import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteObjectTaggingCommand } from '@aws-sdk/client-s3';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  UPLOAD_MESSAGES,
  uploadPartSize,
  type UploadArea,
  type UploadFileView,
  type UploadSessionCreated,
} from '../../domain/uploads';
import { UploadedFile, UploadSession } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import type { Caller, UploadContext } from './upload-context';
import { isGone } from './upload-objects';

/** Only the hash of a session's secret is stored. */
function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A file as its uploader sees it: an unfinished one carries what resumes its multipart upload. */
export function uploadFileView(file: UploadedFile, session: UploadSession): UploadFileView {
  return {
    fileId: file.id,
    name: file.name,
    size: file.size,
    kind: file.kind,
    status: file.status,
    error: file.error ?? null,
    durationSeconds: file.durationSeconds ?? null,
    analysed: Boolean(session.analysedAt && file.completedAt && file.completedAt <= session.analysedAt),
    multipart:
      file.status === 'uploading'
        ? { key: file.storageKey, uploadId: file.multipartUploadId, partSize: uploadPartSize(file.size) }
        : null,
  };
}

/** The session, when `secret` opens it and the caller may use it; 404/403 otherwise. */
export async function openSession(
  em: EntityManager,
  sessionId: string,
  secret: string | undefined,
  caller: Caller,
  lock = false,
) {
  const session = await em.findOne(
    UploadSession,
    { id: sessionId },
    lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (!session) throw new HttpError(404, UPLOAD_MESSAGES.sessionNotFound);
  if (!secret || !sameHash(hashSecret(secret), session.secretHash))
    throw new HttpError(403, UPLOAD_MESSAGES.sessionDenied);
  // A signed-in user's session is theirs alone, even for someone holding the secret.
  if (session.userId && session.userId !== caller.userId) throw new HttpError(403, UPLOAD_MESSAGES.sessionDenied);
  return session;
}

/**
 * Opens the session a brief or an application takes, and marks it attached. The mark is one
 * UPDATE: it waits for a sweep holding the row and finds nothing once the sweep has removed it
 * (404), so a brief never takes files the sweep is deleting. Its finished objects then lose the
 * unattached tag, so the bucket's lifecycle rule keeps them; a file whose object that rule already
 * expired is removed.
 */
export async function attachSession(
  context: UploadContext,
  em: EntityManager,
  sessionId: string,
  secret: string | undefined,
  caller: Caller,
) {
  const session = await openSession(em, sessionId, secret, caller);
  const marked = await em.nativeUpdate(UploadSession, { id: session.id }, { attachedAt: new Date() });
  if (marked === 0) throw new HttpError(404, UPLOAD_MESSAGES.sessionNotFound);
  const finished = await em.find(UploadedFile, { session: session.id, status: 'completed' });
  const expired: string[] = [];
  await Promise.all(
    finished.map((file) =>
      context.s3
        .send(new DeleteObjectTaggingCommand({ Bucket: file.bucket, Key: file.storageKey }))
        .catch((error: unknown) => {
          if (!isGone(error)) throw error;
          expired.push(file.id);
        }),
    ),
  );
  // An object the lifecycle rule expired is not offered to the brief.
  if (expired.length > 0) await em.nativeDelete(UploadedFile, { id: { $in: expired } });
  return session;
}

/** One of the session's files; 404 otherwise. */
export async function openFile(em: EntityManager, session: UploadSession, fileId: string) {
  const file = await em.findOne(UploadedFile, { id: fileId, session: session.id });
  if (!file) throw new HttpError(404, UPLOAD_MESSAGES.fileNotFound);
  return file;
}

/**
 * A new session. Project areas need `projectId` and a signed-in caller: the project routes
 * check who may upload what before calling this.
 */
export async function createSession(
  context: UploadContext,
  caller: Caller,
  area: UploadArea,
  projectId?: string,
  note?: string,
): Promise<UploadSessionCreated> {
  const em = context.em();
  const forProject = area === 'project_source' || area === 'project_final';
  if (forProject !== Boolean(projectId) || (forProject && !caller.userId)) {
    throw new Error(
      `upload area ${area} ${forProject ? 'needs a project and a signed-in caller' : 'takes no project'}`,
    );
  }
  const secret = randomBytes(32).toString('base64url');
  const session = em.create(UploadSession, {
    secretHash: hashSecret(secret),
    userId: caller.userId,
    area,
    project: projectId ?? null,
    note: area === 'project_final' ? (note ?? null) : null,
  });
  await em.flush();
  return { sessionId: session.id, secret };
}

/** The session's files, oldest first. */
export async function listFiles(
  context: UploadContext,
  sessionId: string,
  secret: string | undefined,
  caller: Caller,
): Promise<UploadFileView[]> {
  const em = context.em();
  const session = await openSession(em, sessionId, secret, caller);
  const files = await em.find(UploadedFile, { session: session.id }, { orderBy: { createdAt: 'asc' } });
  return files.map((file) => uploadFileView(file, session));
}
