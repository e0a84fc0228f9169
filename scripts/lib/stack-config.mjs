// Ports, folders and URLs of the local stack, for `npm start` (profile "dev"), `npm test`
// (profile "test") and `npm run start:cluster` (profile "cluster"), on ports of their own so they
// can run side by side. Node built-ins only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const TOOL_CACHE = process.env.RUSHFLOW_TOOL_CACHE || path.join(os.homedir(), '.cache', 'rushflow');

const PORTS = {
  dev: {
    app: 3000,
    vite: 5173,
    postgres: 5433,
    temporal: 7233,
    temporalUi: 8233,
    keycloak: 8080,
    keycloakManagement: 9080,
    s3: 9100,
    s3Console: 9101,
    smtp: 1025,
    mailUi: 8025,
    stripeMock: 12111,
    stripeMockHttps: 12112,
    workerMetrics: 9464,
  },
  test: {
    app: 3100,
    vite: 5273,
    postgres: 5434,
    temporal: 7243,
    temporalUi: 8243,
    keycloak: 8180,
    keycloakManagement: 9180,
    s3: 9200,
    s3Console: 9201,
    smtp: 1125,
    mailUi: 8125,
    stripeMock: 12211,
    stripeMockHttps: 12212,
    workerMetrics: 9564,
    // The trace suite's in-process OTLP receiver: the test stack's api and worker export there.
    otlp: 4418,
  },
  // `npm run start:cluster`: the production topology on one machine. `app` and `auth` are Caddy's
  // https sites (the apis, the Keycloak nodes); each instance listens on loopback behind it.
  cluster: {
    app: 8443,
    auth: 8444,
    caddyAdmin: 2119,
    api1: 3201,
    api2: 3202,
    postgres: 5435,
    temporal: 7253,
    temporalHistory: 7254,
    temporalMatching: 7255,
    temporalWorker: 7256,
    temporalMembership1: 6953,
    temporalMembership2: 6954,
    temporalMembership3: 6955,
    temporalMembership4: 6956,
    // Caddy's https site for the Temporal UI server, which listens on `temporalUiServer`.
    temporalUi: 8253,
    temporalUiServer: 8254,
    keycloak1: 8281,
    keycloak2: 8282,
    keycloakManagement1: 9281,
    keycloakManagement2: 9282,
    keycloakJgroups1: 7801,
    keycloakJgroups2: 7802,
    s3: 9300,
    s3Console: 9301,
    smtp: 1225,
    mailUi: 8225,
    stripeMock: 12311,
    stripeMockHttps: 12312,
    worker1Metrics: 9664,
    worker2Metrics: 9665,
  },
};

/**
 * The cluster the `cluster` suite and `npm run bench:cluster` start afresh: the cluster's ports, 100
 * further, so a cluster the developer runs (and its data) is left alone.
 */
PORTS['cluster-test'] = Object.fromEntries(Object.entries(PORTS.cluster).map(([name, port]) => [name, port + 100]));

export const REALM = 'rushflow';
const SPA_CLIENT_ID = 'rushflow-web';
const API_CLIENT_ID = 'rushflow-api';

