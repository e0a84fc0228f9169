// What it costs the worker to forget an open workflow (`npm run bench:replay`): a workflow evicted
// from the worker's cache is replayed from its whole history at its next task. Each recorded
// history (tests/workflows/histories, real runs of our workflows) is replayed REPLAY_COPIES times
// (default 50) in one replay worker, the way the worker replays them: the time per replay, by
// history, after a first pass that warms the replay worker. No service needed; the CPU is this
// machine's (2 cores), the load average is printed.
import fs from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, Runtime, DefaultLogger, Worker } from '@temporalio/worker';
import { loadAverage } from './lib/kit.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const HISTORIES = path.join(ROOT, 'tests', 'workflows', 'histories');
const COPIES = Number(process.env.REPLAY_COPIES ?? 50);
const log = (...parts) => console.log('[bench:replay]', ...parts);

Runtime.install({ logger: new DefaultLogger('WARN') });
log(`load before: ${loadAverage()}`);
const workflowBundle = await bundleWorkflowCode({ workflowsPath: path.join(ROOT, 'workflows', 'index.ts') });

const files = fs.readdirSync(HISTORIES).filter((file) => file.endsWith('.json'));
const rows = [];
for (const file of files) {
  const history = JSON.parse(fs.readFileSync(path.join(HISTORIES, file), 'utf8'));
  const copies = (pass) =>
    Array.from({ length: COPIES }, (_, index) => ({ workflowId: `${file}-${pass}-${index}`, history }));
  // Pass 1 warms the replay worker (its thread, the bundle's code); pass 2 is measured.
  for (const pass of [1, 2]) {
    const started = performance.now();
    let failed = 0;
    for await (const result of Worker.runReplayHistories({ workflowBundle }, copies(pass)))
      if (result.error) failed += 1;
    const elapsed = performance.now() - started;
    if (failed) throw new Error(`${file}: ${failed} of ${COPIES} replays failed`);
    if (pass === 2)
      rows.push({ history: file.replace(/\.json$/, ''), events: history.events.length, msPerReplay: elapsed / COPIES });
  }
}

const pad = (text, width) => String(text).padEnd(width);
log('');
log(`${pad('history', 40)}${pad('events', 8)}ms per replay`);
for (const row of rows) log(`${pad(row.history, 40)}${pad(row.events, 8)}${row.msPerReplay.toFixed(1)}`);
log(`${COPIES} replays of each in one replay worker, after a warm-up pass; load after: ${loadAverage()}`);
console.log(JSON.stringify({ bench: 'replay', copies: COPIES, rows }));
