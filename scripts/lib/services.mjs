// Starts the local stack's services on loopback and waits for each to be healthy.
import fs from 'node:fs';
import path from 'node:path';
import { httpOk, startProcess, tcpOpen, waitFor } from './process.mjs';

/** Custom search attributes admins filter projects by in the Temporal UI. */
export const SEARCH_ATTRIBUTES = {
  RushflowStatus: 'Keyword',
  RushflowClientEmail: 'Keyword',
  RushflowEditorId: 'Keyword',
  RushflowVideoType: 'Keyword',
};

export async function startTemporal({ config, logDir, temporalBin }) {
  const dir = path.join(config.dataDir, 'temporal');
  fs.mkdirSync(dir, { recursive: true });
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(config.ports.temporal),
    '--ui-port',
    String(config.ports.temporalUi),
    '--db-filename',
    path.join(dir, 'temporal.db'),
    '--log-level',
    'warn',
    ...Object.entries(SEARCH_ATTRIBUTES).flatMap(([name, type]) => ['--search-attribute', `${name}=${type}`]),
    // The health round trip's own namespace (workflows/contracts/ping.ts), out of the admins' view.
    '--namespace',
    'rushflow-health',
  ];
  const child = startProcess('temporal', temporalBin, args, { logDir });
  await waitFor('Temporal', () => tcpOpen(config.ports.temporal), { child, timeoutMs: 60_000 });
  await waitFor('Temporal UI', () => httpOk(`http://127.0.0.1:${config.ports.temporalUi}/`), {
    child,
    timeoutMs: 30_000,
  });
  return child;
}

export async function startMinio({ config, logDir, minioBin }) {
  const dir = path.join(config.dataDir, 's3');
  fs.mkdirSync(dir, { recursive: true });
  const child = startProcess(
    'minio',
    minioBin,
    [
      'server',
      dir,
      '--address',
      `127.0.0.1:${config.ports.s3}`,
      '--console-address',
      `127.0.0.1:${config.ports.s3Console}`,
      '--quiet',
    ],
    {
      logDir,
      env: {
        MINIO_ROOT_USER: config.env.S3_ACCESS_KEY_ID,
        MINIO_ROOT_PASSWORD: config.env.S3_SECRET_ACCESS_KEY,
        MINIO_BROWSER: 'on',
        MINIO_UPDATE: 'off',
        // Abandoned multipart uploads are aborted after a day, the age the upload sweep uses
        // (ABANDONED_UPLOAD_AGE_HOURS): MinIO takes no per-bucket rule for it.
        MINIO_API_STALE_UPLOADS_EXPIRY: '24h',
        // The app's origins may call S3 directly (presigned multipart uploads); ETag is exposed.
        MINIO_API_CORS_ALLOW_ORIGIN: [config.appUrl, config.env.VITE_URL].join(','),
      },
    },
  );
  await waitFor('MinIO', () => httpOk(`http://127.0.0.1:${config.ports.s3}/minio/health/live`), {
    child,
    timeoutMs: 60_000,
  });
  return child;
}

export async function startMailServer({ config, logDir, root }) {
  const bin = path.join(root, 'node_modules', '.bin', 'maildev');
  const mailDir = path.join(config.dataDir, 'mail');
  fs.mkdirSync(mailDir, { recursive: true });
  const child = startProcess(
    'mail',
    bin,
    [
      '--smtp',
      String(config.ports.smtp),
      '--web',
      String(config.ports.mailUi),
      '--ip',
      '127.0.0.1',
      '--mail-directory',
      mailDir,
      '--silent',
    ],
    { logDir },
  );
  await waitFor(
    'mail server',
    async () => (await tcpOpen(config.ports.smtp)) && httpOk(`http://127.0.0.1:${config.ports.mailUi}/email`),
    { child, timeoutMs: 30_000 },
  );
  return child;
}

export async function startStripeMock({ config, logDir, stripeMockBin }) {
  const child = startProcess(
    'stripe-mock',
    stripeMockBin,
    // On loopback like every other service of the stack (a bare port would listen on every interface).
    ['-http-addr', `127.0.0.1:${config.ports.stripeMock}`, '-https-addr', `127.0.0.1:${config.ports.stripeMockHttps}`],
    { logDir },
  );
  await waitFor('stripe-mock', () => tcpOpen(config.ports.stripeMock), { child, timeoutMs: 30_000 });
  return child;
}

/**
 * The worker's V8 heap limit (docker-compose.yml gives it the same). The SDK sizes the cache of
 * open workflows from it (89 here; 2,339 with Node's default on this 24 GiB machine), so the cache
 * fills within minutes and the worker's memory levels off. Each cached workflow holds about 120 KiB
 * (`npm run bench:workflow-memory`; 1.1 MiB while the workflow code still carried zod), so the full
 * cache is about 10 MiB. See `npm run bench:soak` in bench/FIGURES.md.
 */
const WORKER_MAX_HEAP_MIB = 256;

/**
 * The worker, run from TypeScript sources through tsx, or (`compiled`) from dist/ as in production
 * (`npm run start:cluster`, which names each of its workers and gives each its own `env`).
 */
export async function startWorker({ config, logDir, root, compiled = false, name = 'worker', env = {} }) {
  const [command, args] = compiled
    ? [process.execPath, [path.join(root, 'dist', 'activities', 'worker.js')]]
    : [path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'activities', 'worker.ts')]];
  return startProcess(name, command, args, {
    logDir,
    cwd: root,
    env: {
      ...config.env,
      ...env,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, env.NODE_OPTIONS, `--max-old-space-size=${WORKER_MAX_HEAP_MIB}`]
        .filter(Boolean)
        .join(' '),
    },
  });
}

/** The api from its sources through tsx (`watch`: restarted on change), or (`compiled`) from dist/ on `port`. */
export async function startApi({
  config,
  logDir,
  root,
  watch = false,
  compiled = false,
  name = 'api',
  port = config.ports.app,
  env = {},
}) {
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
  const [command, args] = compiled
    ? [process.execPath, [path.join(root, 'dist', 'api', 'server.js')]]
    : [
        tsx,
        watch
          ? ['watch', '--clear-screen=false', path.join(root, 'api', 'server.ts')]
          : [path.join(root, 'api', 'server.ts')],
      ];
  const child = startProcess(name, command, args, {
    logDir,
    cwd: root,
    env: { ...config.env, ...env, PORT: String(port) },
  });
  await waitFor(name, () => httpOk(`http://127.0.0.1:${port}/api/config`), { child, timeoutMs: 60_000 });
  return child;
}
