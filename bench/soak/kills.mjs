// Each dependency killed (SIGKILL) and started again once, spaced across the run, and the api's
// health as the soak watches it meanwhile.
import { clock, log, since, sleep } from './log.mjs';
import { loadAverage } from '../lib/kit.mjs';

/**
 * Killed and started again in this order: the worker and the api early, so their memory is read
 * over the second half; the worker first, as it takes the longest to settle (its cache of open
 * workflows fills within a few minutes at this traffic).
 */
const RESTART_ORDER = ['worker', 'api', 'postgres', 'temporal', 'keycloak', 'minio', 'mail', 'stripeMock'];
export const HEALTH_EVERY_MS = 5_000;

const healthy = (base) =>
  fetch(`${base}/api/health`, { signal: AbortSignal.timeout(4_000) }).then(
    (response) => response.ok,
    () => false,
  );

/** Asks /api/health every 5 s: `health.samples` checks, `health.down` of them not 200. `stop()` ends it. */
export function sampleHealth(base) {
  const health = { samples: 0, down: 0 };
  const timer = setInterval(async () => {
    health.samples += 1;
    if (!(await healthy(base))) health.down += 1;
  }, HEALTH_EVERY_MS);
  return { health, stop: () => clearInterval(timer) };
}

/**
 * Kills each service of the stack once, at even intervals of the run, and notes how long it took
 * to start again and until /api/health said 200 again (watched until `drainEnd`). Resolves with
 * the restarts when every watch has ended.
 */
export async function killEachOnce({ base, services, runStart, runEnd, drainEnd }) {
  const order = RESTART_ORDER.filter((name) => services[name]);
  const skipped = RESTART_ORDER.filter((name) => !services[name]);
  if (skipped.length) log(`not started by the soak (configured as external), not restarted: ${skipped.join(', ')}`);
  const runMs = runEnd - runStart;
  const restarts = [];
  const healthWatches = [];
  const watchHealth = async (entry, started) => {
    while (Date.now() < drainEnd) {
      if (await healthy(base)) {
        entry.healthySeconds = Number(since(started));
        return;
      }
      await sleep(1_000);
    }
  };
  for (const [index, name] of order.entries()) {
    const at = runStart + ((index + 1) * runMs) / (order.length + 1);
    await sleep(Math.max(0, at - Date.now()));
    if (Date.now() >= runEnd) {
      log(`${name}: not restarted, the run is over (the restarts before it took longer than their slots)`);
      continue;
    }
    const started = Date.now();
    const entry = { service: name, atSeconds: Math.round((started - runStart) / 1000), healthySeconds: null };
    restarts.push(entry);
    try {
      await services[name].restart();
      entry.downSeconds = Number(since(started));
      log(
        `${clock(started - runStart)} ${name}: killed (SIGKILL) and started again in ${entry.downSeconds} s; load ${loadAverage()}`,
      );
    } catch (error) {
      entry.error = error.message;
      log(`${clock(started - runStart)} ${name}: did not come back: ${error.message}`);
    }
    healthWatches.push(watchHealth(entry, started));
  }
  await Promise.all(healthWatches);
  return restarts;
}
