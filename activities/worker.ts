import { startFailure } from '../db/production-settings';
import { loadWorkerConfig } from './config';
import { runWorker } from './run-worker';

/**
 * The worker process (`node dist/activities/worker.js`, or `tsx activities/worker.ts` from the
 * sources): every workflow and activity on task queue `rushflow`. Once SIGINT/SIGTERM has let its
 * activities finish and it has closed its connections, it exits 0, whatever idle socket is left.
 */
Promise.resolve()
  .then(() => runWorker(loadWorkerConfig()))
  .then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('[worker] stopped:', startFailure(error));
      process.exit(1);
    },
  );
