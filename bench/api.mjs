// The api's read path, on this machine (`npm run bench:api`), loopback only, in one run:
//
// 1. The ceiling: a bare Koa handler answering a small JSON body, in a process of its own.
// 2. The product's hot reads with a real access token (the demo client, signed in through
//    Keycloak's form): `/api/me`, `/api/pricing/settings`, `/api/projects/mine` (20 projects),
//    `/api/projects/{id}`, `/api/notifications` (20 unread); then the project page again while its
//    project changes 20 times a second (each change forgets the page the api keeps).
// Each at BENCH_CONNECTIONS (50) connections for BENCH_SECONDS (10 s) after a 2 s warm-up (and a
// first 2 s of every route before any is measured), with autocannon: requests/s, p50 / p99
// latency, non-2xx answers, and each as a ratio of the ceiling; then whether the five hot reads
// met the goal (each ≥ 2,500 req/s with p99 ≤ 25 ms, no error).
// 3. Tracing's cost: every api route is measured on three apis side by side: OpenTelemetry off
//    (`OTEL_SDK_DISABLED=true`); on as production runs it (every write and 5 % of reads traced);
//    on for every request. The traced ones export over OTLP (protobuf, as in production) to a
//    receiver in the bench's process; the cost is the throughput lost, goal ≤ 10 % as run.
//
// The api under test is a process of the bench's own (`tsx api/server.ts`) on a scratch database
// (migrated, seeded, dropped at the end); Keycloak, Temporal and storage are the running stack's
// (`npm start`, or the test profile with BENCH_PROFILE=test).
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { claimsOf, freePort, loadAverage, signInAs, startBenchApi, subjectOf, waitUntilAnswering } from './lib/kit.mjs';
import { stackConfig } from '../scripts/lib/stack-config.mjs';
import { Notification } from '../db/entities/index.ts';
import { createScratchDatabase } from '../tests/support/brief-scratch-db.ts';
import { seedProject } from '../tests/support/project-seed.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PROJECTS = 20;
const CHANGES_PER_SECOND = 20;
/** The goal of each of the five hot reads (not the ceiling, not the page under changes). */
const GOAL = { rps: 2_500, p99Ms: 25 };
/** Tracing may cost at most this share of the api's throughput. */
const TRACING_COST_GOAL = 0.1;

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
// The traced api's OTLP receiver: it takes every export and counts it, as a collector would.
const exported = { requests: 0, bytes: 0 };
const traceSink = http.createServer((request, response) => {
  request.on('data', (chunk) => (exported.bytes += chunk.length));
  request.on('end', () => {
    exported.requests += 1;
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
const sinkPort = await freePort();
await new Promise((resolve) => traceSink.listen(sinkPort, '127.0.0.1', resolve));
const exporting = {
  OTEL_SDK_DISABLED: 'false',
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sinkPort}`,
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
  OTEL_BSP_SCHEDULE_DELAY: '5000',
};
/** Off; on as production runs it (every write, the default share of reads); every request. */
const TRACING = {
  off: { OTEL_SDK_DISABLED: 'true' },
  on: exporting,
  all: { ...exporting, TRACE_READS_SAMPLE_RATIO: '1' },
};
const apis = [];
const rows = [];
try {
  const [untraced, traced, everyRequest] = await Promise.all([
    startBenchApi(ROOT, config, db.url, TRACING.off),
    startBenchApi(ROOT, config, db.url, TRACING.on),
    startBenchApi(ROOT, config, db.url, TRACING.all),
    waitUntilAnswering(`http://127.0.0.1:${barePort}/`, 'Koa'),
  ]);
  apis.push(untraced.api, traced.api, everyRequest.api);
  const bases = { off: untraced.base, on: traced.base, all: everyRequest.base };

  // The demo client every stack creates at start.
  const account = { email: 'client@rushflow.local', password: 'Client123!' };
  // Signed in once and again only when the token has less than a minute and a half to live: a
  // sign-in makes Keycloak hash the password and its JVM busy for a while, which is not the read
  // path's cost (signing in before each target put it into the first seconds of each measurement).
  let signedIn;
  const token = async () => {
    if (!signedIn || signedIn.expiresAt - Date.now() < 90_000) {
      const accessToken = await signInAs(config, account.email, account.password);
      signedIn = { accessToken, expiresAt: claimsOf(accessToken).exp * 1000 };
    }
    return signedIn.accessToken;
  };
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

  const routes = [
    { name: 'GET /api/me', path: '/api/me', goal: true },
    { name: 'GET /api/pricing/settings', path: '/api/pricing/settings', goal: true },
    { name: `GET /api/projects/mine (${PROJECTS})`, path: '/api/projects/mine', goal: true },
    { name: 'GET /api/projects/{id}', path: `/api/projects/${projectIds[0]}`, goal: true },
    { name: 'GET /api/notifications', path: '/api/notifications', goal: true },
    // The kept page is forgotten at each change the database announces: its cost when they are frequent.
    {
      name: `GET /api/projects/{id}, ${CHANGES_PER_SECOND} changes/s`,
      path: `/api/projects/${projectIds[0]}`,
      changing: projectIds[0],
    },
  ];
  // Each route untraced then traced, one after the other, so all three meet the same machine.
  const targets = [
    { name: 'bare Koa (ceiling)', url: `http://127.0.0.1:${barePort}/` },
    ...routes.flatMap((route) =>
      ['off', 'on', 'all'].map((tracing) => ({
        ...route,
        tracing,
        goal: route.goal && tracing === 'off',
        auth: true,
        url: `${bases[tracing]}${route.path}`,
      })),
    ),
  ];
  const headersOf = async (target) => (target.auth ? { authorization: `Bearer ${await token()}` } : {});
  // Every route once before any is measured: the api's shared path (Koa, the headers, the router,
  // the token check) is compiled while the first route is warmed up, not while it is measured.
  for (const target of targets) {
    const headers = await headersOf(target);
    const check = await fetch(target.url, { headers });
    if (!check.ok) throw new Error(`${target.name} answered ${check.status}: ${await check.text()}`);
    await warmUp(target.url, headers);
  }
  for (const target of targets) {
    const headers = await headersOf(target);
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
      tracing: target.tracing ?? null,
      goal: target.goal === true,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors + result.timeouts,
      total: result.requests.total,
    });
    const row = rows.at(-1);
    log(
      `${target.name}${target.tracing ? `, tracing ${target.tracing}` : ''}: ${Math.round(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.non2xx} not 2xx of ${row.total} (load ${loadBefore} → ${loadAverage()})`,
    );
  }
} finally {
  apis.forEach((api) => api.kill('SIGTERM'));
  bare.kill('SIGTERM');
  traceSink.close();
  await sleep(500);
  await db.drop();
}

