import { loadWorkerConfig } from './config';
import { runWorker } from './run-worker';

/** The worker process (`tsx activities/worker.ts`): every workflow and activity on task queue `rushflow`. */
runWorker(loadWorkerConfig()).catch((error: unknown) => {
  console.error('[worker] stopped:', error);
  process.exit(1);
});
