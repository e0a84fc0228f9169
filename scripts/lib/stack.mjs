// Brings the whole local stack up for a profile ("dev" for npm start, "test" for npm test):
// dependencies, tools, services, database, storage, demo accounts, worker and api.
import fs from 'node:fs';
import path from 'node:path';
import { log, run, restartable, startProcess, stopAll, tcpOpen, waitFor, httpOk, processAlive } from './process.mjs';
import { externalServices, stackConfig } from './stack-config.mjs';
import { ensureAptPackages, ensureGoTool } from './tools.mjs';
import { startApi, startMailServer, startMinio, startStripeMock, startTemporal, startWorker } from './services.mjs';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
/** A file of Debian's fonts-dejavu-core: the previews' watermark font (activities/version-preview.ts). */
const PREVIEW_FONT_FILE = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** `npm install` when node_modules is missing or older than package.json. */
export async function ensureNodeModules() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const stale =
    !fs.existsSync(marker) || fs.statSync(marker).mtimeMs < fs.statSync(path.join(ROOT, 'package.json')).mtimeMs;
  if (!stale) return;
  const start = Date.now();
  log('setup', 'installing npm dependencies (first time only, a few minutes)…');
  // `npm install` (not `npm ci`): it follows package-lock.json and tolerates the lock's missing
  // entries for other platforms' optional binaries.
  await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: ROOT, quiet: true });
  log('setup', `npm dependencies installed in ${Math.round((Date.now() - start) / 1000)} s`);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the SPA when its sources (or domain/) changed since the last build. */
export async function ensureFrontendBuilt() {
  const index = path.join(ROOT, 'frontend', 'dist', 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(ROOT, 'frontend')), newestMtime(path.join(ROOT, 'domain')));
  if (built > sources) return;
  const start = Date.now();
  log('build', 'building the front end with Vite…');
  await run(
    path.join(ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'],
    { cwd: ROOT, quiet: true },
  );
  log('build', `front end built in ${Math.round((Date.now() - start) / 1000)} s`);
}

/** The folders scripts/build-server.mjs compiles (tsconfig.build.json), and the front end it bundles the render of. */
const SERVER_SOURCES = ['domain', 'db', 'clients', 'api', 'activities', 'workflows', 'frontend'];

/** Compiles the api, the worker and the migrations into dist/ (as `npm run build`) when their sources changed since. */
export async function ensureServerBuilt() {
  // Written after the compilation succeeded: a build that failed midway is not taken for done.
  const bundle = path.join(ROOT, 'dist', 'workflow-bundle.js');
  const built = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
  if (built > Math.max(...SERVER_SOURCES.map((dir) => newestMtime(path.join(ROOT, dir))))) return;
  const start = Date.now();
  log('build', 'compiling the api, the worker and the migrations into dist/…');
  await run(process.execPath, [path.join(ROOT, 'scripts', 'build-server.mjs')], { cwd: ROOT, quiet: true });
  log('build', `server compiled in ${Math.round((Date.now() - start) / 1000)} s`);
}

/**
 * Provisions every tool the profile needs that is not configured as an external service.
 * `withOtio`: OpenTimelineIO and its FCP7 XML / CMX 3600 adapters (pip, into the tool cache), for the
 * unit tests that read the marker exports back; `tools.otio` is then their folder (for PYTHONPATH).
 * `withQcReaders`: pyloudnorm and PySceneDetect (pip, into the tool cache), the delivery QC's
 * independent readers; `tools.qcReaders` is then their folder (for PYTHONPATH).
 * `withMustang`: Mustang's Factur-X validator (Maven, into the tool cache); `tools.mustang` is then
 * the validation command. `withPdfText`: poppler's pdffonts and pdftotext, which read the invoices back.
 */
