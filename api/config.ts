import path from 'node:path';
import { z } from 'zod';

/** The api's environment, validated once at boot so a missing setting fails fast with its name. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  APP_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z.string().min(1),
  TEMPORAL_ADDRESS: z.string().min(1).default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  /** The Temporal Web UI, which the admin pages link each workflow to (none: no links). */
  TEMPORAL_UI_URL: z.url().optional(),
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
  STRIPE_SECRET_KEY: z.string().default(''),
  /** stripe-mock's URL when no real key is configured. */
  STRIPE_API_BASE: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().min(1),
  FRONTEND_DIST: z.string().default(path.resolve(__dirname, '..', 'frontend', 'dist')),
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
});

export type ApiConfig = z.infer<typeof EnvSchema> & { keycloakIssuer: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid api configuration:\n${problems}`);
  }
  const config = parsed.data;
  return {
    ...config,
    keycloakIssuer:
      config.KEYCLOAK_ISSUER ?? `${config.KEYCLOAK_URL.replace(/\/$/, '')}/realms/${config.KEYCLOAK_REALM}`,
  };
}
