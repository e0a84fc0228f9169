// What one open workflow costs the worker's memory (`npm run bench:workflow-memory`), against the
// running stack's Temporal dev server and PostgreSQL (loopback only), in a namespace and a database
// of the bench's own (the workflows are terminated, the database dropped at the end).
//
// The SDK keeps each open workflow it has run in a cache, in the V8 heap of its workflow thread,
// and each cached workflow evaluates its own copy of the modules the workflow code imports. The
// bench runs a worker with room for every workflow it starts, starts BENCH_WORKFLOWS (200) project
// workflows that wait for an editor (there is none), and reads that thread's heap after a full
// collection (a heap snapshot forces one) before and after: MiB in all, KiB per cached workflow.
// Then what the product's worker holds at its cache's size (the SDK's, from its 256 MiB heap).
import os from 'node:os';
import workerThreads from 'node:worker_threads';
import { loadAverage } from './lib/kit.mjs';
import { openProjectWorkflowBench } from './lib/project-workflow.mjs';

// The SDK starts its workflow thread with `new worker_threads.Worker` when its worker is created:
// note each thread it starts.
const threads = [];
const ThreadClass = workerThreads.Worker;
workerThreads.Worker = class extends ThreadClass {
  constructor(...args) {
    super(...args);
    threads.push(this);
  }
};

const WORKFLOWS = Number(process.env.BENCH_WORKFLOWS ?? 200);
const WARM_UP = 10;
/** The product worker's cache: the SDK's default for its 256 MiB heap (`scripts/lib/services.mjs`). */
const PRODUCT_CACHE = 89;
const log = (...parts) => console.log('[bench:workflow-memory]', ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const MiB = 2 ** 20;

/** The used heap of each workflow thread after a full collection, in bytes. */
async function workflowHeaps() {
  return Promise.all(
    threads.map(async (thread) => {
      for await (const chunk of await thread.getHeapSnapshot()) void chunk;
      return (await thread.getHeapStatistics()).used_heap_size;
    }),
  );
}

const { db, startProjects, close } = await openProjectWorkflowBench({
  namespace: 'rushflow-bench-memory',
  taskQueue: 'rushflow-bench-memory',
  database: 'rushflow_bench_memory',
  maxCachedWorkflows: WORKFLOWS + WARM_UP + 50,
});
let open = 0;

/** Starts `count` project workflows and waits until each waits for an editor (there is none). */
async function startWaitingProjects(count) {
  open += (await startProjects(count)).ids.length;
  for (let waited = 0; waited < 120; waited += 1) {
    const [{ n }] = await db.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from projects where status = 'waiting_for_editor'`);
    if (n >= open) return;
    await sleep(1000);
  }
  throw new Error(`the projects did not all reach waiting_for_editor within 2 minutes`);
}

try {
  log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / MiB)} MiB; load before: ${loadAverage()}`);
  // A few first, so what every workflow shares (the SDK's own modules, the bundle) is loaded.
  await startWaitingProjects(WARM_UP);
  const before = await workflowHeaps();
  await startWaitingProjects(WORKFLOWS);
  const after = await workflowHeaps();
  // The thread that grew is the one running the project workflows.
  const grown = after.map((bytes, i) => bytes - before[i]);
  const thread = grown.indexOf(Math.max(...grown));
  const perWorkflow = grown[thread] / WORKFLOWS;
  log(
    `workflow thread heap after a full collection: ${(before[thread] / MiB).toFixed(1)} MiB with ${WARM_UP} open workflows, ` +
      `${(after[thread] / MiB).toFixed(1)} MiB with ${WARM_UP + WORKFLOWS}`,
  );
  log(`per cached open project workflow: ${Math.round(perWorkflow / 1024)} KiB`);
  log(
    `the product worker's cache (${PRODUCT_CACHE} workflows) full: ${((perWorkflow * PRODUCT_CACHE) / MiB).toFixed(1)} MiB; load after: ${loadAverage()}`,
  );
} finally {
  await close();
}
