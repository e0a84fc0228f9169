import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { ANALYSIS_MESSAGES, type RushAnalysisResult } from '../../domain/analysis';
import {
  PART_URL_EXPIRY_SECONDS,
  UPLOAD_MESSAGES,
  applicationPhotoObjectKey,
  areaRunsAnalysis,
  briefObjectKey,
  checkNewFile,
  fileExtension,
  mediaKindOfExtension,
  partCount,
  projectObjectKey,
  uploadPartSize,
  type AddUploadFileInput,
  type MediaKind,
  type SignUploadRequest,
  type UploadArea,
  type UploadFileCreated,
  type UploadFileView,
  type UploadSessionCreated,
} from '../../domain/uploads';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  RUSH_ANALYSIS_EXECUTION_TIMEOUT,
  RUSH_ANALYSIS_WORKFLOW_TYPE,
  rushAnalysisWorkflowId,
  type RushAnalysisInput,
} from '../../workflows/contracts/rush-analysis';
import { projectEvent, type OutboxEntry } from '../../domain/events';
import { Project, ProjectFile, ProjectVersion, UploadedFile, UploadSession } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import { HttpError } from '../lib/http-error';
import { BUCKETS } from '../../db/storage';
import { contentMatchesKind, sniffMediaKind, SNIFF_BYTES } from './content-sniffer';

export interface UploadServiceDeps {
  /** A fresh entity manager per call (the caller forks the ORM's). */
  em: () => EntityManager;
  /** Internal endpoint: the api's own S3 calls (create, head, ranged read, abort). */
  s3: S3Client;
  /** Public endpoint: only for URLs handed to browsers, so their signature names the host they reach. */
  publicS3: S3Client;
  temporal: () => Promise<Client>;
  /** Starts the preview workflow of a version once its row is committed (api/review/preview-runs.ts). */
  startPreview?: (versionId: string) => Promise<void>;
  now?: () => number;
}

export interface Caller {
  userId: string | null;
}

/** Rejections of 001 §5.2 as HTTP statuses: count → 409, size → 413, type → 415. */
const REJECTION_STATUS = { count: 409, size: 413, type: 415 } as const;

function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

