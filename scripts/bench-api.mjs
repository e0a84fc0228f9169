// The api's read path, on this machine (`npm run bench:api`), loopback only, in one run:
//
// 1. The ceiling: a bare Koa handler answering a small JSON body, in a process of its own.
// 2. The product's hot reads with a real access token (the demo client, signed in through
//    Keycloak's form): `/api/me`, `/api/pricing/settings`, `/api/projects/mine` (20 projects),
//    `/api/projects/{id}`, `/api/notifications` (20 unread); then the project page again while its
//    project changes 20 times a second (each change forgets the page the api keeps).
// Each at BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10 s) after a 2 s warm-up, with
// autocannon: requests/s, p50 / p99 latency, non-2xx answers, and each as a ratio of the ceiling.
//
// The api under test is a process of the bench's own (`tsx api/server.ts`) on a scratch database
// (migrated, seeded, dropped at the end); Keycloak, Temporal and storage are the running stack's
// (`npm start`, or the test profile with BENCH_PROFILE=test).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, loadAverage, signInAs, startBenchApi, subjectOf, waitUntilAnswering } from './lib/bench-kit.mjs';
import { stackConfig } from './lib/stack-config.mjs';
import { Notification } from '../db/entities/index.ts';
import { createScratchDatabase } from '../tests/support/brief-scratch-db.ts';
import { seedProject } from '../tests/support/project-seed.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PROJECTS = 20;
const CHANGES_PER_SECOND = 20;

const config = stackConfig(process.env.BENCH_PROFILE ?? 'dev', ROOT);
process.env.DATABASE_URL = config.env.DATABASE_URL;
const log = (...parts) => console.log('[bench:api]', ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare Koa app in its own process: what the framework alone answers on this machine. */
const BARE_KOA = `
import Koa from 'koa';
const app = new Koa();
app.use((ctx) => { ctx.body = { ok: true, at: Date.now() }; });
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

function run(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const warmUp = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers }, (error) =>
      error ? reject(error) : resolve(),
    ),
  );

log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 20)} MiB; load before: ${loadAverage()}`);
const db = await createScratchDatabase('rushflow_bench_api');
const barePort = await freePort();
const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE_KOA], {
  cwd: ROOT,
  stdio: 'ignore',
  env: { ...process.env, PORT: String(barePort) },
});
let api;
const rows = [];
try {
  const [started] = await Promise.all([
    startBenchApi(ROOT, config, db.url),
    waitUntilAnswering(`http://127.0.0.1:${barePort}/`, 'Koa'),
  ]);
  api = started.api;
  const apiBase = started.base;

  // The demo client every stack creates at start.
  const account = { email: 'client@rushflow.local', password: 'Client123!' };
  const token = () => signInAs(config, account.email, account.password);
  const clientId = subjectOf(await token());

  const projectIds = [];
  for (let index = 0; index < PROJECTS; index += 1) {
    projectIds.push(
      await seedProject(db.orm.em.fork(), {
        client: { id: clientId, email: account.email },
        status: index % 2 ? 'in_progress' : 'completed',
        title: `Projet de mesure ${index + 1}`,
        createdAt: new Date(Date.now() - (index + 1) * 3_600_000),
        deliveryDate: new Date(Date.now() + 5 * 86_400_000),
        messages: [{ senderId: clientId, senderName: 'Client', content: 'Bonjour' }],
        history: [{ oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' }],
      }),
    );
  }
  const em = db.orm.em.fork();
  for (let index = 0; index < PROJECTS; index += 1)
    em.create(Notification, {
      userId: clientId,
      project: projectIds[index],
      type: 'project_status',
      title: `Projet ${index + 1}`,
      message: 'Votre projet avance.',
    });
  await em.flush();
  log(`seeded ${PROJECTS} projects and ${PROJECTS} notifications for ${account.email}`);

  const targets = [
    { name: 'bare Koa (ceiling)', url: `http://127.0.0.1:${barePort}/` },
    { name: 'GET /api/me', url: `${apiBase}/api/me`, auth: true },
    { name: 'GET /api/pricing/settings', url: `${apiBase}/api/pricing/settings`, auth: true },
    { name: `GET /api/projects/mine (${PROJECTS})`, url: `${apiBase}/api/projects/mine`, auth: true },
    { name: 'GET /api/projects/{id}', url: `${apiBase}/api/projects/${projectIds[0]}`, auth: true },
    { name: 'GET /api/notifications', url: `${apiBase}/api/notifications`, auth: true },
    // The kept page is forgotten at each change the database announces: its cost when they are frequent.
    {
      name: `GET /api/projects/{id}, ${CHANGES_PER_SECOND} changes/s`,
      url: `${apiBase}/api/projects/${projectIds[0]}`,
      auth: true,
      changing: projectIds[0],
    },
  ];
  for (const target of targets) {
    // Access tokens live 5 minutes: each target signs in afresh.
    const headers = target.auth ? { authorization: `Bearer ${await token()}` } : {};
    const check = await fetch(target.url, { headers });
    if (!check.ok) throw new Error(`${target.name} answered ${check.status}: ${await check.text()}`);
    await warmUp(target.url, headers);
    const loadBefore = loadAverage();
    let changes = 0;
    const changer = target.changing
      ? setInterval(() => {
          changes += 1;
          void db.orm.em
            .fork()
            .getConnection()
            .execute('update projects set title = ? where id = ?', [
              `Projet de mesure 1 (${changes})`,
              target.changing,
            ]);
        }, 1_000 / CHANGES_PER_SECOND)
      : undefined;
    const result = await run(target.url, headers).finally(() => clearInterval(changer));
    rows.push({
      name: target.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
      total: result.requests.total,
    });
    const row = rows.at(-1);
    log(
      `${target.name}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.non2xx} not 2xx of ${row.total} (load ${loadBefore} → ${loadAverage()})`,
    );
  }
} finally {
  api?.kill('SIGTERM');
  bare.kill('SIGTERM');
  await sleep(500);
  await db.drop();
}

const ceiling = rows[0].rps;
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
log('');
log(
  `${pad('route', 34)}${padLeft('req/s', 8)}${padLeft('p50 ms', 8)}${padLeft('p99 ms', 8)}${padLeft('× ceiling', 11)}`,
);
for (const row of rows)
  log(
    `${pad(row.name, 34)}${padLeft(Math.round(row.rps), 8)}${padLeft(row.p50, 8)}${padLeft(row.p99, 8)}${padLeft((row.rps / ceiling).toFixed(2), 11)}`,
  );
log(`${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up; load after: ${loadAverage()}`);
console.log(JSON.stringify({ connections: CONNECTIONS, seconds: SECONDS, rows }));