/** Everything a profile needs: ports, its data folder and the environment its processes get. */
export function stackConfig(profile, root) {
  // RUSHFLOW_PORT_OFFSET shifts every port, so a second copy of the stack can run beside the first.
  const offset = Number(process.env.RUSHFLOW_PORT_OFFSET || 0);
  const ports = Object.fromEntries(Object.entries(PORTS[profile]).map(([name, port]) => [name, port + offset]));
  // RUSHFLOW_DATA_DIR moves the data; the suite's cluster keeps a folder of its own inside it.
  const dataDir =
    profile === 'cluster-test'
      ? path.join(process.env.RUSHFLOW_DATA_DIR || path.join(root, '.data'), profile)
      : process.env.RUSHFLOW_DATA_DIR || path.join(root, '.data', profile);
  const appUrl = `http://localhost:${ports.app}`;
  const env = {
    NODE_ENV: profile === 'test' ? 'test' : process.env.NODE_ENV || 'development',
    // The test profile logs at INFO too: the logs suite reads every line the suites made the stack write.
    LOG_LEVEL: process.env.LOG_LEVEL || 'INFO',
    // The suites send hundreds of briefs from loopback; their own test checks the limits themselves.
    // The browser tests play visitors from several addresses through X-Forwarded-For, as a proxy
    // would send it; outside the test profile nothing is trusted unless TRUST_PROXY says so.
    ...(profile === 'test'
      ? {
          TRUST_PROXY: 'true',
          RATE_LIMIT_BRIEFS: '100000/3600',
          RATE_LIMIT_CHECKOUTS: '100000/3600',
          RATE_LIMIT_UPLOAD_SESSIONS: '100000/3600',
          RATE_LIMIT_APPLICATIONS: '100000/3600',
          RATE_LIMIT_ACCOUNT_DATA: '100000/3600',
          RATE_CEILING_CONTACT_MESSAGES: '100000/3600',
          RATE_CEILING_CALL_BOOKINGS: '100000/3600',
          RATE_CEILING_BRIEFS: '100000/3600',
          RATE_CEILING_APPLICATIONS: '100000/3600',
          // Their own tests bring the proof-of-work thresholds down to reach them.
          PROOF_OF_WORK_AFTER_CONTACT_MESSAGES: '100000/3600',
          PROOF_OF_WORK_AFTER_CALL_BOOKINGS: '100000/3600',
          PROOF_OF_WORK_AFTER_BRIEFS: '100000/3600',
          PROOF_OF_WORK_AFTER_APPLICATIONS: '100000/3600',
          // The admin's trace links (tests/api/admin-projects.test.ts, tests/e2e/admin-projects.spec.ts).
          TRACE_URL_TEMPLATE: 'http://localhost:16686/trace/{traceId}',
        }
      : {}),
    PORT: String(ports.app),
    APP_URL: process.env.APP_URL || appUrl,
    VITE_URL: `http://localhost:${ports.vite}`,
    DATABASE_URL: process.env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${ports.postgres}/rushflow`,
    TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS || `127.0.0.1:${ports.temporal}`,
    TEMPORAL_NAMESPACE: process.env.TEMPORAL_NAMESPACE || 'default',
    TEMPORAL_UI_URL: process.env.TEMPORAL_UI_URL || `http://localhost:${ports.temporalUi}`,
    KEYCLOAK_URL: process.env.KEYCLOAK_URL || `http://localhost:${ports.keycloak}`,
    KEYCLOAK_REALM: process.env.KEYCLOAK_REALM || REALM,
    KEYCLOAK_SPA_CLIENT_ID: process.env.KEYCLOAK_SPA_CLIENT_ID || SPA_CLIENT_ID,
    KEYCLOAK_API_CLIENT_ID: process.env.KEYCLOAK_API_CLIENT_ID || API_CLIENT_ID,
    KEYCLOAK_API_CLIENT_SECRET: process.env.KEYCLOAK_API_CLIENT_SECRET || 'rushflow-api-local-secret',
    KEYCLOAK_ADMIN_USER: process.env.KEYCLOAK_ADMIN_USER || 'admin',
    KEYCLOAK_ADMIN_PASSWORD: process.env.KEYCLOAK_ADMIN_PASSWORD || 'admin',
    S3_ENDPOINT: process.env.S3_ENDPOINT || `http://127.0.0.1:${ports.s3}`,
    S3_PUBLIC_ENDPOINT: process.env.S3_PUBLIC_ENDPOINT || process.env.S3_ENDPOINT || `http://localhost:${ports.s3}`,
    S3_REGION: process.env.S3_REGION || 'us-east-1',
    S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID || 'rushflow',
    S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY || 'rushflow-secret',
    S3_CONSOLE_URL: process.env.S3_CONSOLE_URL || `http://localhost:${ports.s3Console}`,
    SMTP_URL: process.env.SMTP_URL || `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_UI_URL: process.env.MAIL_UI_URL || `http://localhost:${ports.mailUi}`,
    MAIL_FROM: process.env.MAIL_FROM || 'Rushflow <bonjour@rushflow.local>',
    STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY || '',
    STRIPE_API_BASE:
      process.env.STRIPE_API_BASE || (process.env.STRIPE_SECRET_KEY ? '' : `http://localhost:${ports.stripeMock}`),
    STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET || 'whsec_rushflow_local',
    PAGE_SESSION_SECRET: process.env.PAGE_SESSION_SECRET || 'rushflow-local-page-session-secret-0123456789',
    METRICS_TOKEN: process.env.METRICS_TOKEN || 'rushflow-local-metrics-token-0123456789',
    ...(ports.workerMetrics ? { WORKER_METRICS_PORT: String(ports.workerMetrics) } : {}),
    ...(ports.otlp
      ? {
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${ports.otlp}`,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          // Spans leave within half a second, so the trace suite need not wait long.
          OTEL_BSP_SCHEDULE_DELAY: '500',
          // Every read traced too, so the suite can follow any request.
          TRACE_READS_SAMPLE_RATIO: '1',
        }
      : {}),
    ...(profile.startsWith('cluster') ? clusterEnv(ports, dataDir) : {}),
  };
  return { profile, ports, dataDir, appUrl: env.APP_URL, env };
}

/**
 * What the cluster sets apart from the dev stack: every public URL through Caddy in https, the
 * apis behind it trusting its X-Forwarded-* headers, and secrets of its own (never the shipped
 * ones) from `<dataDir>/secrets.env`. Its services are all its own: no shell or `.env` URL applies.
 */
function clusterEnv(ports, dataDir) {
  const secrets = clusterSecrets(dataDir);
  const appUrl = `https://localhost:${ports.app}`;
  return {
    NODE_ENV: 'development',
    TRUST_PROXY: 'true',
    PORT: String(ports.api1),
    APP_URL: appUrl,
    // The realm's web client names this origin beside APP_URL (the Vite server's in the dev stack).
    VITE_URL: appUrl,
    DATABASE_URL: `postgres://postgres:${secrets.POSTGRES_PASSWORD}@127.0.0.1:${ports.postgres}/rushflow`,
    TEMPORAL_ADDRESS: `127.0.0.1:${ports.temporal}`,
    TEMPORAL_UI_URL: `https://localhost:${ports.temporalUi}`,
    // The issuer the browsers see; the apis and workers reach it through Caddy too (either node).
    KEYCLOAK_URL: `https://localhost:${ports.auth}`,
    KEYCLOAK_API_CLIENT_SECRET: secrets.KEYCLOAK_API_CLIENT_SECRET,
    KEYCLOAK_ADMIN_PASSWORD: secrets.KEYCLOAK_ADMIN_PASSWORD,
    S3_ENDPOINT: `http://127.0.0.1:${ports.s3}`,
    S3_PUBLIC_ENDPOINT: `http://localhost:${ports.s3}`,
    S3_ACCESS_KEY_ID: secrets.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: secrets.S3_SECRET_ACCESS_KEY,
    S3_CONSOLE_URL: `http://localhost:${ports.s3Console}`,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_UI_URL: `http://localhost:${ports.mailUi}`,
    STRIPE_SECRET_KEY: '',
    STRIPE_API_BASE: `http://localhost:${ports.stripeMock}`,
    STRIPE_WEBHOOK_SECRET: secrets.STRIPE_WEBHOOK_SECRET,
    PAGE_SESSION_SECRET: secrets.PAGE_SESSION_SECRET,
    METRICS_TOKEN: secrets.METRICS_TOKEN,
  };
}

const CLUSTER_SECRETS = [
  'POSTGRES_PASSWORD',
  'KEYCLOAK_ADMIN_PASSWORD',
  'KEYCLOAK_API_CLIENT_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'PAGE_SESSION_SECRET',
  'METRICS_TOKEN',
];

/**
 * The cluster's secrets, written once into its data folder as deploy/make-secrets.sh writes a
 * deployment's: 40 random characters each (MinIO takes no more), a 20-character access key id.
 * They stay with the data they were created with (PostgreSQL's password, the realm's client secret).
 */
function clusterSecrets(dataDir) {
  const file = path.join(dataDir, 'secrets.env');
  if (!fs.existsSync(file)) {
    const lines = [
      ...CLUSTER_SECRETS.map((name) => `${name}=${randomBytes(20).toString('hex')}`),
      `S3_ACCESS_KEY_ID=${randomBytes(10).toString('hex').toUpperCase()}`,
    ];
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  }
  const secrets = parseDotEnv(fs.readFileSync(file, 'utf8'));
  // A folder made before a secret existed gains it; the others stay as they are.
  const added = CLUSTER_SECRETS.filter((name) => !secrets[name]).map(
    (name) => `${name}=${randomBytes(20).toString('hex')}`,
  );
  if (added.length === 0) return secrets;
  fs.appendFileSync(file, `${added.join('\n')}\n`);
  return parseDotEnv(fs.readFileSync(file, 'utf8'));
}

/** Services the user pointed at an external URL are not started locally. */
export function externalServices() {
  return {
    postgres: Boolean(process.env.DATABASE_URL),
    temporal: Boolean(process.env.TEMPORAL_ADDRESS),
    keycloak: Boolean(process.env.KEYCLOAK_URL),
    s3: Boolean(process.env.S3_ENDPOINT),
    smtp: Boolean(process.env.SMTP_URL),
    stripeMock: Boolean(process.env.STRIPE_SECRET_KEY),
  };
}

/** The `KEY=value` lines of a `.env` file's text. */
function parseDotEnv(text) {
  const values = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/** Reads `KEY=value` lines of a `.env` file into process.env, never overriding what is set. */
export function loadDotEnv(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  for (const [name, value] of Object.entries(parseDotEnv(text))) {
    if (process.env[name] === undefined) process.env[name] = value;
  }
}
