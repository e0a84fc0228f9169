#!/usr/bin/env node
// `npm run bench:start`: how long `npm start` takes and how much memory the stack uses at idle.
//   cold  — tools cached, empty data folder (first start of a clone: init, migrate, realm import, seed)
//   warm  — the same data folder again
//   --provisioning adds a run with an empty tool cache and empty Go caches (first-time provisioning).
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/lib/stack.mjs';

const IDLE_SECONDS = 30;
const loadBefore = os.loadavg()[0];

function descendants(pid) {
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch {
      /* process ended */
    }
  }
  const all = [];
  const queue = [pid];
  while (queue.length) {
    const current = queue.shift();
    all.push(current);
    queue.push(...(children.get(current) ?? []));
  }
  return all;
}

/** Resident memory of the start process and everything it started, grouped by program. */
function memoryOf(pid) {
  const byProgram = {};
  let total = 0;
  for (const p of descendants(pid)) {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const name = /Name:\s+(\S+)/.exec(status)?.[1] ?? '?';
      byProgram[name] = (byProgram[name] ?? 0) + kb;
      total += kb;
    } catch {
      /* process ended */
    }
  }
  return {
    totalMiB: Math.round(total / 1024),
    byProgram: Object.fromEntries(
      Object.entries(byProgram)
        .map(([k, v]) => [k, Math.round(v / 1024)])
        .sort((a, b) => b[1] - a[1]),
    ),
  };
}

function runStart(label, env, { measureMemory = false } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    // Its own ports, so the bench runs beside a stack already up on the usual ones.
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, RUSHFLOW_PORT_OFFSET: process.env.RUSHFLOW_PORT_OFFSET ?? '20000', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ready = false;
    const onData = async (chunk) => {
      output += chunk;
      if (!ready && output.includes('Rushflow est prêt')) {
        ready = true;
        const seconds = (Date.now() - t0) / 1000;
        let memory;
        if (measureMemory) {
          await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
          memory = memoryOf(child.pid);
        }
        child.kill('SIGINT');
        child.once('exit', () => resolve({ label, seconds, memory }));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => {
      if (!ready) reject(new Error(`${label}: npm start exited with ${code}\n${output.slice(-3000)}`));
    });
  });
}

// Inside the work tree: PostgreSQL runs as its own user and cannot enter a private temp folder.
fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
const dataDir = fs.mkdtempSync(path.join(ROOT, '.data', 'bench-'));
fs.chmodSync(dataDir, 0o755);
const results = [];
try {
  if (process.argv.includes('--provisioning')) {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-tools-'));
    const go = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-go-'));
    results.push(
      await runStart('first-time provisioning + cold start', {
        RUSHFLOW_TOOL_CACHE: cache,
        RUSHFLOW_DATA_DIR: path.join(dataDir, 'provisioning'),
        GOCACHE: path.join(go, 'build'),
        GOMODCACHE: path.join(go, 'mod'),
      }),
    );
    try {
      execFileSync('chmod', ['-R', 'u+w', go]);
    } catch {
      /* best effort */
    }
    fs.rmSync(go, { recursive: true, force: true });
    fs.rmSync(cache, { recursive: true, force: true });
  }
  results.push(await runStart('cold start (tools cached, empty data)', { RUSHFLOW_DATA_DIR: dataDir }));
  results.push(await runStart('warm start (same data)', { RUSHFLOW_DATA_DIR: dataDir }, { measureMemory: true }));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  `\nnpm start on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB (1-min load average before the runs: ${loadBefore.toFixed(2)})`,
);
for (const { label, seconds, memory } of results) {
  console.log(`  ${label.padEnd(40)} ${seconds.toFixed(1)} s`);
  if (memory) {
    console.log(`  memory of the whole stack at idle (${IDLE_SECONDS} s after ready): ${memory.totalMiB} MiB RSS`);
    for (const [name, mib] of Object.entries(memory.byProgram)) console.log(`    ${name.padEnd(20)} ${mib} MiB`);
  }
}
