import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { heartbeat } from '@temporalio/activity';
import { BUCKETS } from '../clients/storage';
import { ATTACHABLE_UPLOAD_AREAS } from '../domain/uploads';
import type { UploadSweepActivities } from '../workflows/upload-sweep-activities';

export interface UploadSweepDeps {
  orm: MikroORM;
  /** Storage on the internal endpoint. */
  s3: S3Client;
}

interface SweptFile {
  id: string;
  session_id: string;
  bucket: string;
  storage_key: string;
  multipart_upload_id: string;
  status: string;
}

/** The attachable areas as an SQL list (constants, not input); project sessions are never swept whole. */
const ATTACHABLE_AREAS = ATTACHABLE_UPLOAD_AREAS.map((area) => `'${area}'`).join(', ');

/** Aborts run this many at a time: enough to hide the round trips, few enough for the storage. */
const ABORTS_IN_FLIGHT = 16;

/**
 * The files to remove, locked with their session: every unfinished, refused or cancelled file made
 * before the cutoff, and every file of an unattached brief or application session whose last file
 * is older than the cutoff. `skip locked` leaves a session a brief is taking right now to the next run.
 */
const ABANDONED_FILES = `
  select f."id", f."session_id", f."bucket", f."storage_key", f."multipart_upload_id", f."status"
  from "uploaded_files" f
  join "upload_sessions" s on s."id" = f."session_id"
  where f."created_at" < ?
    and (
      f."status" <> 'completed'
      or (
        s."attached_at" is null
        and s."area" in (${ATTACHABLE_AREAS})
        and not exists (select 1 from "uploaded_files" g where g."session_id" = s."id" and g."created_at" >= ?)
      )
    )
  order by f."created_at"
  limit ?
  for update of f, s skip locked`;

/** Unattached sessions left without a file (all removed, or none ever added). */
const EMPTY_ABANDONED_SESSIONS = `
  delete from "upload_sessions" where "id" in (
    select s."id" from "upload_sessions" s
    where s."attached_at" is null
      and s."area" in (${ATTACHABLE_AREAS})
      and s."created_at" < ?
      and not exists (select 1 from "uploaded_files" f where f."session_id" = s."id")
    limit ?
    for update skip locked
  )`;

function isGone(error: unknown): boolean {
  return (error as { name?: string }).name === 'NoSuchUpload';
}

async function abortUpload(s3: S3Client, bucket: string, key: string, uploadId: string): Promise<void> {
  await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch((error) => {
    if (!isGone(error)) throw error;
  });
}

/** Deletes the keys of one bucket in one request (at most 1,000); any key it could not delete fails the call. */
async function deleteObjects(s3: S3Client, bucket: string, keys: string[]): Promise<void> {
  const answer = await s3.send(
    new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
  );
  const failed = answer.Errors ?? [];
  if (failed.length > 0)
    throw new Error(`DeleteObjects on ${bucket} failed for ${failed.length} keys: ${failed[0].Code} ${failed[0].Key}`);
}

async function removeStoredFiles(s3: S3Client, files: SweptFile[]): Promise<void> {
  // An unfinished upload is aborted first, so the URLs signed for it stop working.
  const unfinished = files.filter((file) => file.status !== 'completed');
  for (let start = 0; start < unfinished.length; start += ABORTS_IN_FLIGHT) {
    await Promise.all(
      unfinished
        .slice(start, start + ABORTS_IN_FLIGHT)
        .map((file) => abortUpload(s3, file.bucket, file.storage_key, file.multipart_upload_id)),
    );
    heartbeat();
  }
  for (const bucket of new Set(files.map((file) => file.bucket))) {
    const keys = files.filter((file) => file.bucket === bucket).map((file) => file.storage_key);
    await deleteObjects(s3, bucket, keys);
    heartbeat();
  }
}

async function removeRows(em: EntityManager, files: SweptFile[], cutoff: string, limit: number): Promise<number> {
  if (files.length > 0) {
    await em.execute(`delete from "uploaded_files" where "id" in (${files.map(() => '?').join(', ')})`, [
      ...files.map((file) => file.id),
    ]);
  }
  const emptied: unknown = await em.execute(EMPTY_ABANDONED_SESSIONS, [cutoff, limit], 'run');
  return (emptied as { affectedRows?: number }).affectedRows ?? 0;
}

export function createUploadSweepActivities(deps: UploadSweepDeps): UploadSweepActivities {
  return {
    /**
     * Objects are deleted while the rows are locked and before they go, so a failure leaves the
     * rows for the retry (deleting a key twice, or aborting an upload twice, is harmless), and no
     * row the app reads ever names an object already deleted for more than this transaction.
     */
    async sweepAbandonedUploads(cutoff, limit) {
      return deps.orm.em.fork().transactional(async (em) => {
        const files: SweptFile[] = await em.execute(ABANDONED_FILES, [cutoff, cutoff, limit]);
        await removeStoredFiles(deps.s3, files);
        const sessionsRemoved = await removeRows(em, files, cutoff, limit);
        return { filesRemoved: files.length, more: files.length === limit || sessionsRemoved === limit };
      });
    },

    async abortStaleMultipartUploads(cutoff) {
      const before = new Date(cutoff).getTime();
      let aborted = 0;
      for (const Bucket of Object.values(BUCKETS)) {
        let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
        for (;;) {
          const page = await deps.s3.send(new ListMultipartUploadsCommand({ Bucket, ...markers }));
          const stale = (page.Uploads ?? []).filter(
            (upload) => upload.Key && upload.UploadId && upload.Initiated && upload.Initiated.getTime() < before,
          );
          for (let start = 0; start < stale.length; start += ABORTS_IN_FLIGHT) {
            await Promise.all(
              stale
                .slice(start, start + ABORTS_IN_FLIGHT)
                .map((upload) => abortUpload(deps.s3, Bucket, upload.Key as string, upload.UploadId as string)),
            );
          }
          aborted += stale.length;
          heartbeat();
          if (!page.IsTruncated) break;
          markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
        }
      }
      return aborted;
    },
  };
}
