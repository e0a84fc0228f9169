// First: tracing instruments the modules the others load.
import { tracing } from './start-tracing';
import { startFailureFields } from '../db/production-settings';
import { processLogger } from '../observability/logger';
import { loadWorkerConfig } from './config';
import { runWorker } from './run-worker';

/**
 * The worker process (`node dist/activities/worker.js`, or `tsx activities/worker.ts` from the
 * sources): every workflow and activity on task queue `rushflow`. Once SIGINT/SIGTERM has let its
 * activities finish and it has closed its connections, it exits 0, whatever idle socket is left.
 */
Promise.resolve()
  .then(() => runWorker(loadWorkerConfig(), undefined, tracing))
  .then(
    () => process.exit(0),
    (error: unknown) => {
      processLogger('worker').error(startFailureFields(error), 'stopped');
      process.exit(1);
    },
  );
