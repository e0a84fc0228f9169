import path from 'node:path';
import { z } from 'zod';
import { StripeEnvShape } from '../clients/stripe-client';
import { TRACE_ID_PLACEHOLDER } from './admin/trace-links';
import { refuseUnsafeProductionSettings } from '../db/production-settings';
import { keycloakRealmUrl } from '../domain/keycloak';
import { DEFAULT_HEALTH_NAMESPACE } from '../workflows/contracts/ping';

/** The api's environment, validated once at boot so a missing setting fails fast with its name. */
/** `points/windowSeconds`, e.g. `20/3600`: at most 20 requests an hour per client address and per account. */
const rateRule = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const match = /^(\d+)\/(\d+)$/.exec(value.trim());
      if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
        ctx.addIssue({ code: 'custom', message: 'expected points/windowSeconds, e.g. 20/3600' });
        return z.NEVER;
      }
      return { points: Number(match[1]), windowSeconds: Number(match[2]) };
    });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  /** The address the api listens on: loopback unless a deployment opens it (0.0.0.0 in its container). */
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z.string().min(1),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /** Where the health round trip runs (its own namespace, out of the admins' view). */
  TEMPORAL_HEALTH_NAMESPACE: z.string().min(1).default(DEFAULT_HEALTH_NAMESPACE),
  /** The Temporal Web UI, which the admin pages link each workflow to (none: no links). */
  TEMPORAL_UI_URL: z.url().optional(),
  /**
   * A trace's page in the tracing UI, `{traceId}` standing for its id (e.g. Jaeger's
   * `https://jaeger.example/trace/{traceId}`): the admin pages link each project to its trace (none: no links).
   */
  TRACE_URL_TEMPLATE: z
    .url()
    .refine((value) => value.includes(TRACE_ID_PLACEHOLDER), `doit contenir ${TRACE_ID_PLACEHOLDER}`)
    .optional(),
  KEYCLOAK_URL: z.url(),
  /** Issuer exactly as Keycloak writes it in tokens; defaults to the realm URL. */
  KEYCLOAK_ISSUER: z.url().optional(),
  KEYCLOAK_REALM: z.string().min(1).default('rushflow'),
  KEYCLOAK_SPA_CLIENT_ID: z.string().min(1).default('rushflow-web'),
  KEYCLOAK_API_CLIENT_ID: z.string().min(1).default('rushflow-api'),
  KEYCLOAK_API_CLIENT_SECRET: z.string().min(1),
  S3_ENDPOINT: z.url().optional(),
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  SMTP_URL: z.string().min(1),
  MAIL_FROM: z.string().default('Rushflow <bonjour@rushflow.local>'),
  ...StripeEnvShape,
  STRIPE_WEBHOOK_SECRET: z.string().min(1),
  /** Signs the page session's cookie (api/pages/page-session.ts): a long random secret of the deployment. */
  PAGE_SESSION_SECRET: z.string().min(32, 'PAGE_SESSION_SECRET: 32 caractères au moins'),
  /** The bearer token Prometheus presents to `GET /metrics`: a long random secret of the deployment. */
  METRICS_TOKEN: z.string().min(1),
  /**
   * The share of reads (GET, HEAD) traced when tracing is on; every other request is
   * (api/middleware/trace-requests.ts).
   */
  TRACE_READS_SAMPLE_RATIO: z.coerce.number().min(0).max(1).default(0.05),
  /** How long a page session lasts after the browser last set it: Keycloak's idle limit (30 min). */
  PAGE_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 60),
  // Beside the sources (api/config.ts) or the compiled api (dist/api/config.js).
  FRONTEND_DIST: z
    .string()
    .default(path.resolve(__dirname, __filename.endsWith('.js') ? '../..' : '..', 'frontend', 'dist')),
  /**
   * Whether the api runs behind a proxy of ours that sets `X-Forwarded-For` / `X-Forwarded-Proto`.
   * Off by default: otherwise anyone could name their own client address and step past a rate limit.
   */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** Rate limits per client address and per account or e-mail (`points/windowSeconds`). */
  RATE_LIMIT_BRIEFS: rateRule('20/3600'),
  RATE_LIMIT_CHECKOUTS: rateRule('30/3600'),
  RATE_LIMIT_UPLOAD_SESSIONS: rateRule('60/3600'),
  RATE_LIMIT_APPLICATIONS: rateRule('5/3600'),
  /** « Mes données »' requests (an export, a deletion or its cancellation) per account. */
  RATE_LIMIT_ACCOUNT_DATA: rateRule('10/3600'),
  /**
   * Each anonymous form's ceiling over every address together (`points/windowSeconds`): rotating
   * addresses gives fresh counters per address, never past these.
   */
  RATE_CEILING_CONTACT_MESSAGES: rateRule('100/3600'),
  RATE_CEILING_CALL_BOOKINGS: rateRule('20/3600'),
  RATE_CEILING_BRIEFS: rateRule('100/3600'),
  RATE_CEILING_APPLICATIONS: rateRule('30/3600'),
  /**
   * Each anonymous form's soft threshold per client address (`points/windowSeconds`): past it, a
   * request must carry a solved proof-of-work challenge (signed with a key derived from
   * PAGE_SESSION_SECRET). Below the per-address limits, so a person rarely meets it.
   */
  PROOF_OF_WORK_AFTER_CONTACT_MESSAGES: rateRule('3/3600'),
  PROOF_OF_WORK_AFTER_CALL_BOOKINGS: rateRule('2/3600'),
  PROOF_OF_WORK_AFTER_BRIEFS: rateRule('3/3600'),
  PROOF_OF_WORK_AFTER_APPLICATIONS: rateRule('2/3600'),
  /** Other origins whose pages may call the api (comma-separated; the site's own is always allowed). */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /**
   * The contact form and the call booking (000 §9: 5 requests per 15 minutes), counted per client
   * address and per e-mail address; the api instances share the counters (PostgreSQL).
   */
  CONTACT_RATE_LIMIT_POINTS: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /**
   * At SIGTERM the api stops accepting connections, ends the live streams and gives the requests
   * still running this long to finish before it cuts them and exits.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().positive().default(10),
  /**
   * Live streams (`GET /api/events`, docs/live.md): at most this many per account, a new one ending
   * the account's oldest, so one account cannot hold the api's connections.
   */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** At most this many live streams on one api instance (what one process holds, bench/FIGURES.md); past it a new one gets a 503. */
  LIVE_STREAMS_MAX: z.coerce.number().int().positive().default(10_000),
});

export type ApiConfig = z.infer<typeof EnvSchema> & { keycloakIssuer: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid api configuration:\n${problems}`);
  }
  const config = parsed.data;
  refuseUnsafeProductionSettings(config.NODE_ENV, config);
  return {
    ...config,
    keycloakIssuer: config.KEYCLOAK_ISSUER ?? keycloakRealmUrl(config.KEYCLOAK_URL, config.KEYCLOAK_REALM),
  };
}
