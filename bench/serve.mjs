// How fast the api and the worker start, and their memory once started, compiled (`node dist/…`,
// what the image runs) beside the sources through tsx (what `npm start` runs), in one run against
// the running stack (`npm start`; or the test profile with BENCH_PROFILE=test), loopback only.
//   api: from the spawn to its "listening" line, then to its first answer (GET /api/pricing/settings).
//   worker: from the spawn to its "polling" line (connected, workflow code loaded, workers created),
//   in a namespace of the bench's own, with the stack's 256 MiB heap limit.
//   RSS: the process and its children (tsx runs the program in a child node), 2 s after the start.
// BENCH_ROUNDS (5) rounds, the two kinds alternating which goes first; min / median / max of each.
// Needs `npm run build` first. Usage: npm run bench:serve
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { freePort, loadAverage } from './lib/kit.mjs';
import { stackConfig } from '../scripts/lib/stack-config.mjs';
import { ensureNamespace } from '../tests/support/temporal-namespace.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SETTLE_MS = 2_000;
const NAMESPACE = 'rushflow-bench-serve';
const config = stackConfig(process.env.BENCH_PROFILE ?? 'dev', ROOT);
const log = (...args) => console.log('[bench:serve]', ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const KINDS = {
  compiled: {
    api: [process.execPath, ['dist/api/server.js']],
    worker: [process.execPath, ['dist/activities/worker.js']],
  },
  tsx: {
    api: [path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['api/server.ts']],
    worker: [path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['activities/worker.ts']],
  },
};

/** The RSS of `pid` and of its descendants, in KiB. */
function treeRssKib(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent pid is the 2nd field after the command, which is in parentheses and may hold spaces.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Ended meanwhile.
    }
  }
  const rss = (id) => {
    try {
      return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      return 0;
    }
  };
  const visit = (id) => rss(id) + (children.get(id) ?? []).reduce((sum, child) => sum + visit(child), 0);
  return visit(pid);
}

/**
 * Starts `[command, args]` with the stack's environment and resolves once a line of its output
 * matches `ready`: the milliseconds it took and the child.
 */
function startUntil([command, args], env, ready) {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...config.env, NODE_OPTIONS: '', LOG_LEVEL: 'WARN', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (ready.test(output)) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ started, ms: performance.now() - started, child });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output = (output + chunk.toString()).slice(-4_000)));
    child.on('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited (${code}): ${output}`)));
  });
}

/** SIGTERM, as a deploy stops it; resolves at its exit. */
function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  // Its end is no failure now.
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

async function measureApi(kind) {
  const port = await freePort();
  const {
    started,
    ms: listening,
    child,
  } = await startUntil(KINDS[kind].api, { PORT: String(port) }, /\[api\] listening/);
  const answers = () =>
    fetch(`http://127.0.0.1:${port}/api/pricing/settings`).then(
      (response) => response.ok,
      () => false,
    );
  while (!(await answers())) await sleep(10);
  const answering = performance.now() - started;
  await sleep(SETTLE_MS);
  const rss = treeRssKib(child.pid);
  await stop(child);
  return { listening, answering, rss };
}

async function measureWorker(kind) {
  const { ms: polling, child } = await startUntil(
    KINDS[kind].worker,
    // The stack's worker holds the metrics port: this one serves none.
    { TEMPORAL_NAMESPACE: NAMESPACE, NODE_OPTIONS: '--max-old-space-size=256', WORKER_METRICS_PORT: '' },
    /\[worker\] polling/,
  );
  await sleep(SETTLE_MS);
  const rss = treeRssKib(child.pid);
  await stop(child);
  return { polling, rss };
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
};

if (!fs.existsSync(path.join(ROOT, 'dist', 'api', 'server.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}
const connection = await Connection.connect({ address: config.env.TEMPORAL_ADDRESS });
await ensureNamespace(connection, NAMESPACE);
await connection.close();

log(`${ROUNDS} rounds against the ${process.env.BENCH_PROFILE ?? 'dev'} stack; load average ${loadAverage()}`);
const results = { compiled: { api: [], worker: [] }, tsx: { api: [], worker: [] } };
for (let round = 1; round <= ROUNDS; round += 1) {
  const order = round % 2 === 1 ? ['compiled', 'tsx'] : ['tsx', 'compiled'];
  for (const kind of order) {
    const api = await measureApi(kind);
    const worker = await measureWorker(kind);
    results[kind].api.push(api);
    results[kind].worker.push(worker);
    log(
      `round ${round} ${kind.padEnd(8)} api listening ${api.listening.toFixed(0)} ms, answering ${api.answering.toFixed(0)} ms, ` +
        `RSS ${(api.rss / 1024).toFixed(1)} MiB; ` +
        `worker polling ${worker.polling.toFixed(0)} ms, RSS ${(worker.rss / 1024).toFixed(1)} MiB`,
    );
  }
}

const row = (label, pick, unit, format) => {
  const cells = ['compiled', 'tsx'].map((kind) => {
    const { min, median, max } = stats(pick(results[kind]));
    return `${format(median)} (${format(min)}–${format(max)})`.padEnd(28);
  });
  return `${label.padEnd(30)} ${cells.join(' ')} ${unit}`;
};
const ms = (value) => value.toFixed(0);
const mib = (kib) => (kib / 1024).toFixed(1);
console.log();
console.log(`${''.padEnd(30)} ${'compiled: median (min–max)'.padEnd(28)} ${'tsx: median (min–max)'.padEnd(28)}`);
console.log(row('api: start → listening', (r) => r.api.map((x) => x.listening), 'ms', ms));
console.log(row('api: start → first answer', (r) => r.api.map((x) => x.answering), 'ms', ms));
console.log(row('api: RSS after start', (r) => r.api.map((x) => x.rss), 'MiB', mib));
console.log(row('worker: start → polling', (r) => r.worker.map((x) => x.polling), 'ms', ms));
console.log(row('worker: RSS after start', (r) => r.worker.map((x) => x.rss), 'MiB', mib));
log(`load average at the end ${loadAverage()}`);
