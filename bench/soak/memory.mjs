// The resident memory of each service of the stack, sampled every 30 s, and per process lifetime
// its slope over the run's second half: the product's own processes must stay flat.
import fs from 'node:fs';
import path from 'node:path';

const SAMPLE_EVERY_MS = 30_000;
/** The product's processes, whose memory must stay flat (the others are stand-ins run for the soak). */
export const OWN_PROCESSES = ['api', 'worker'];
/**
 * A leak grows: 2 MiB/min is 15 MiB over the second half of a 15-minute run, a few % of the worker's
 * 550 MiB. Memory given back (a negative slope, the heap shrinking after a peak) is not a leak.
 */
export const FLAT_MIB_PER_MIN = 2;

function procStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), pgrp: Number(fields[2]) };
}
function rssKib(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}
function allPids() {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** Each service's processes: its process group, or PostgreSQL's postmaster and its backends. */
function serviceProcesses(config, services) {
  const table = new Map();
  for (const pid of allPids()) {
    try {
      table.set(pid, procStat(pid));
    } catch {
      /* ended meanwhile */
    }
  }
  const found = {};
  for (const [name, service] of Object.entries(services)) {
    if (name === 'postgres') {
      const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
      if (!fs.existsSync(pidFile)) continue;
      const leader = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (!table.has(leader)) continue;
      found[name] = {
        leader,
        pids: [leader, ...[...table].filter(([, stat]) => stat.ppid === leader).map(([pid]) => pid)],
      };
    } else if (service.child?.pid && table.has(service.child.pid)) {
      const leader = service.child.pid;
      found[name] = { leader, pids: [...table].filter(([, stat]) => stat.pgrp === leader).map(([pid]) => pid) };
    }
  }
  return found;
}

/**
 * Samples now and every 30 s until `stop()`, which takes a last sample. `samples`: `{ at, service,
 * leader, kib }`, the leader's pid telling a process lifetime from the next.
 */
export function sampleMemory(config, services) {
  const samples = [];
  const sample = () => {
    const at = Date.now();
    for (const [service, { leader, pids }] of Object.entries(serviceProcesses(config, services))) {
      let kib = 0;
      for (const pid of pids) {
        try {
          kib += rssKib(pid);
        } catch {
          /* ended meanwhile */
        }
      }
      // A killed process not yet reaped has no resident memory: not a sample.
      if (kib > 0) samples.push({ at, service, leader, kib });
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    samples,
    stop() {
      clearInterval(timer);
      sample();
    },
  };
}

/** Least-squares slope of MiB over minutes. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/**
 * One row per service and process lifetime (a restart starts a new one): first, last and peak MiB
 * and the slope over the samples from `half` on (with 4 of them at least); beside it, every sample
 * in MiB.
 */
export function memoryLifetimes(samples, half) {
  const lifetimes = [];
  for (const service of [...new Set(samples.map((sample) => sample.service))]) {
    const leaders = [...new Set(samples.filter((s) => s.service === service).map((s) => s.leader))];
    for (const leader of leaders) {
      const own = samples.filter((s) => s.service === service && s.leader === leader);
      const late = own.filter((s) => s.at >= half);
      lifetimes.push({
        row: {
          service,
          pid: leader,
          samples: own.length,
          firstMiB: Math.round(own[0].kib / 1024),
          lastMiB: Math.round(own.at(-1).kib / 1024),
          peakMiB: Math.round(Math.max(...own.map((s) => s.kib)) / 1024),
          slopeMiBPerMin:
            late.length >= 4
              ? Number(slope(late.map((s) => ({ x: (s.at - half) / 60_000, y: s.kib / 1024 }))).toFixed(2))
              : null,
        },
        everySampleMiB: own.map((s) => Math.round(s.kib / 1024)),
      });
    }
  }
  return lifetimes;
}

/** The product's own processes do not grow over the second half beyond the collector's saw-tooth. */
export function memoryFlat(rows) {
  const own = rows.filter((row) => OWN_PROCESSES.includes(row.service) && row.slopeMiBPerMin !== null);
  return { own, flat: own.length > 0 && own.every((row) => row.slopeMiBPerMin <= FLAT_MIB_PER_MIN) };
}
