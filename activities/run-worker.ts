import path from 'node:path';
import { bundleWorkflowCode, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { KeycloakAdminClient } from '../clients/keycloak-admin';
import { createMailTransport } from '../clients/mail';
import { initOrm } from '../db/orm';
import { createS3Client } from '../clients/storage';
import { createStripeClient } from '../clients/stripe-client';
import { untilReachable } from '../clients/until-reachable';
import { TASK_QUEUE } from '../workflows/contracts/common';
import { HEALTH_TASK_QUEUE } from '../workflows/contracts/ping';
import type { WorkerConfig } from './config';
import { keycloakDirectory } from './directory';
import { createActivities, type ActivityDeps } from './index';
import { createPingActivities } from './ping';
import { ensureUploadSweepSchedule } from './upload-sweep-schedule';
import { activityOutcomes, workerTelemetry } from './worker-telemetry';
import { WORKFLOW_INTERCEPTOR_MODULES, workerTracingOptions } from './worker-tracing';
import { processLogger } from '../observability/logger';
import { PinoTemporalLogger } from '../observability/temporal-logger';
import type { Tracing } from '../observability/tracing';

const log = processLogger('worker');

/** The dependencies the configuration names: database, mail, storage, site address, Keycloak and the user directory. */
async function connectDeps(
  config: WorkerConfig,
): Promise<Required<Pick<ActivityDeps, 'db' | 'mail' | 'appUrl'>> & ActivityDeps> {
  const keycloak =
    config.KEYCLOAK_URL && config.KEYCLOAK_API_CLIENT_SECRET
      ? new KeycloakAdminClient({
          url: config.KEYCLOAK_URL,
          realm: config.KEYCLOAK_REALM,
          clientId: config.KEYCLOAK_API_CLIENT_ID,
          clientSecret: config.KEYCLOAK_API_CLIENT_SECRET,
        })
      : undefined;
  const storage = (endpoint: string | undefined) =>
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? createS3Client({
          endpoint,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        })
      : undefined;
  return {
    db: await untilReachable('worker', 'PostgreSQL', () => initOrm(config.DATABASE_URL)),
    mail: { transport: createMailTransport(config.SMTP_URL), from: config.MAIL_FROM },
    appUrl: config.APP_URL,
    stripe: createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE),
    media: {
      ffmpegPath: config.FFMPEG_PATH,
      ffprobePath: config.FFPROBE_PATH,
      fontDir: config.PREVIEW_FONT_DIR,
      x264Preset: config.PREVIEW_X264_PRESET,
    },
    storage: storage(config.S3_ENDPOINT),
    publicStorage: storage(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT),
    keycloak,
    directory: keycloak ? keycloakDirectory(keycloak) : undefined,
  };
}

/**
 * Runs every workflow and activity on task queue `rushflow` until SIGINT/SIGTERM, and beside it the
 * health round trip on its own namespace and task queue. `activities` builds the registered
 * activities from the connected dependencies (a test worker adds its hooks).
 */
export async function runWorker(
  config: WorkerConfig,
  activities: (deps: ActivityDeps) => object = createActivities,
  tracing?: Tracing,
): Promise<void> {
  Runtime.install({
    logger: new PinoTemporalLogger(log),
    // The core's own lines as JSON through the same logger, not in its console format.
    telemetryOptions: { ...workerTelemetry(config), logging: { forward: {} } },
  });
  const connection = await untilReachable('worker', 'Temporal', () =>
    NativeConnection.connect({ address: config.TEMPORAL_ADDRESS }),
  );
  const deps = await connectDeps(config);
  await ensureUploadSweepSchedule(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE);
  // One bundle for both workers: bundling the workflow code is the slow part of a start, so the
  // compiled worker loads the one `npm run build` wrote (scripts/build-server.mjs); from the sources
  // it is made here.
  const workflowBundle = __filename.endsWith('.js')
    ? { codePath: path.join(__dirname, '..', 'workflow-bundle.js') }
    : await bundleWorkflowCode({
        workflowsPath: require.resolve('../workflows'),
        workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
        logger: new PinoTemporalLogger(log),
      });
  const { activityInterceptors, sinks } = workerTracingOptions(tracing);
  const shutdownGraceTime = config.WORKER_SHUTDOWN_GRACE_SECONDS * 1000;
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowBundle,
    shutdownGraceTime,
    stickyQueueScheduleToStartTimeout: config.WORKER_STICKY_QUEUE_TIMEOUT_SECONDS * 1000,
    ...(config.WORKER_MAX_CACHED_WORKFLOWS !== undefined
      ? { maxCachedWorkflows: config.WORKER_MAX_CACHED_WORKFLOWS }
      : {}),
    activities: activities(deps),
    interceptors: { activity: [...activityInterceptors, activityOutcomes(Runtime.instance().metricMeter)] },
    sinks,
  });
  const healthWorker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_HEALTH_NAMESPACE,
    taskQueue: HEALTH_TASK_QUEUE,
    workflowBundle,
    shutdownGraceTime,
    maxCachedWorkflows: 10,
    activities: createPingActivities(),
    sinks,
  });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info(
      { signal, graceSeconds: config.WORKER_SHUTDOWN_GRACE_SECONDS },
      'polling stopped; activities under way may finish',
    );
    worker.shutdown();
    healthWorker.shutdown();
  };
  // A repeated signal changes nothing: the grace time is the bound, and SIGKILL is there to force it.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // The cache of open workflows is most of the worker's memory: its size, for whoever watches it.
  log.info(
    {
      taskQueue: TASK_QUEUE,
      temporalAddress: config.TEMPORAL_ADDRESS,
      healthNamespace: config.TEMPORAL_HEALTH_NAMESPACE,
      maxCachedWorkflows: worker.options.maxCachedWorkflows,
    },
    'polling',
  );
  await Promise.all([worker.run(), healthWorker.run()]);
  await connection.close();
  await deps.db.close();
  // The last spans (the shutdown's own activities) leave before the process does, if the collector takes them.
  await tracing?.shutdown().catch((error: unknown) => log.warn({ err: error }, 'last spans not exported'));
  log.info('stopped');
}
