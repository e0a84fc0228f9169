import type { EntityManager } from '@mikro-orm/postgresql';
import type { S3Client } from '@aws-sdk/client-s3';
import type { RushAnalysisWorkflowClient } from './rush-analysis-workflow-client';

/** What the upload service runs on. */
export interface UploadServiceDeps {
  /** A fresh entity manager per call (the caller forks the ORM's). */
  em: () => EntityManager;
  /** Internal endpoint: the api's own S3 calls (create, head, ranged read, abort). */
  s3: S3Client;
  /** Public endpoint: only for URLs handed to browsers, so their signature names the host they reach. */
  publicS3: S3Client;
  rushAnalysis: RushAnalysisWorkflowClient;
  /** Starts the preview workflow of a version once its row is committed (api/review/preview-workflow-client.ts). */
  startPreview?: (versionId: string) => Promise<void>;
  /** Starts the contact sheet of a client's source video once its row is committed (api/projects/contact-sheet-workflow-client.ts). */
  startContactSheet?: (fileId: string) => Promise<void>;
  now?: () => number;
}

/** What every upload step takes: the deps, with the clock resolved. */
export type UploadContext = Omit<UploadServiceDeps, 'now'> & { now: () => number };

/** Who asks: the signed-in user, or null for a visitor (who holds the session's secret). */
export interface Caller {
  userId: string | null;
}
