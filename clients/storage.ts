import { S3Client } from '@aws-sdk/client-s3';

export const BUCKETS = {
  briefs: 'briefs',
  videoUploads: 'video-uploads',
  projectFiles: 'project-files',
  applicationPhotos: 'application-photos',
} as const;

export interface StorageSettings {
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
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
