// ProjectWorkflow at scale on this machine, against the running stack's Temporal dev server and
// PostgreSQL (loopback only), in a namespace and a database of the bench's own (both left clean:
// the workflows are terminated, the database dropped).
//
// (b) latency: BENCH_LATENCY_PROJECTS (200) projects started while 25 editors have free slots;
//     for each, from the workflow's start (the moment the paid brief's workflow starts it) to the
//     commit of its `assigned` status-history row: p50 / p99.
// (a) capacity: then BENCH_OPEN_PROJECTS (10,000) more projects while no editor is available: each
//     waits for an editor with its retry timer. Counted open through the visibility API; the
//     process's RSS (worker + client, `maxCachedWorkflows` BENCH_CACHE = 1000) is sampled.
// Bounded: stops starting projects after BENCH_BUDGET_S (480 s) and reports what it reached.
// Usage: npm run bench:projects  (env: DATABASE_URL, TEMPORAL_ADDRESS of a running `npm start`).
import os from 'node:os';
import { EditorProfile, StatusHistory } from '../db/entities/index.ts';
import { seedBurstEditors } from '../tests/support/paid-brief-burst.ts';
import { loadAverage, pct } from './lib/kit.mjs';
import { openProjectWorkflowBench } from './lib/project-workflow.mjs';

const LATENCY_N = Number(process.env.BENCH_LATENCY_PROJECTS ?? 200);
const OPEN_N = Number(process.env.BENCH_OPEN_PROJECTS ?? 10_000);
const CACHE = Number(process.env.BENCH_CACHE ?? 1000);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_S ?? 480) * 1000;

const mib = (bytes) => Math.round(bytes / 1024 / 1024);
const log = (...args) => console.log('[bench:projects]', ...args);

const { client, db, startProjects, close } = await openProjectWorkflowBench({
  namespace: 'rushflow-bench',
  taskQueue: 'rushflow-bench',
  database: 'rushflow_bench',
  maxCachedWorkflows: CACHE,
});

try {
  log(`machine: ${os.cpus().length} cores, ${mib(os.totalmem())} MiB; load before: ${loadAverage()}`);
  await seedBurstEditors(db.orm, 25, 10, 'Bench');

  // (b) start → assigned latency.
  const t0 = Date.now();
  const { ids, startTimes } = await startProjects(LATENCY_N, Date.now() + BUDGET_MS);
  const assignedAt = new Map();
  while (assignedAt.size < ids.length && Date.now() - t0 < 180_000) {
    const rows = await db.orm.em.fork().find(StatusHistory, { project: { $in: ids }, newStatus: 'assigned' });
    for (const row of rows) assignedAt.set(row.project.id, row.createdAt.getTime());
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const latencies = ids
    .filter((id) => assignedAt.has(id))
    .map((id) => assignedAt.get(id) - startTimes.get(id))
    .sort((a, b) => a - b);
  log(
    `latency start → assigned over ${latencies.length}/${ids.length} projects (started in ${((Date.now() - t0) / 1000).toFixed(1)} s): p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms, max ${latencies.at(-1)} ms; load ${loadAverage()}`,
  );

  // (a) open workflows with their timers (no editor available: each waits for one).
  await db.orm.em.fork().nativeUpdate(EditorProfile, {}, { status: 'vacation' });
  const t1 = Date.now();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 1000);
  const { ids: open } = await startProjects(OPEN_N, t1 + BUDGET_MS);
  const startSeconds = (Date.now() - t1) / 1000;
  // Let the last ones reach their timer, then count.
  let waiting = 0;
  for (let tries = 0; tries < 120; tries += 1) {
    const [row] = await db.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from projects where status = 'waiting_for_editor'`);
    waiting = row.n;
    if (waiting >= open.length) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  clearInterval(sampler);
  const { count } = await client.workflow.count(`WorkflowType = "projectWorkflow" AND ExecutionStatus = "Running"`);
  log(
    `open: ${open.length}/${OPEN_N} started in ${startSeconds.toFixed(1)} s (${(open.length / startSeconds).toFixed(1)}/s), ${waiting} waiting with their retry timer, ` +
      `${count} running by the visibility count (incl. the ${ids.length} assigned); RSS now ${mib(process.memoryUsage().rss)} MiB, peak ${mib(peakRss)} MiB ` +
      `(maxCachedWorkflows ${CACHE}); load ${loadAverage()}`,
  );
} finally {
  await close();
}
