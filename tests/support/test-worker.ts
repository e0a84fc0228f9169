import { createActivities } from '../../activities';
import { loadWorkerConfig } from '../../activities/config';
import { createPaymentActivities } from '../../activities/payments';
import { runWorker } from '../../activities/run-worker';

/**
 * The production worker plus test hooks, for the crash tests' real worker processes.
 * RUSHFLOW_TEST_PROJECT_CREATION_PAUSE_MS: milliseconds the project creation pauses inside its
 * transaction, so a test can SIGKILL the worker there.
 */
const pauseMs = Number(process.env.RUSHFLOW_TEST_PROJECT_CREATION_PAUSE_MS ?? 0);

runWorker(loadWorkerConfig(), (deps) => ({
  ...createActivities(deps),
  ...(pauseMs > 0
    ? createPaymentActivities({
        orm: deps.db!,
        appUrl: deps.appUrl!,
        pauseBeforeProjectInsert: async () => {
          console.log('[worker] project creation paused (test hook)');
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        },
      })
    : {}),
})).catch((error: unknown) => {
  console.error('[test worker] stopped:', error);
  process.exit(1);
});
