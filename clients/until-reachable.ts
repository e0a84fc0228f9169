import { processLogger, type ServiceName } from '../observability/logger';

/** How long a starting process (api, worker) waits for a dependency before it gives up. */
const CONNECT_PATIENCE_MS = 120_000;

/**
 * `connect()` tried again with backoff (1, 2, 4… 10 s) until it succeeds: a dependency restarting
 * while the api or the worker starts delays the start instead of ending the process; after
 * CONNECT_PATIENCE_MS the last error is thrown. `who` is the process that logs the attempts.
 */
export async function untilReachable<T>(who: ServiceName, what: string, connect: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + CONNECT_PATIENCE_MS;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await connect();
    } catch (error) {
      const delay = Math.min(10_000, 1_000 * 2 ** attempt);
      if (Date.now() + delay > giveUpAt) throw error;
      processLogger(who).warn({ err: error, dependency: what, retryInS: delay / 1000 }, 'dependency unreachable');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