export async function provisionTools({
  withBrowser = false,
  withTestServer = false,
  withOtio = false,
  withQcReaders = false,
  withPromtool = false,
  withMustang = false,
  withPdfText = false,
} = {}) {
  const external = externalServices();
  const tools = {};
  const steps = [
    !external.temporal && ['temporal', () => ensureGoTool('temporal', 'provision')],
    !external.stripeMock && ['stripeMock', () => ensureGoTool('stripe-mock', 'provision')],
    !external.s3 && ['minio', () => ensureGoTool('minio', 'provision')],
    !external.keycloak && [
      'keycloak',
      async () =>
        (await import('../services/keycloak.mjs')).provisionKeycloak((_, message) => log('provision', message)),
    ],
    [
      'system',
      () =>
        ensureAptPackages(
          [
            { pkg: 'ffmpeg', command: 'ffprobe' },
            // The versions' watermarked previews draw their text with DejaVu (ffmpeg's drawtext).
            { pkg: 'fonts-dejavu-core', file: PREVIEW_FONT_FILE },
            ...(withBrowser ? [{ pkg: 'chromium', command: 'chromium' }] : []),
            // The invoices' tests read a PDF's fonts and text with poppler.
            ...(withPdfText ? [{ pkg: 'poppler-utils', command: 'pdftotext' }] : []),
          ],
          'provision',
        ),
    ],
    withTestServer && [
      'temporalTestServer',
      async () => (await import('./tools.mjs')).ensureTemporalTestServer('provision'),
    ],
    // The unit suite checks deploy/observability's Prometheus files with promtool.
    withPromtool && ['promtool', () => ensureGoTool('promtool', 'provision')],
    // The unit suite validates the Factur-X invoices it renders with Mustang.
    withMustang && ['mustang', async () => (await import('./tools.mjs')).ensureMustangValidator('provision')],
    withOtio && ['otio', async () => (await import('./tools.mjs')).ensurePythonPackages('provision')],
    withQcReaders && [
      'qcReaders',
      async () => {
        const { ensurePythonPackages, PYTHON_PACKAGE_SETS } = await import('./tools.mjs');
        return ensurePythonPackages('provision', PYTHON_PACKAGE_SETS.qcReaders);
      },
    ],
  ].filter(Boolean);
  let index = 0;
  for (const [name, step] of steps) {
    index += 1;
    log('provision', `${index}/${steps.length} ${name}`);
    tools[name] = await step();
  }
  return tools;
}

/** Fails early, naming the port, when something else already listens where a service would. */
async function assertPortsFree(config, external) {
  const { ports } = config;
  const wanted = [
    ['app', ports.app],
    !external.postgres && ['PostgreSQL', ports.postgres],
    !external.temporal && ['Temporal', ports.temporal],
    !external.temporal && ['Temporal UI', ports.temporalUi],
    !external.keycloak && ['Keycloak', ports.keycloak],
    !external.s3 && ['MinIO', ports.s3],
    !external.smtp && ['SMTP', ports.smtp],
    !external.smtp && ['mail UI', ports.mailUi],
    !external.stripeMock && ['stripe-mock', ports.stripeMock],
  ].filter(Boolean);
  const busy = [];
  for (const [name, port] of wanted) if (await tcpOpen(port)) busy.push(`${name} (${port})`);
  if (busy.length) {
    throw new Error(
      `ports already in use: ${busy.join(', ')}. Another Rushflow (${config.profile}) may be running: stop it first.`,
    );
  }
}

/**
 * Migrates the database, prepares the buckets and the demo accounts (api/setup/prepare-stack.ts)
 * with the stack's environment `env`; returns the demo accounts it prints.
 */
export async function prepareStack(env, logDir) {
  log('prepare', 'migrating the database, preparing buckets and demo accounts…');
  const prepared = await run(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'api', 'setup', 'prepare-stack.ts')],
    { cwd: ROOT, env, quiet: true, logFile: path.join(logDir, 'prepare.log') },
  );
  return JSON.parse(
    prepared
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .pop() ?? '{}',
  );
}

/**
 * Starts every service of the profile, prepares data, then the worker and the api.
 * Returns the config and a `stop()` that ends every child.
 */
