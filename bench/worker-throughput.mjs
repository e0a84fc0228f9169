// How many project workflows one worker drives per second through their first four activities
// (`npm run bench:worker-throughput`), against the running stack's Temporal dev server and
// PostgreSQL (loopback only), in a namespace and a database of the bench's own (the workflows are
// terminated, the database dropped at the end); the worker runs in the bench's process with the
// SDK's default options and the product worker's cache, BENCH_CACHE (89: the SDK's default for the
// worker's 256 MiB heap, scripts/lib/services.mjs).
//
// BENCH_WORKFLOWS (500) projects are started as fast as the client can; each workflow loads its
// project, records its first timeline row, tries to assign an editor and, when nobody is free,
// records that it waits (then sleeps on its retry timer). With BENCH_EDITORS (0) editors of 10
// slots each (the most a profile takes), as many projects are assigned instead, each assignment
// holding the row locks of every candidate editor. Measured: from the first start until each
// project's row shows the outcome (`waiting_for_editor` or `assigned`), workflows per second
// overall and the latency per workflow; then, from the histories of 50 of them, the tasks each took.
// Bounded: gives up BENCH_BUDGET_S (170) seconds after the first start and reports what it reached.
import os from 'node:os';
import { seedBurstEditors } from '../tests/support/paid-brief-burst.ts';
import { loadAverage, pct } from './lib/kit.mjs';
import { openProjectWorkflowBench } from './lib/project-workflow.mjs';
import { projectWorkflowId } from '../workflows/contracts/project.ts';

const WORKFLOWS = Number(process.env.BENCH_WORKFLOWS ?? 500);
const EDITORS = Number(process.env.BENCH_EDITORS ?? 0);
const BUDGET_MS = Number(process.env.BENCH_BUDGET_S ?? 170) * 1000;

const log = (...args) => console.log('[bench:worker-throughput]', ...args);
const SAMPLE = 50;

/**
 * From the workflows' histories, up to their fourth activity's outcome: how many workflow tasks,
 * activity tasks and local activities (run inside a workflow task) each took, and the mean time the
 * tasks waited in the task queue for the worker, then ran.
 */
async function timeBreakdown(client, projectIds) {
  const totals = { workflowTasks: 0, wtQueued: 0, wtRan: 0, activityTasks: 0, atQueued: 0, atRan: 0, local: 0 };
  const at = (event) => Number(event.eventTime.seconds) * 1000 + event.eventTime.nanos / 1e6;
  for (const projectId of projectIds) {
    const { events } = await client.workflow.getHandle(projectWorkflowId(projectId)).fetchHistory();
    const scheduledAt = new Map();
    const startedAt = new Map();
    let activities = 0;
    for (const event of events) {
      if (event.workflowTaskScheduledEventAttributes || event.activityTaskScheduledEventAttributes)
        scheduledAt.set(Number(event.eventId), at(event));
      const started = event.workflowTaskStartedEventAttributes ?? event.activityTaskStartedEventAttributes;
      if (started) {
        const queued = at(event) - scheduledAt.get(Number(started.scheduledEventId));
        startedAt.set(Number(started.scheduledEventId), at(event));
        if (event.workflowTaskStartedEventAttributes) totals.wtQueued += queued;
        else totals.atQueued += queued;
      }
      const workflowTask = event.workflowTaskCompletedEventAttributes;
      if (workflowTask) {
        totals.workflowTasks += 1;
        totals.wtRan += at(event) - startedAt.get(Number(workflowTask.scheduledEventId));
      }
      const activityTask = event.activityTaskCompletedEventAttributes;
      if (activityTask) {
        totals.activityTasks += 1;
        totals.atRan += at(event) - startedAt.get(Number(activityTask.scheduledEventId));
      }
      if (event.markerRecordedEventAttributes?.markerName === 'core_local_activity') totals.local += 1;
      if (activityTask || event.markerRecordedEventAttributes?.markerName === 'core_local_activity') {
        if (++activities === 4) break;
      }
    }
  }
  const n = projectIds.length;
  const mean = (value) => (value / n).toFixed(1);
  const ms = (value) => Math.round(value / n);
  return (
    `${mean(totals.workflowTasks)} workflow tasks (queued ${ms(totals.wtQueued)} ms, ran ${ms(totals.wtRan)} ms), ` +
    `${mean(totals.activityTasks)} activity tasks (queued ${ms(totals.atQueued)} ms, ran ${ms(totals.atRan)} ms), ` +
    `${mean(totals.local)} local activities (inside the workflow tasks)`
  );
}

const { client, db, worker, startProjects, close } = await openProjectWorkflowBench({
  namespace: 'rushflow-bench',
  taskQueue: 'rushflow-bench-throughput',
  database: 'rushflow_bench',
  maxCachedWorkflows: Number(process.env.BENCH_CACHE ?? 89),
});

try {
  log(
    `machine: ${os.cpus().length} cores; load before: ${loadAverage()}; ${WORKFLOWS} workflows, ${EDITORS} editors, ` +
      `${worker.options.maxCachedWorkflows} workflows cached`,
  );
  await seedBurstEditors(db.orm, EDITORS, 10, 'Bench');

  const t0 = Date.now();
  const deadline = t0 + BUDGET_MS;
  const reachedAt = new Map();
  const watch = (async () => {
    while (Date.now() < deadline && reachedAt.size < WORKFLOWS) {
      const rows = await db.orm.em
        .fork()
        .getConnection()
        .execute(`select id from projects where status in ('waiting_for_editor', 'assigned')`);
      const now = Date.now();
      for (const { id } of rows) if (!reachedAt.has(id)) reachedAt.set(id, now);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = await startProjects(WORKFLOWS, deadline);
  const startSeconds = (Date.now() - t0) / 1000;
  await watch;
  const { ids, startTimes } = started;
  const reached = ids.filter((id) => reachedAt.has(id));
  const seconds = (Math.max(...reached.map((id) => reachedAt.get(id))) - t0) / 1000;
  const latencies = reached.map((id) => reachedAt.get(id) - startTimes.get(id)).sort((a, b) => a - b);
  log(
    `${reached.length}/${ids.length} workflows through their first four activities in ${seconds.toFixed(1)} s: ` +
      `${(reached.length / seconds).toFixed(1)} workflows/s (started in ${startSeconds.toFixed(1)} s, ` +
      `${(ids.length / startSeconds).toFixed(1)}/s); start → outcome p50 ${pct(latencies, 50)} ms, p99 ${pct(latencies, 99)} ms; ` +
      `load after: ${loadAverage()}`,
  );
  log(
    `per workflow up to its fourth activity, mean over ${SAMPLE}: ${await timeBreakdown(client, reached.slice(0, SAMPLE))}`,
  );
} finally {
  await close();
}
