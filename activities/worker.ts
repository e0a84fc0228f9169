import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { initOrm } from '../api/db/orm';
import { createMailTransport } from '../api/lib/mailer';
import { createS3Client } from '../api/lib/storage';
import { TASK_QUEUE } from '../workflows/contracts/common';
import { keycloakDirectory } from './directory';
import { createActivities } from './index';
import { loadWorkerConfig } from './config';

/** The worker process: runs every workflow and activity on task queue `rushflow`. */
async function main(): Promise<void> {
  const config = loadWorkerConfig();
  Runtime.install({ logger: new DefaultLogger(config.LOG_LEVEL) });
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const orm = await initOrm(config.DATABASE_URL);
  const brief = { orm, mailTransport: createMailTransport(config.SMTP_URL), mailFrom: config.MAIL_FROM, appUrl: config.APP_URL };
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../workflows'),
    ...(config.WORKER_MAX_CACHED_WORKFLOWS !== undefined ? { maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS } : {}),
    activities: createActivities({
      directory:
        config.KEYCLOAK_URL && config.KEYCLOAK_API_CLIENT_SECRET
          ? keycloakDirectory({ url: config.KEYCLOAK_URL, realm: config.KEYCLOAK_REALM, clientId: config.KEYCLOAK_API_CLIENT_ID, clientSecret: config.KEYCLOAK_API_CLIENT_SECRET })
          : undefined,
      s3:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? createS3Client({ endpoint: config.S3_ENDPOINT, region: config.S3_REGION, accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY })
          : undefined,
      brief,
      pauseBeforeProjectInsert: config.RUSHFLOW_TEST_PROJECT_CREATION_PAUSE_MS
        ? async () => {
            console.log('[worker] project creation paused (test hook)');
            await new Promise((resolve) => setTimeout(resolve, config.RUSHFLOW_TEST_PROJECT_CREATION_PAUSE_MS));
          }
        : undefined,
    }),
  });
  const stop = () => worker.shutdown();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(`[worker] polling task queue ${TASK_QUEUE} on ${config.TEMPORAL_ADDRESS}`);
  await worker.run();
  await connection.close();
  await orm.close();
}

main().catch((error) => {
  console.error('[worker] stopped:', error);
  process.exit(1);
});
