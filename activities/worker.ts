import { NativeConnection, Worker } from '@temporalio/worker';
import { TASK_QUEUE } from '../workflows/contracts/common';
import { createActivities } from './index';
import { loadWorkerConfig } from './config';

/** The worker process: runs every workflow and activity on task queue `rushflow`. */
async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../workflows'),
    activities: createActivities(),
  });
  const stop = () => worker.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`[worker] polling task queue ${TASK_QUEUE} on ${config.TEMPORAL_ADDRESS}`);
  await worker.run();
  await connection.close();
}

main().catch((error) => {
  console.error('[worker] stopped:', error);
  process.exit(1);
});
