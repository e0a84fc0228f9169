import { AbortMultipartUploadCommand, DeleteObjectCommand } from '@aws-sdk/client-s3';
import type { EntityManager } from '@mikro-orm/postgresql';
import { applicationPhotoObjectKey, briefObjectKey, projectObjectKey, type UploadArea } from '../../domain/uploads';
import { UploadedFile, type UploadSession } from '../../db/entities';
import { BUCKETS } from '../../clients/storage';
import type { UploadContext } from './upload-context';

/**
 * A brief's rushes go to `briefs`; a project's sources to `project-files`, its final video to
 * `video-uploads` (000 §7); an application's photo to `application-photos`.
 */
export function bucketOf(area: UploadArea): string {
  if (area === 'project_source') return BUCKETS.projectFiles;
  if (area === 'project_final') return BUCKETS.videoUploads;
  if (area === 'application_photo') return BUCKETS.applicationPhotos;
  return BUCKETS.briefs;
}

/** Where a session's file is stored: under its project, its application or its brief's owner. */
function objectKey(session: UploadSession, timestamp: number, name: string): string {
  if (session.area === 'project_source' || session.area === 'project_final') {
    if (!session.project) throw new Error(`upload session ${session.id} of area ${session.area} has no project`);
    return projectObjectKey(session.project.id, session.area === 'project_final' ? 'final' : 'source', timestamp, name);
  }
  if (session.area === 'application_photo') return applicationPhotoObjectKey(session.id, timestamp, name);
  return briefObjectKey(session.userId ?? null, timestamp, name);
}

/** Object keys carry a millisecond timestamp; two files of the same name in one ms get the next ms (never overwrite). */
export async function freeKey(
  em: EntityManager,
  session: UploadSession,
  name: string,
  now: () => number,
): Promise<string> {
  const bucket = bucketOf(session.area);
  for (let timestamp = now(); ; timestamp += 1) {
    const key = objectKey(session, timestamp, name);
    if ((await em.count(UploadedFile, { bucket, storageKey: key })) === 0) return key;
  }
}

/** S3 answers NoSuchUpload when a multipart upload was already completed or aborted. */
export function isGone(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchUpload' || name === 'NotFound' || name === 'NoSuchKey';
}

/**
 * Ends a file's storage at the server: aborts its multipart upload, so the URLs signed for it stop
 * working, and deletes its object, also one a complete sent just before made. Idempotent.
 */
export async function discardStoredFile(context: UploadContext, file: UploadedFile): Promise<void> {
  await context.s3
    .send(
      new AbortMultipartUploadCommand({ Bucket: file.bucket, Key: file.storageKey, UploadId: file.multipartUploadId }),
    )
    .catch((error: unknown) => {
      if (!isGone(error)) throw error;
    });
  await context.s3.send(new DeleteObjectCommand({ Bucket: file.bucket, Key: file.storageKey }));
}
