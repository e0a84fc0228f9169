import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { UPLOAD_MESSAGES, type UploadFileView } from '../../domain/uploads';
import { projectEvent, type OutboxEntry } from '../../domain/events';
import { Project, ProjectFile, ProjectVersion, type UploadedFile, type UploadSession } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import { HttpError } from '../lib/http-error';
import { recordSheetNotStarted } from '../projects/contact-sheet-runs';
import { contentMatchesKind, sniffMedia, SNIFF_BYTES, type SniffedMedia } from './content-sniffer';
import type { Caller, UploadContext } from './upload-context';
import { discardStoredFile, isGone } from './upload-objects';
import { openFile, openSession, uploadFileView } from './upload-sessions';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'uploads' });

/**
 * Called by the browser once S3 accepted CompleteMultipartUpload: checks the object's size and
 * first bytes, then marks the file completed, or rejected (its object deleted, its upload aborted)
 * when its size is not the declared one or its content not the media its extension claims.
 * Calling it again answers the same.
 */
export async function completeFile(
  context: UploadContext,
  sessionId: string,
  fileId: string,
  secret: string | undefined,
  caller: Caller,
): Promise<UploadFileView> {
  const em = context.em();
  const session = await openSession(em, sessionId, secret, caller);
  const file = await openFile(em, session, fileId);
  if (file.status === 'completed' || file.status === 'rejected') return uploadFileView(file, session);
  if (file.status !== 'uploading') throw new HttpError(409, UPLOAD_MESSAGES.fileNotUploading);
  const sizeMatches = await storedSizeMatches(context, file);
  const matches = sizeMatches && (await contentMatchesExtension(context, file));
  if (!matches) {
    file.status = 'rejected';
    file.error = sizeMatches ? UPLOAD_MESSAGES.unsupportedType : UPLOAD_MESSAGES.sizeMismatch;
    await discardStoredFile(context, file);
  }
  file.completedAt = new Date(context.now());
  // The file's new status, its project row, the version of a final file and the live events
  // commit together.
  let recorded: RecordedUpload | undefined;
  await em.begin();
  try {
    // The events are described after the flush, once the new rows have their ids.
    const events: (() => OutboxEntry)[] = [];
    if (matches) {
      file.status = 'completed';
      if (session.project) recorded = await recordProjectUpload(em, session, session.project, file, caller, events);
    }
    await appendEvents(em, () => events.map((event) => event()));
    await em.commit();
  } catch (error) {
    await em.rollback();
    throw error;
  }
  const version = recorded?.version;
  // The preview's workflow (probe, carried comments, watermarked preview). Should this fail,
  // the version stays 'processing' without a run and the editor's retry starts it.
  if (version && context.startPreview) {
    await context.startPreview(version.id).catch((error: unknown) => {
      log.error({ err: error, versionId: version!.id }, 'preview not started');
    });
  }
  // A source video's contact sheet; should it fail to start, the sheet says so and its retry starts it.
  const sheetFileId = recorded?.sourceVideo?.id;
  if (sheetFileId && context.startContactSheet) {
    await context.startContactSheet(sheetFileId).catch(async (error: unknown) => {
      log.error({ err: error, fileId: sheetFileId }, 'contact sheet not started');
      await recordSheetNotStarted(context.em(), sheetFileId);
    });
  }
  return uploadFileView(file, session);
}

/**
 * The stored object (409 while there is none) holds the declared size: a complete that left out
 * parts makes it smaller, and nothing else may change it.
 */
async function storedSizeMatches(context: UploadContext, file: UploadedFile): Promise<boolean> {
  const head = await context.s3
    .send(new HeadObjectCommand({ Bucket: file.bucket, Key: file.storageKey }))
    .catch((error: unknown) => {
      if (isGone(error)) throw new HttpError(409, UPLOAD_MESSAGES.notUploadedYet);
      throw error;
    });
  return head.ContentLength === file.size;
}

/**
 * The stored object's first bytes are the media its extension claims;
 * the file then records the sniffed type, the one its downloads are served with.
 */
async function contentMatchesExtension(context: UploadContext, file: UploadedFile): Promise<boolean> {
  let sniffed: SniffedMedia | null = null;
  if (file.size > 0) {
    const start = await context.s3.send(
      new GetObjectCommand({ Bucket: file.bucket, Key: file.storageKey, Range: `bytes=0-${SNIFF_BYTES - 1}` }),
    );
    sniffed = await sniffMedia(await start.Body!.transformToByteArray());
  }
  if (!sniffed || !contentMatchesKind(sniffed.kind, file.kind)) return false;
  file.mimeType = sniffed.mimeType;
  return true;
}

interface RecordedUpload {
  /** The final file's new version. */
  version?: ProjectVersion;
  /** The source video whose contact sheet is to be made (its id is known once flushed). */
  sourceVideo?: ProjectFile;
}

/**
 * A project's upload becomes one of its files and, for a final file, its next version (v1, v2, …);
 * their live events are added to `events`. A source video's contact sheet starts pending.
 */
async function recordProjectUpload(
  em: EntityManager,
  session: UploadSession,
  project: Project,
  file: UploadedFile,
  caller: Caller,
  events: (() => OutboxEntry)[],
): Promise<RecordedUpload> {
  const final = session.area === 'project_final';
  const hasContactSheet = !final && file.kind === 'video';
  const projectFile = em.create(ProjectFile, {
    project,
    filename: file.name,
    fileType: final ? 'final' : 'source',
    storageBucket: file.bucket,
    storageKey: file.storageKey,
    mimeType: file.mimeType || null,
    fileSize: file.size,
    uploadedBy: caller.userId ?? session.userId ?? '',
    durationSeconds: null,
    contactSheet: hasContactSheet ? { status: 'pending' } : null,
  });
  const projectId = project.id;
  events.push(() =>
    projectEvent({ type: 'project.file', projectId, fileId: projectFile.id, fileType: projectFile.fileType }),
  );
  if (!final) return hasContactSheet ? { sourceVideo: projectFile } : {};
  // Each final file is the next version (v1, v2, …): numbered under the project's lock.
  await em.findOne(Project, { id: project.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  const last = await em.findOne(
    ProjectVersion,
    { project: project.id },
    { orderBy: { number: 'desc' }, fields: ['number'] },
  );
  const version = em.create(ProjectVersion, {
    project,
    number: (last?.number ?? 0) + 1,
    projectFile,
    note: session.note ?? null,
    filename: file.name,
    uploadedBy: projectFile.uploadedBy,
  });
  events.push(() =>
    projectEvent({
      type: 'project.version',
      projectId,
      versionNumber: version.number,
      previewStatus: 'processing',
      progress: 0,
    }),
  );
  return { version };
}
