import {
  CreateBucketCommand,
  HeadBucketCommand,
  PutBucketCorsCommand,
  PutBucketLifecycleConfigurationCommand,
  type LifecycleRule,
  type S3Client,
} from '@aws-sdk/client-s3';
import { BUCKETS } from '../../clients/storage';
import { ABANDONED_UPLOAD_AGE_HOURS } from '../../workflows/contracts/upload-sweep';
import { DATA_EXPORT_LINK } from '../../domain/retention';

/**
 * Incomplete multipart uploads are aborted after this many days: the storage's own back-up of the
 * hourly sweep (uploadSweepWorkflow), which aborts them at the same age.
 */
const ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS = Math.ceil(ABANDONED_UPLOAD_AGE_HOURS / 24);

/**
 * The tag a brief's or an application's object carries from its creation until a brief or an
 * application takes it (`attachSession` removes it). The keys cannot say it: a brief's files keep
 * the key they were uploaded under, so no prefix separates the untaken ones.
 */
export const UNATTACHED_UPLOAD_TAG = { Key: 'upload', Value: 'unattached' } as const;

/**
 * Untaken objects expire after a week. The rule counts from each object's upload, the sweep from a
 * session's last file: well past the sweep's day, it only takes what the sweep missed.
 */
export const EXPIRE_UNATTACHED_UPLOADS_AFTER_DAYS = 7;

/** Buckets whose uploads wait for a brief or an application; project files are never tagged nor expired. */
const ATTACHABLE_BUCKETS: readonly string[] = [BUCKETS.briefs, BUCKETS.applicationPhotos];

/**
 * Puts the bucket's lifecycle rules: abort incomplete multipart uploads, and in the buckets of
 * brief and application uploads, expire the objects still tagged unattached, and expire the
 * account exports when their link does. Says what it put.
 */
async function putLifecycleRules(s3: S3Client, Bucket: string): Promise<string> {
  const abortIncomplete: LifecycleRule = {
    ID: 'abort-incomplete-multipart-uploads',
    Status: 'Enabled',
    Filter: { Prefix: '' },
    AbortIncompleteMultipartUpload: { DaysAfterInitiation: ABORT_INCOMPLETE_UPLOADS_AFTER_DAYS },
  };
  const expiries: LifecycleRule[] = ATTACHABLE_BUCKETS.includes(Bucket)
    ? [
        {
          ID: 'expire-unattached-uploads',
          Status: 'Enabled',
          Filter: { Tag: UNATTACHED_UPLOAD_TAG },
          Expiration: { Days: EXPIRE_UNATTACHED_UPLOADS_AFTER_DAYS },
        },
      ]
    : [];
  // An export's link works 7 days: the file goes with it.
  if (Bucket === BUCKETS.accountExports)
    expiries.push({
      ID: 'expire-account-exports',
      Status: 'Enabled',
      Filter: { Prefix: '' },
      Expiration: { Days: DATA_EXPORT_LINK.days },
    });
  const put = (Rules: LifecycleRule[]) =>
    s3.send(new PutBucketLifecycleConfigurationCommand({ Bucket, LifecycleConfiguration: { Rules } }));
  try {
    await put([abortIncomplete, ...expiries]);
    return 'lifecycle';
  } catch (error) {
    // MinIO rejects the abort rule type; it aborts stale multipart uploads server-wide instead
    // (MINIO_API_STALE_UPLOADS_EXPIRY, set by the start script to the same delay).
    if ((error as { name?: string }).name !== 'InvalidArgument') throw error;
  }
  if (expiries.length === 0) return 'lifecycle (server-wide stale-upload expiry)';
  await put(expiries);
  return 'lifecycle (expiry; server-wide stale-upload expiry)';
}

function isNotImplemented(error: unknown): boolean {
  const name = (error as { name?: string; Code?: string }).name ?? (error as { Code?: string }).Code;
  return name === 'NotImplemented';
}

/**
 * Creates the product's buckets when missing, with CORS for the app's origins (browser uploads
 * need `ETag` exposed) and lifecycle rules backing up the upload sweep (`putLifecycleRules`).
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
    done.push(await putLifecycleRules(s3, Bucket));
    report[Bucket] = done;
  }
  return report;
}
