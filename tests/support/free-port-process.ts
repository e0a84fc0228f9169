import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback port free right now (another process may take it before ours binds it). */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `count` distinct free loopback ports. */
async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** A process that exited before it was ready: how it ended and its last output. */
class ExitedAtStart extends Error {}

/**
 * Spawns a server and waits until `ready()` says it answers. Its output is kept (the last 2,000
 * characters) for the error, then drained once it is ready. Throws `ExitedAtStart` if the process
 * exits first, an Error if it is not ready within `timeoutMs` (it is then killed).
 */
export async function spawnUntilReady(
  command: string,
  args: string[],
  options: SpawnOptions & { ready: () => Promise<boolean>; timeoutMs: number; what: string },
): Promise<ChildProcess> {
  const { ready, timeoutMs, what, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-2_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const start = Date.now();
  while (child.exitCode === null && child.signalCode === null) {
    if (await ready().catch(() => false)) {
      // Drained from now on, so a full pipe never blocks it.
      child.stdout?.off('data', keep).resume();
      child.stderr?.off('data', keep).resume();
      return child;
    }
    if (Date.now() - start > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not answer within ${timeoutMs / 1000} s; output: ${output.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new ExitedAtStart(`${what} exited (${child.exitCode ?? child.signalCode}); output: ${output.trim()}`);
}

/**
 * Starts a server on `count` free loopback ports. A port found free may be taken by another process
 * (a client connection's local port, another suite's server) before the server binds it; the server
 * then exits, and it is started again on other ports, up to 3 times.
 */
export async function startOnFreePorts<T>(count: number, start: (ports: number[]) => Promise<T>): Promise<T> {
  const failures: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const ports = await freePorts(count);
    try {
      return await start(ports);
    } catch (error) {
      if (!(error instanceof ExitedAtStart)) throw error;
      failures.push(`on ports ${ports.join(', ')}: ${error.message}`);
    }
  }
  throw new Error(`not started after 3 attempts:\n${failures.join('\n')}`);
}

/** Kills a process and waits for its end (nothing to do if it has ended). */
export async function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