function view(file: UploadedFile, session: UploadSession): UploadFileView {
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

/** S3 answers NoSuchUpload when a multipart upload was already completed or aborted. */
function isGone(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchUpload' || name === 'NotFound' || name === 'NoSuchKey';
}

/**
 * Upload sessions: the server creates every key and multipart upload, signs only the requests of
 * files it created for that session, checks the content once the browser says a file is complete,
 * and runs the rush analysis.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const now = deps.now ?? Date.now;

  /**
   * A brief's rushes go to `briefs`; a project's sources to `project-files`, its final video to
   * `video-uploads` (000 §7); an application's photo to `application-photos`.
   */
  function bucketOf(area: UploadArea): string {
    if (area === 'project_source') return BUCKETS.projectFiles;
    if (area === 'project_final') return BUCKETS.videoUploads;
    if (area === 'application_photo') return BUCKETS.applicationPhotos;
    return BUCKETS.briefs;
  }

  function objectKey(session: UploadSession, timestamp: number, name: string): string {
    if (session.area === 'project_source' || session.area === 'project_final') {
      if (!session.project) throw new Error(`upload session ${session.id} of area ${session.area} has no project`);
      return projectObjectKey(
        session.project.id,
        session.area === 'project_final' ? 'final' : 'source',
        timestamp,
        name,
      );
    }
    if (session.area === 'application_photo') return applicationPhotoObjectKey(session.id, timestamp, name);
    return briefObjectKey(session.userId ?? null, timestamp, name);
  }

  /** The session, when `secret` opens it and the caller may use it; 404/403 otherwise. */
  async function openSession(
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

  async function openFile(em: EntityManager, session: UploadSession, fileId: string) {
    const file = await em.findOne(UploadedFile, { id: fileId, session: session.id });
    if (!file) throw new HttpError(404, UPLOAD_MESSAGES.fileNotFound);
    return file;
  }

  /** Object keys carry a millisecond timestamp; two files of the same name in one ms get the next ms (never overwrite). */
  async function freeKey(em: EntityManager, session: UploadSession, name: string): Promise<string> {
    const bucket = bucketOf(session.area);
    for (let timestamp = now(); ; timestamp += 1) {
      const key = objectKey(session, timestamp, name);
      if ((await em.count(UploadedFile, { bucket, storageKey: key })) === 0) return key;
    }
  }

  return {
    /**
     * The session a brief or an application names, opened with the secret its uploader holds (same
     * checks as every upload call).
     */
    openSessionForBrief(
      em: EntityManager,
      sessionId: string,
      secret: string | undefined,
      caller: Caller,
    ): Promise<UploadSession> {
      return openSession(em, sessionId, secret, caller);
    },

    /**
     * A new session. Project areas need `projectId` and a signed-in caller: the project routes
     * check who may upload what before calling this.
     */
    async createSession(
      caller: Caller,
      area: UploadArea,
      projectId?: string,
      note?: string,
    ): Promise<UploadSessionCreated> {
      const em = deps.em();
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
    },

    async listFiles(sessionId: string, secret: string | undefined, caller: Caller): Promise<UploadFileView[]> {
      const em = deps.em();
      const session = await openSession(em, sessionId, secret, caller);
      const files = await em.find(UploadedFile, { session: session.id }, { orderBy: { createdAt: 'asc' } });
      return files.map((file) => view(file, session));
    },

    /**
     * Validates a new file against 001 §5.2 and opens its multipart upload. The session row is locked
     * so two files added at once cannot pass the 20-file limit together; if the row cannot be written
     * the multipart upload is aborted, so nothing is left half-made.
     */
    async addFile(
      sessionId: string,
      secret: string | undefined,
      caller: Caller,
      input: Required<AddUploadFileInput>,
    ): Promise<UploadFileCreated> {
      return deps.em().transactional(async (em) => {
        const session = await openSession(em, sessionId, secret, caller, true);
        const kept = await em.count(UploadedFile, { session: session.id, status: { $in: ['uploading', 'completed'] } });
        const rejection = checkNewFile(input, kept, session.area);
        if (rejection)
          throw new HttpError(REJECTION_STATUS[rejection.code], rejection.message, {
            [rejection.code]: rejection.title,
          });
        const kind = mediaKindOfExtension(fileExtension(input.name)) as MediaKind;
        const bucket = bucketOf(session.area);
        const key = await freeKey(em, session, input.name);
        const created = await deps.s3.send(
          new CreateMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            ContentType: input.type || 'application/octet-stream',
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
          await deps.s3
            .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: created.UploadId }))
            .catch(() => undefined);
          throw error;
        }
      });
    },

    /** Presigned URLs for the S3 requests of a file this session created (parts by runs); the key is never the browser’s. */
    async sign(
      sessionId: string,
      fileId: string,
      secret: string | undefined,
      caller: Caller,
      { operation, partNumber, count = 1, partNumberMarker }: SignUploadRequest,
    ) {
      const em = deps.em();
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
              getSignedUrl(deps.publicS3, new UploadPartCommand({ ...target, PartNumber: partNumber + index }), {
                expiresIn,
              }),
            ),
          );
          return { url: urls[0], urls };
        }
        case 'listParts': {
          const marker = partNumberMarker ? { PartNumberMarker: String(partNumberMarker) } : {};
          return {
            url: await getSignedUrl(deps.publicS3, new ListPartsCommand({ ...target, ...marker }), { expiresIn }),
          };
        }
        case 'complete':
          return { url: await getSignedUrl(deps.publicS3, new CompleteMultipartUploadCommand(target), { expiresIn }) };
        case 'abort': {
          // The browser sends the DELETE; the file stops counting towards the limit right away.
          file.status = 'cancelled';
          await em.flush();
          return { url: await getSignedUrl(deps.publicS3, new AbortMultipartUploadCommand(target), { expiresIn }) };
        }
      }
    },

    /**
     * Called by the browser once S3 accepted CompleteMultipartUpload: checks the object's size and
     * first bytes, then marks the file completed, or rejected (and deletes the object) when its
     * content is not the media its extension claims. Calling it again answers the same.
     */
    async completeFile(
      sessionId: string,
      fileId: string,
      secret: string | undefined,
      caller: Caller,
    ): Promise<UploadFileView> {
      const em = deps.em();
      const session = await openSession(em, sessionId, secret, caller);
      const file = await openFile(em, session, fileId);
      if (file.status === 'completed' || file.status === 'rejected') return view(file, session);
      if (file.status !== 'uploading') throw new HttpError(409, UPLOAD_MESSAGES.fileNotUploading);
      const head = await deps.s3
        .send(new HeadObjectCommand({ Bucket: file.bucket, Key: file.storageKey }))
        .catch((error: unknown) => {
          if (isGone(error)) throw new HttpError(409, UPLOAD_MESSAGES.notUploadedYet);
          throw error;
        });
      if (head.ContentLength !== file.size) throw new HttpError(409, UPLOAD_MESSAGES.notUploadedYet);
      let sniffed: MediaKind | null = null;
      if (file.size > 0) {
        const start = await deps.s3.send(
          new GetObjectCommand({ Bucket: file.bucket, Key: file.storageKey, Range: `bytes=0-${SNIFF_BYTES - 1}` }),
        );
        sniffed = sniffMediaKind(await start.Body!.transformToByteArray());
      }
      const matches = contentMatchesKind(sniffed, file.kind);
      if (!matches) {
        file.status = 'rejected';
        file.error = UPLOAD_MESSAGES.unsupportedType;
        await deps.s3.send(new DeleteObjectCommand({ Bucket: file.bucket, Key: file.storageKey }));
      }
      file.completedAt = new Date(now());
      // The file's new status, its project row, the version of a final file and the live events
      // commit together.
      let version: ProjectVersion | undefined;
      await em.begin();
      try {
        // The events are described after the flush, once the new rows have their ids.
        const events: (() => OutboxEntry)[] = [];
        if (matches) {
          file.status = 'completed';
          if (session.project) {
            const final = session.area === 'project_final';
            const projectFile = em.create(ProjectFile, {
              project: session.project,
              filename: file.name,
              fileType: final ? 'final' : 'source',
              storageBucket: file.bucket,
              storageKey: file.storageKey,
              mimeType: file.mimeType || null,
              fileSize: file.size,
              uploadedBy: caller.userId ?? session.userId ?? '',
              durationSeconds: null,
            });
            const projectId = session.project.id;
            events.push(() =>
              projectEvent({ type: 'project.file', projectId, fileId: projectFile.id, fileType: projectFile.fileType }),
            );
            if (final) {
              // Each final file is the next version (v1, v2, …): numbered under the project's lock.
              await em.findOne(Project, { id: session.project.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
              const last = await em.findOne(
                ProjectVersion,
                { project: session.project.id },
                { orderBy: { number: 'desc' }, fields: ['number'] },
              );
              version = em.create(ProjectVersion, {
                project: session.project,
                number: (last?.number ?? 0) + 1,
                projectFile,
                note: session.note ?? null,
                filename: file.name,
                uploadedBy: projectFile.uploadedBy,
              });
              const created = version;
              events.push(() =>
                projectEvent({
                  type: 'project.version',
                  projectId,
                  versionNumber: created.number,
                  previewStatus: 'processing',
                  progress: 0,
                }),
              );
            }
          }
        }
        await appendEvents(em, () => events.map((event) => event()));
        await em.commit();
      } catch (error) {
        await em.rollback();
        throw error;
      }
      // The preview's workflow (probe, carried comments, watermarked preview). Should this fail,
      // the version stays 'processing' without a run and the editor's retry starts it.
      if (version && deps.startPreview) {
        await deps.startPreview(version.id).catch((error: unknown) => {
          console.error(`[uploads] preview of version ${version!.id} not started:`, error);
        });
      }
      return view(file, session);
    },

    /** Removes a file from the brief: aborts its multipart upload or deletes its object. Idempotent. */
    async removeFile(sessionId: string, fileId: string, secret: string | undefined, caller: Caller): Promise<void> {
      const em = deps.em();
      const session = await openSession(em, sessionId, secret, caller);
      const file = await openFile(em, session, fileId);
      await deps.s3
        .send(
          new AbortMultipartUploadCommand({
            Bucket: file.bucket,
            Key: file.storageKey,
            UploadId: file.multipartUploadId,
          }),
        )
        .catch((error: unknown) => {
          if (!isGone(error)) throw error;
        });
      if (file.status === 'completed') {
        await deps.s3.send(new DeleteObjectCommand({ Bucket: file.bucket, Key: file.storageKey }));
        // The project's list must not offer a download of an object that is gone.
        if (session.project)
          await em.nativeDelete(ProjectFile, { storageBucket: file.bucket, storageKey: file.storageKey });
      }
      if (file.status !== 'rejected') file.status = 'cancelled';
      await em.flush();
    },

    /**
     * Runs rushAnalysisWorkflow over the session's completed files and records what it measured:
     * durations on the files, the result on the session; files ffprobe found not to be media are
     * marked rejected with the reason.
     */
    async analyse(sessionId: string, secret: string | undefined, caller: Caller): Promise<RushAnalysisResult> {
      const em = deps.em();
      const session = await openSession(em, sessionId, secret, caller);
      if (!areaRunsAnalysis(session.area)) throw new HttpError(409, UPLOAD_MESSAGES.notAnalysed);
      const files = await em.find(
        UploadedFile,
        { session: session.id, status: 'completed' },
        { orderBy: { createdAt: 'asc' } },
      );
      if (files.length === 0) throw new HttpError(409, UPLOAD_MESSAGES.nothingToAnalyse);
      const input: RushAnalysisInput = {
        sessionId: session.id,
        files: files.map((file) => ({
          fileId: file.id,
          name: file.name,
          size: file.size,
          bucket: file.bucket,
          key: file.storageKey,
          kind: file.kind,
        })),
      };
      const client = await deps.temporal();
      const result = await client.workflow
        .execute<(input: RushAnalysisInput) => Promise<RushAnalysisResult>>(RUSH_ANALYSIS_WORKFLOW_TYPE, {
          taskQueue: TASK_QUEUE,
          workflowId: rushAnalysisWorkflowId(session.id, randomUUID()),
          workflowExecutionTimeout: RUSH_ANALYSIS_EXECUTION_TIMEOUT,
          args: [input],
        })
        .catch((error: unknown) => {
          // The form falls back to manual entry on this message (001 §8.2).
          console.error('[uploads] rush analysis failed:', error);
          throw new HttpError(502, ANALYSIS_MESSAGES.failed);
        });
      for (const measured of result.fileAnalyses) {
        const file = files.find((candidate) => candidate.id === measured.fileId);
        if (!file) continue;
        if (measured.isMedia) {
          file.durationSeconds = measured.durationSeconds;
        } else {
          file.status = 'rejected';
          file.error = measured.error ?? UPLOAD_MESSAGES.unsupportedType;
        }
      }
      session.analysis = result;
      session.analysedAt = new Date(now());
      await em.flush();
      return result;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
