// Ports, folders and URLs of the local stack, for `npm start` (profile "dev") and `npm test`
// (profile "test", other ports so both can run side by side). Node built-ins only.
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
  },
};

export const REALM = 'rushflow';
const SPA_CLIENT_ID = 'rushflow-web';
const API_CLIENT_ID = 'rushflow-api';

/** Everything a profile needs: ports, its data folder and the environment its processes get. */
export function stackConfig(profile, root) {
  // RUSHFLOW_PORT_OFFSET shifts every port, so a second copy of the stack can run beside the first.
  const offset = Number(process.env.RUSHFLOW_PORT_OFFSET || 0);
  const ports = Object.fromEntries(Object.entries(PORTS[profile]).map(([name, port]) => [name, port + offset]));
  const dataDir = process.env.RUSHFLOW_DATA_DIR || path.join(root, '.data', profile);
  const appUrl = `http://localhost:${ports.app}`;
  const env = {
    NODE_ENV: profile === 'test' ? 'test' : process.env.NODE_ENV || 'development',
    LOG_LEVEL: process.env.LOG_LEVEL || (profile === 'test' ? 'WARN' : 'INFO'),
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
          RATE_CEILING_CONTACT_MESSAGES: '100000/3600',
          RATE_CEILING_CALL_BOOKINGS: '100000/3600',
          RATE_CEILING_BRIEFS: '100000/3600',
          RATE_CEILING_APPLICATIONS: '100000/3600',
          // Their own tests bring the proof-of-work thresholds down to reach them.
          PROOF_OF_WORK_AFTER_CONTACT_MESSAGES: '100000/3600',
          PROOF_OF_WORK_AFTER_CALL_BOOKINGS: '100000/3600',
          PROOF_OF_WORK_AFTER_BRIEFS: '100000/3600',
          PROOF_OF_WORK_AFTER_APPLICATIONS: '100000/3600',
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
  };
  return { profile, ports, dataDir, appUrl: env.APP_URL, env };
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

/** Reads `KEY=value` lines of a `.env` file into process.env, never overriding what is set. */
export function loadDotEnv(file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || process.env[match[1]] !== undefined) continue;
    process.env[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
  }
}
