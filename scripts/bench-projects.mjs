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
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, DefaultLogger, Runtime } from '@temporalio/worker';
import nodemailer from 'nodemailer';
import { createProjectActivities } from '../activities/project.ts';
import { createScratchDatabase } from '../tests/support/brief-scratch-db.ts';
import { seedProject } from '../tests/support/project-seed.ts';
import { EditorProfile, StatusHistory } from '../db/entities/index.ts';
import { projectWorkflowId } from '../workflows/contracts/project.ts';
import { loadAverage } from './lib/bench-kit.mjs';

const NAMESPACE = 'rushflow-bench';
const TASK_QUEUE = 'rushflow-bench';
const LATENCY_N = Number(process.env.BENCH_LATENCY_PROJECTS ?? 200);
const OPEN_N = Number(process.env.BENCH_OPEN_PROJECTS ?? 10_000);
const CACHE = Number(process.env.BENCH_CACHE ?? 1000);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_S ?? 480) * 1000;
const address = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';

const mib = (bytes) => Math.round(bytes / 1024 / 1024);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const log = (...args) => console.log('[bench:projects]', ...args);

Runtime.install({ logger: new DefaultLogger('ERROR') });
const connection = await Connection.connect({ address });
try {
  await connection.workflowService.registerNamespace({
    namespace: NAMESPACE,
    workflowExecutionRetentionPeriod: { seconds: 86_400 },
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
} catch (error) {
  if (!/already/i.test(String(error))) throw error;
}
const client = new Client({ connection, namespace: NAMESPACE });
const db = await createScratchDatabase('rushflow_bench');
const workerConnection = await NativeConnection.connect({ address });
const worker = await Worker.create({
  connection: workerConnection,
  namespace: NAMESPACE,
  taskQueue: TASK_QUEUE,
  workflowsPath: new URL('../workflows/index.ts', import.meta.url).pathname,
  maxCachedWorkflows: CACHE,
  activities: createProjectActivities({
    orm: db.orm,
    // E-mails are rendered and recorded, not delivered.
    mailTransport: nodemailer.createTransport({ jsonTransport: true }),
    mailFrom: 'Rushflow <bench@rushflow.local>',
    appUrl: 'http://localhost:3000',
    directory: { admins: async () => [], emailOf: async (id) => `${id}@bench.local` },
  }),
});
const running = worker.run();
const started = [];

async function startProjects(count, deadline) {
  const ids = [];
  const startTimes = new Map();
  for (let i = 0; i < count && Date.now() < deadline; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async () => {
        const projectId = await seedProject(db.orm.em.fork(), {
          client: { id: null, email: 'bench@rushflow.local' },
          status: 'brief_received',
          title: 'Bench',
          videoType: 'youtube',
          deliveryDate: new Date(Date.now() + 7 * 86_400_000),
        });
        startTimes.set(projectId, Date.now());
        await client.workflow.start('projectWorkflow', {
          taskQueue: TASK_QUEUE,
          workflowId: projectWorkflowId(projectId),
          args: [{ projectId, briefId: 'bench', searchAttributes: false }],
        });
        return projectId;
      }),
    );
    ids.push(...batch);
    started.push(...batch);
  }
  return { ids, startTimes };
}

try {
  log(`machine: ${os.cpus().length} cores, ${mib(os.totalmem())} MiB; load before: ${loadAverage()}`);
  const em = db.orm.em.fork();
  for (let i = 0; i < 25; i += 1) {
    em.create(EditorProfile, {
      userId: `bench-editor-${i}`,
      firstName: 'Bench',
      lastName: String(i),
      specialties: ['general'],
      visualComplexityLevels: ['simple', 'moderate', 'complex', 'expert'],
      languages: ['français'],
      maxConcurrentProjects: 10,
    });
  }
  await em.flush();

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
  log(`cleaning up ${started.length} workflows…`);
  for (let i = 0; i < started.length; i += 100) {
    await Promise.all(
      started.slice(i, i + 100).map((id) =>
        client.workflow
          .getHandle(projectWorkflowId(id))
          .terminate('bench over')
          .catch(() => undefined),
      ),
    );
  }
  worker.shutdown();
  await running;
  await workerConnection.close();
  await connection.close();
  await db.drop();
}
