// Child-process and readiness helpers for the stack scripts. Node built-ins only.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const children = new Set();

/** Prints one progress line, prefixed so the long steps say what they are doing. */
export function log(step, message) {
  process.stdout.write(`[${step}] ${message}\n`);
}

/**
 * Starts a long-running child whose output goes to `<logDir>/<name>.log`. Every child started
 * here is stopped by `stopAll()` (Ctrl-C, end of tests).
 */
export function startProcess(name, command, args, { env = {}, cwd, logDir, detachedGroup = true } = {}) {
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const out = fs.openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    detached: detachedGroup,
  });
  child.logFile = logFile;
  child.serviceName = name;
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Stops every child (whole process group), SIGTERM first then SIGKILL after `graceMs`. */
export async function stopAll(graceMs = 8000) {
  const running = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(running.map((child) => stopChild(child, graceMs)));
}

/** Stops one child (its whole process group), SIGTERM first then SIGKILL after `graceMs`. */
export function stopChild(child, graceMs = 8000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        try {
          child.kill(signal);
        } catch {
          /* already gone */
        }
      }
    };
    const timer = setTimeout(() => kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    kill('SIGTERM');
  });
}

/**
 * Sends `signal` to a child's whole process group and resolves once every process of it has exited
 * (Keycloak's start script and its JVM are two processes: killing the script alone leaves the JVM).
 */
export async function killGroup(child, signal) {
  if (!child) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    return; // the group is gone already
  }
  await waitFor(`${child.serviceName} to stop`, () => !processAlive(-child.pid), {
    timeoutMs: 30_000,
    intervalMs: 100,
  });
}

/**
 * A service the stack can kill and start again (the chaos and cluster suites, the soak): `start()`
 * resolves to its child once it is ready; `kill(signal)` ends its whole process group and waits;
 * `restart()` kills it and starts it again on the same data and ports.
 */
export function restartable(name, start) {
  const service = {
    name,
    child: undefined,
    async start() {
      service.child = await start();
      return service.child;
    },
    kill: (signal = 'SIGKILL') => killGroup(service.child, signal),
    async restart() {
      await service.kill('SIGKILL');
      return service.start();
    },
  };
  return service;
}

/**
 * Ctrl-C and SIGTERM run `stop()` once, then exit; returns that shutdown (`shutdown(code)`) for the
 * script's own failures.
 */
export function shutdownOnSignals(stop) {
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    log('stop', 'stopping every service…');
    await stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  return shutdown;
}

/** The start scripts' last screen: what is ready where, and the demo accounts. */
export function printReady(title, rows, accounts) {
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\n${title}\n`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  console.log('\n  Comptes de démonstration');
  for (const [role, account] of Object.entries(accounts)) {
    console.log(`  ${role.padEnd(width)}  ${account.email} / ${account.password}`);
  }
  console.log('\n  Ctrl-C arrête tout ; les données restent dans le dossier ci-dessus.\n');
}

/** Whether a process (or, for a negative id, a process group) still exists. */
export function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command to completion; rejects with its output tail when it fails. */
export function run(command, args, { env = {}, cwd, quiet = false, logFile } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const sink = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
    const onData = (chunk) => {
      output += chunk;
      if (output.length > 200_000) output = output.slice(-100_000);
      sink?.write(chunk);
      if (!quiet) process.stdout.write(chunk);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('close', (code) => {
      sink?.end();
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output.slice(-3000)}`));
    });
  });
}

/** Resolves once `check()` returns true; rejects after `timeoutMs` naming what did not come up. */
export async function waitFor(what, check, { timeoutMs = 120_000, intervalMs = 300, child } = {}) {
  const start = Date.now();
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${what} exited before it was ready (see ${child.logFile})`);
    }
    try {
      if (await check()) return Date.now() - start;
    } catch {
      /* not ready yet */
    }
    if (Date.now() - start > timeoutMs)
      throw new Error(
        `${what} not ready after ${Math.round(timeoutMs / 1000)} s${child ? ` (see ${child.logFile})` : ''}`,
      );
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export async function httpOk(url, { okStatuses } = {}) {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return okStatuses ? okStatuses.includes(response.status) : response.ok;
}

export function tcpOpen(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
