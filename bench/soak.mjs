// The soak (`npm run bench:soak`): a fresh test-profile stack of its own under steady, mixed
// traffic for SOAK_MINUTES (15) while each dependency is killed (SIGKILL) and started again once,
// spaced across the run. Clients behave like real ones (soak/traffic.mjs); four live streams (two
// per party) reconnect with their last event id like the browser's client (soak/streams.mjs).
//
// It prints, per kind and overall, the share of operations that succeeded within their retries
// (goal ≥ 99.9 %) and the first-try errors; then, after a bounded drain, what was lost: every paid
// brief has exactly one project and one receipt, every acknowledged chat message is in the
// database and reached every stream (soak/drain.mjs); and the resident memory of each service per
// process lifetime (soak/memory.mjs; goal for the api and the worker: flat, not growing by more
// than 2 MiB/min). A progress line every minute, a JSON line at the end (soak/report.mjs).
//
// Bounded: a hard deadline (start-up + run + drain + margin) stops everything; the stack is always
// stopped at the end. Usage: npm run bench:soak (SOAK_MINUTES=3 for a short run). Ports: the test
// profile shifted by RUSHFLOW_PORT_OFFSET (21000 unless set); data: RUSHFLOW_DATA_DIR (.data/soak
// unless set), wiped at start.
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { initOrm } from '../db/orm.ts';
import { seedProject } from '../tests/support/project-seed.ts';
import { ROOT, bringUp } from '../scripts/lib/stack.mjs';
import { loadAverage } from './lib/kit.mjs';
import { DRAIN_MS, drain, whatWasLost } from './soak/drain.mjs';
import { killEachOnce, sampleHealth } from './soak/kills.mjs';
import { clock, log, since, sleep } from './soak/log.mjs';
import { sampleMemory } from './soak/memory.mjs';
import { report } from './soak/report.mjs';
import { closeStreams, deliveryLatency, openStreams } from './soak/streams.mjs';
import { newClientRecord, request, startTraffic, tokenKeeper } from './soak/traffic.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 15);
const RUN_MS = MINUTES * 60_000;
const BRING_UP_BUDGET_MS = 15 * 60_000;
const HARD_DEADLINE_MS = BRING_UP_BUDGET_MS + RUN_MS + DRAIN_MS + 3 * 60_000;
const CHAT_PROJECTS = 3;

// Its own ports and data folder unless the user chose them.
const ownPorts = !process.env.RUSHFLOW_PORT_OFFSET;
const ownData = !process.env.RUSHFLOW_DATA_DIR;
process.env.RUSHFLOW_PORT_OFFSET ??= '21000';
process.env.RUSHFLOW_DATA_DIR ??= path.join(ROOT, '.data', 'soak');