const ceiling = rows[0].rps;
const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);
log('');
log(
  `${pad('route', 52)}${padLeft('req/s', 8)}${padLeft('p50 ms', 8)}${padLeft('p99 ms', 8)}${padLeft('× ceiling', 11)}`,
);
for (const row of rows)
  log(
    `${pad(row.tracing ? `${row.name}, tracing ${row.tracing}` : row.name, 52)}${padLeft(Math.round(row.rps), 8)}${padLeft(row.p50, 8)}${padLeft(row.p99, 8)}${padLeft((row.rps / ceiling).toFixed(2), 11)}`,
  );
log(`${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s of warm-up; load after: ${loadAverage()}`);
const missed = rows.filter((row) => row.goal && (row.rps < GOAL.rps || row.p99 > GOAL.p99Ms || row.non2xx > 0));
log(
  `goal (each of the ${rows.filter((row) => row.goal).length} hot reads ≥ ${GOAL.rps} req/s with p99 ≤ ${GOAL.p99Ms} ms): ` +
    (missed.length === 0 ? 'met' : `NOT met by ${missed.map((row) => row.name).join(', ')}`),
);
const throughput = (tracing) => rows.filter((row) => row.tracing === tracing).reduce((sum, row) => sum + row.rps, 0);
const costOf = (tracing) => 1 - throughput(tracing) / throughput('off');
const percent = (share) => `${(share * 100).toFixed(1)} %`;
log('');
log(`${pad("tracing's cost in req/s", 52)}${padLeft('as run', 10)}${padLeft('every request', 15)}`);
for (const off of rows.filter((row) => row.tracing === 'off')) {
  const cost = (tracing) =>
    percent(1 - rows.find((row) => row.tracing === tracing && row.name === off.name).rps / off.rps);
  log(`${pad(off.name, 52)}${padLeft(cost('on'), 10)}${padLeft(cost('all'), 15)}`);
}
const tracingCost = costOf('on');
log(
  `tracing's cost over every route, as run (every write, the default share of reads): ${percent(tracingCost)} ` +
    `of throughput; every request traced: ${percent(costOf('all'))} (${exported.requests} OTLP exports, ` +
    `${(exported.bytes / 2 ** 20).toFixed(1)} MiB); goal ≤ ${TRACING_COST_GOAL * 100} % as run: ` +
    (tracingCost <= TRACING_COST_GOAL ? 'met' : 'NOT met'),
);
console.log(
  JSON.stringify({
    connections: CONNECTIONS,
    seconds: SECONDS,
    rows,
    tracingCost,
    everyRequestCost: costOf('all'),
    exported,
  }),
);
