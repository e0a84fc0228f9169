import { S3Client } from '@aws-sdk/client-s3';

export const BUCKETS = {
  briefs: 'briefs',
  videoUploads: 'video-uploads',
  projectFiles: 'project-files',
  applicationPhotos: 'application-photos',
  /** « Mes données » exports, deleted after their link's 7 days. */
  accountExports: 'account-exports',
  /** Invoices and credit notes as issued (PDF/A-3 with their Factur-X XML), kept 10 years. */
  invoices: 'invoices',
} as const;

export interface StorageSettings {
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The storage settings as the configuration names them (api, worker, tests). */
export function storageSettingsOf(config: {
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
}): StorageSettings {
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  };
}

/**
 * `WHEN_REQUIRED` keeps checksums out of presigned URLs (SDK ≥ 3.729 adds them otherwise and
 * browser part uploads fail); path-style addressing suits MinIO and other S3-compatible servers.
 */
export function createS3Client(settings: StorageSettings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
