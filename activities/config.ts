import { z } from 'zod';
import { StripeEnvShape } from '../clients/stripe-client';
import { refuseUnsafeProductionSettings } from '../db/production-settings';
import { DEFAULT_HEALTH_NAMESPACE } from '../workflows/contracts/ping';

/** The worker's environment, validated at boot. */
const WorkerEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /** Where the health round trip runs (its own namespace, out of the admins' view). */
  TEMPORAL_HEALTH_NAMESPACE: z.string().min(1).default(DEFAULT_HEALTH_NAMESPACE),
  LOG_LEVEL: z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
  // Storage, read by the rush analysis (ffprobe through presigned GET URLs on this endpoint).
  S3_ENDPOINT: z.url().optional(),
  /** The storage's address as browsers reach it, for the links e-mailed (the exports'); S3_ENDPOINT when unset. */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Database and mail, for the brief's e-mails (read the brief, record each e-mail sent once).
  DATABASE_URL: z.string().min(1),
  SMTP_URL: z.string().min(1),
  MAIL_FROM: z.string().default('Rushflow <bonjour@rushflow.local>'),
  APP_URL: z.url().default('http://localhost:3000'),
  // Stripe, for refunds and lapsed launch-offer holds: the same settings as the api's.
  ...StripeEnvShape,
  // Keycloak's admin api (service account), to find admins and editors' addresses for notices.
  KEYCLOAK_URL: z.url().optional(),
  KEYCLOAK_REALM: z.string().min(1).default('rushflow'),
  KEYCLOAK_API_CLIENT_ID: z.string().min(1).default('rushflow-api'),
  KEYCLOAK_API_CLIENT_SECRET: z.string().optional(),
  /** The versions' previews: ffmpeg and ffprobe (on PATH unless given) and the watermark's font folder. */
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  PREVIEW_FONT_DIR: z.string().min(1).optional(),
  /** x264 preset of the previews (default veryfast). */
  PREVIEW_X264_PRESET: z.enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium']).optional(),
  /**
   * Open workflows kept in the worker's memory, about 120 KiB each in its workflow thread
   * (`npm run bench:workflow-memory`). Default: the SDK's, 600 per GiB of V8 heap limit above
   * 200 MiB: 89 with the 256 MiB heap the scripts and docker-compose give the worker
   * (scripts/lib/services.mjs).
   */
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().min(0).optional(),
  /**
   * At SIGTERM the worker stops polling and lets the activity attempts under way finish for this
   * long; then it cancels them (a preview's ffmpeg is killed) and the attempts are retried elsewhere.
   */
  WORKER_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(30),
  /**
   * How long a workflow's next task waits for the worker that has it in memory before any worker
   * may take it (replaying its history). The SDK waits 10 s: after a worker dies, every workflow it
   * held stood still that long (`npm test cluster`).
   */
  WORKER_STICKY_QUEUE_TIMEOUT_SECONDS: z.coerce.number().positive().default(3),
  /**
   * Where the Temporal Runtime serves the worker's Prometheus metrics (`/metrics`: the SDK's and the
   * activities' outcomes). Unset or empty: none served (a second worker on the machine would
   * otherwise find the port taken and stop).
   */
  WORKER_METRICS_PORT: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).max(65_535).optional(),
  ),
  /** The address that port listens on: loopback unless a deployment opens it (0.0.0.0 in its container). */
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

export type WorkerConfig = z.infer<typeof WorkerEnvSchema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const parsed = WorkerEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid worker configuration: ${parsed.error.message}`);
  refuseUnsafeProductionSettings(parsed.data.NODE_ENV, parsed.data);
  return parsed.data;
}