const loadBefore = loadAverage();
log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 20)} MiB; load before: ${loadBefore}`);
log(
  `a fresh test-profile stack of its own: port offset ${process.env.RUSHFLOW_PORT_OFFSET}${ownPorts ? ' (default; RUSHFLOW_PORT_OFFSET to change)' : ''}, data folder ${process.env.RUSHFLOW_DATA_DIR}${ownData ? ' (default; RUSHFLOW_DATA_DIR to change)' : ''}, wiped now; ${MINUTES} min of traffic, then at most ${DRAIN_MS / 60_000} min of drain`,
);

let stack;
let stopping = false;
async function stopStack(reason) {
  if (stopping) return;
  stopping = true;
  if (reason) log(reason);
  await stack?.stop().catch((error) => log(`stopping the stack failed: ${error.message}`));
}
const hardDeadline = setTimeout(() => {
  void stopStack(`hard deadline (${Math.round(HARD_DEADLINE_MS / 60_000)} min) reached: stopping everything`).then(() =>
    process.exit(2),
  );
}, HARD_DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stopStack(`${signal}: stopping the stack`).then(() => process.exit(130)));
}

/** Three projects of the demo client, assigned to the demo editor: the chat's rooms. */
async function seedChatProjects(config, accounts) {
  const orm = await initOrm(config.env.DATABASE_URL);
  const projects = [];
  try {
    for (let index = 0; index < CHAT_PROJECTS; index += 1) {
      projects.push(
        await seedProject(orm.em.fork(), {
          client: { id: accounts.client.id, email: accounts.client.email },
          editorId: accounts.editor.id,
          status: 'in_progress',
          title: `Projet d’endurance ${index + 1}`,
        }),
      );
    }
  } finally {
    await orm.close();
  }
  return projects;
}

/** The minute's progress line: operations so far, streams open, chat → streams over the last minute. */
function logProgress({ tallies, acknowledged }, streams, runStart) {
  const all = Object.values(tallies);
  const ops = all.reduce((sum, t) => sum + t.ops, 0);
  const failed = all.reduce((sum, t) => sum + t.failed, 0);
  const firstTry = all.reduce((sum, t) => sum + t.firstTryErrors, 0);
  const latency = deliveryLatency(streams, acknowledged.chat, Date.now() - 65_000, Date.now() - 5_000);
  log(
    `${clock(Date.now() - runStart)} elapsed: ${ops} operations, ${failed} failed after retries, ${firstTry} with a failed first try; streams open ${streams.filter((s) => s.open).length}/${streams.length}, chat → streams p50 ${latency.p50} ms, p99 ${latency.p99} ms; load ${loadAverage()}`,
  );
}

let exitCode = 0;
let streams = [];
let pool;
try {
  const bootStart = Date.now();
  stack = await bringUp('test', { fresh: true });
  const { config, accounts, services } = stack;
  const base = `http://127.0.0.1:${config.ports.app}`;
  log(`stack ready in ${since(bootStart)} s (app on ${base}); load ${loadAverage()}`);

  const chatProjects = await seedChatProjects(config, accounts);
  const record = newClientRecord();
  const keepers = {
    client: tokenKeeper(config, accounts.client, record.signIns, () => stopping),
    editor: tokenKeeper(config, accounts.editor, record.signIns, () => stopping),
  };
  await Promise.all([keepers.client.get(), keepers.editor.get()]);
  streams = await openStreams(base, keepers);

  const runStart = Date.now();
  const runEnd = runStart + RUN_MS;
  const drainEnd = runEnd + DRAIN_MS;
  log(`traffic started; load ${loadAverage()}`);
  const webhookSecret = config.env.STRIPE_WEBHOOK_SECRET;
  const traffic = startTraffic({ base, keepers, chatProjects, webhookSecret, record, runStart, runEnd, drainEnd });
  const health = sampleHealth(base);
  const memory = sampleMemory(config, services);
  const progressTimer = setInterval(() => logProgress(record, streams, runStart), 60_000);
  const kills = killEachOnce({ base, services, runStart, runEnd, drainEnd });

  await sleep(Math.max(0, runEnd - Date.now()));
  traffic.stop();
  clearInterval(progressTimer);
  log(
    `traffic stopped at ${clock(Date.now() - runStart)}; draining (at most ${DRAIN_MS / 60_000} min); load ${loadAverage()}`,
  );
  const restarts = await kills;
  await traffic.settled();

  pool = new pg.Pool({ connectionString: config.env.DATABASE_URL, max: 2 });
  await drain(pool, { acknowledged: record.acknowledged, streams, drainEnd });
  const drainedSeconds = Math.max(0, (Date.now() - runEnd) / 1000);
  health.stop();
  memory.stop();
  closeStreams(streams);

  const lost = await whatWasLost(pool, { acknowledged: record.acknowledged, streams, chatProjects });
  const final = await request(`${base}/api/health`).catch((error) => ({ status: 0, body: error.message }));
  const met = report({
    minutes: MINUTES,
    runStart,
    runEnd,
    loadBefore,
    loadAfter: loadAverage(),
    drainedSeconds,
    restarts,
    health: { ...health.health, final },
    record,
    streams,
    lost,
    memorySamples: memory.samples,
  });
  if (!met) exitCode = 1;
} catch (error) {
  log(`failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  closeStreams(streams);
  await pool?.end().catch(() => {});
  await stopStack();
  clearTimeout(hardDeadline);
}
process.exit(exitCode);
