import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  PutBucketLifecycleConfigurationCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { BUCKETS } from '../../clients/storage';

/** Incomplete multipart uploads (abandoned browser uploads) are aborted after this many days. */
const ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS = 7;

function isNotImplemented(error: unknown): boolean {
  const name = (error as { name?: string; Code?: string }).name ?? (error as { Code?: string }).Code;
  return name === 'NotImplemented';
}

/**
 * Creates the product's buckets when missing, with CORS for the app's origins (browser uploads
 * need `ETag` exposed) and a lifecycle rule aborting incomplete multipart uploads.
 * Returns what each bucket got, so the caller can say it.
 */
export async function ensureBuckets(s3: S3Client, allowedOrigins: string[]): Promise<Record<string, string[]>> {
  const report: Record<string, string[]> = {};
  for (const Bucket of Object.values(BUCKETS)) {
    const done: string[] = [];
    try {
      await s3.send(new HeadBucketCommand({ Bucket }));
    } catch {
      await s3.send(new CreateBucketCommand({ Bucket }));
      done.push('created');
    }
    try {
      await s3.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: {
            CORSRules: [
              {
                AllowedOrigins: allowedOrigins,
                AllowedMethods: ['GET', 'PUT', 'POST', 'DELETE', 'HEAD'],
                AllowedHeaders: ['*'],
                ExposeHeaders: ['ETag'],
                MaxAgeSeconds: 3600,
              },
            ],
          },
        }),
      );
      done.push('cors');
    } catch (error) {
      // MinIO answers NotImplemented and applies its server-wide CORS setting instead.
      if (!isNotImplemented(error)) throw error;
      done.push('cors (server-wide)');
    }
    try {
      await s3.send(
        new PutBucketLifecycleConfigurationCommand({
          Bucket,
          LifecycleConfiguration: {
            Rules: [
              {
                ID: 'abort-incomplete-multipart-uploads',
                Status: 'Enabled',
                Filter: { Prefix: '' },
                AbortIncompleteMultipartUpload: { DaysAfterInitiation: ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS },
              },
            ],
          },
        }),
      );
      done.push('lifecycle');
    } catch (error) {
      // MinIO rejects this rule type; it aborts stale multipart uploads server-wide instead
      // (MINIO_API_STALE_UPLOADS_EXPIRY, set by the start script to the same delay).
      if ((error as { name?: string }).name !== 'InvalidArgument') throw error;
      done.push('lifecycle (server-wide stale-upload expiry)');
    }
    report[Bucket] = done;
  }
  return report;
}