export async function bringUp(profile, { fresh = false, watchApi = false, tools: provisioned } = {}) {
  const config = stackConfig(profile, ROOT);
  const logDir = path.join(config.dataDir, 'logs');
  if (fresh) fs.rmSync(config.dataDir, { recursive: true, force: true });
  fs.mkdirSync(logDir, { recursive: true });
  const external = externalServices();

  await ensureNodeModules();
  const tools = provisioned ?? (await provisionTools());
  if (!watchApi) await ensureFrontendBuilt();

  await assertPortsFree(config, external);
  const started = Date.now();
  log('services', `starting on loopback (logs in ${logDir})…`);
  const stoppers = [];
  const stop = async () => {
    await stopAll();
    for (const stopper of stoppers) await stopper().catch(() => {});
  };
  try {
    const timed = async (name, starter) => {
      const t0 = Date.now();
      const result = await starter();
      log('services', `${name} ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      return result;
    };
    // Each service the stack started, by name, can be killed and started again (chaos test, soak).
    const services = {};
    const childService = (name, start) => (services[name] = restartable(name, start));
    let postgres;
    const startPg = async () => {
      const { startPostgres } = await import('../services/postgres.mjs');
      const pgLog = fs.createWriteStream(path.join(logDir, 'postgres.log'), { flags: 'a' });
      postgres = await startPostgres({ config, onLog: (message) => pgLog.write(String(message)) });
    };
    if (!external.postgres) {
      stoppers.push(() => postgres?.stop());
      services.postgres = {
        start: startPg,
        kill: (signal = 'SIGKILL') => killPostgres(config, signal),
        async restart() {
          await services.postgres.kill('SIGKILL');
          await startPg();
        },
      };
    }
    const keycloakStart = async () => {
      const { startKeycloak } = await import('../services/keycloak.mjs');
      return startKeycloak({ config, root: ROOT, logDir });
    };
    const starting = [
      !external.postgres && ['PostgreSQL', services.postgres],
      !external.temporal && [
        'Temporal',
        childService('temporal', () => startTemporal({ config, logDir, temporalBin: tools.temporal })),
      ],
      !external.keycloak && ['Keycloak', childService('keycloak', keycloakStart)],
      !external.s3 && ['MinIO', childService('minio', () => startMinio({ config, logDir, minioBin: tools.minio }))],
      !external.smtp && ['mail server', childService('mail', () => startMailServer({ config, logDir, root: ROOT }))],
      !external.stripeMock && [
        'stripe-mock',
        childService('stripeMock', () => startStripeMock({ config, logDir, stripeMockBin: tools.stripeMock })),
      ],
    ].filter(Boolean);
    await Promise.all(starting.map(([name, service]) => timed(name, () => service.start())));

    const accounts = await prepareStack(config.env, logDir);

    await childService('worker', () => startWorker({ config, logDir, root: ROOT })).start();
    await timed('api', () =>
      childService('api', () => startApi({ config, logDir, root: ROOT, watch: watchApi })).start(),
    );
    const healthUrl = `http://127.0.0.1:${config.ports.app}/api/health`;
    try {
      await waitFor('health', () => httpOk(healthUrl), { timeoutMs: 90_000 });
    } catch (error) {
      const report = await fetch(healthUrl)
        .then((r) => r.text())
        .catch(() => 'no answer');
      throw new Error(`${error.message}: ${report} (logs in ${logDir})`);
    }
    const bootSeconds = (Date.now() - started) / 1000;
    return { config, logDir, accounts, bootSeconds, stop, startProcess, services };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Kills PostgreSQL's postmaster and its backends (like a crash of its machine) and waits until
 * they are gone; the next start recovers from the write-ahead log.
 */
export async function killPostgres(config, signal) {
  const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const postmaster = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  const backends = fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  for (const pid of [postmaster, ...backends]) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
  await waitFor('PostgreSQL to stop', () => ![postmaster, ...backends].some(processAlive), { timeoutMs: 30_000 });
}
