import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { ApiConfig } from '../../api/config';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Real worker processes (`tsx tests/support/test-worker.ts`: the production worker plus test hooks) for crash tests: each in its own process
 * group, so a SIGKILL reaches tsx's node child too; whatever is still running is stopped at the end.
 */
export class WorkerProcesses {
  private readonly children: ChildProcess[] = [];

  constructor(
    private readonly config: () => Pick<
      ApiConfig,
      'DATABASE_URL' | 'TEMPORAL_ADDRESS' | 'TEMPORAL_NAMESPACE' | 'SMTP_URL' | 'APP_URL'
    >,
  ) {}

  start(extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
    const config = this.config();
    let output = '';
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['tests/support/test-worker.ts'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL: config.DATABASE_URL,
        TEMPORAL_ADDRESS: config.TEMPORAL_ADDRESS,
        TEMPORAL_NAMESPACE: config.TEMPORAL_NAMESPACE,
        SMTP_URL: config.SMTP_URL,
        APP_URL: config.APP_URL,
        LOG_LEVEL: 'WARN',
        // The stack's worker holds the metrics port: a second one binding it would stop at its start.
        WORKER_METRICS_PORT: '',
        ...extraEnv,
      },
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    this.children.push(child);
    return { child, output: () => output };
  }

  /** SIGKILL, as a crash would: no shutdown, no drained tasks. */
  async kill(child: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
  }

  async stopAll(): Promise<void> {
    for (const child of this.children) {
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
  }
}
