import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { keycloakDirectory } from '../../activities/directory';
import { KeycloakAdminClient } from '../../clients/keycloak-admin';
import type { UserDirectory } from '../../activities/project';
import { createApp, type AppDeps } from '../../api/app';
import { buildAppDeps } from '../../api/bootstrap';
import { loadConfig, type ApiConfig } from '../../api/config';
import { createMailTransport } from '../../clients/mail';
import { createS3Client } from '../../clients/storage';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { createScratchDatabase } from './brief-scratch-db';
import { TestMailServer } from './mail-server';
import { listenOnLoopback } from './own-api';
import { ensureNamespace } from './temporal-namespace';

export interface InProcessStack {
  config: ApiConfig;
  db: Awaited<ReturnType<typeof createScratchDatabase>>;
  mail: TestMailServer;
  /** The app's wiring: a test may swap a part of it (the routes read it at each request). */
  deps: AppDeps;
  directory: UserDirectory;
  baseUrl: string;
  temporal: Client;
  stop(): Promise<void>;
}

/**
 * The api and a worker in this test process, on the stack's PostgreSQL (a scratch database),
 * Temporal (a namespace of the suite's own, which the stack's worker never polls), storage and
 * Keycloak (the real user directory), with a MailDev of the suite's own.
 */
export async function startInProcessStack(options: {
  database: string;
  namespace: string;
  /** Replaces parts of the wiring (e.g. the token check); the real one is kept otherwise. */
  adjust?: (deps: AppDeps) => AppDeps;
}): Promise<InProcessStack> {
  const baseConfig = loadConfig();
  const [db, mail] = await Promise.all([createScratchDatabase(options.database), TestMailServer.start()]);
  const connection = await Connection.connect({ address: baseConfig.TEMPORAL_ADDRESS });
  await ensureNamespace(connection, options.namespace);
  const temporal = new Client({ connection, namespace: options.namespace });

  const config: ApiConfig = {
    ...baseConfig,
    DATABASE_URL: db.url,
    TEMPORAL_NAMESPACE: options.namespace,
    SMTP_URL: mail.smtpUrl,
  };
  const built = buildAppDeps(config, db.orm);
  const deps = options.adjust ? options.adjust(built) : built;
  const { base: baseUrl, close: closeServer } = await listenOnLoopback(createApp(deps));

  const keycloak = new KeycloakAdminClient({
    url: config.KEYCLOAK_URL,
    realm: config.KEYCLOAK_REALM,
    clientId: config.KEYCLOAK_API_CLIENT_ID,
    clientSecret: config.KEYCLOAK_API_CLIENT_SECRET,
  });
  const directory = keycloakDirectory(keycloak);
  const storage = (endpoint: string | undefined) =>
    createS3Client({
      endpoint,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  const workerConnection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection: workerConnection,
    namespace: options.namespace,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities({
      db: db.orm,
      mail: { transport: createMailTransport(mail.smtpUrl), from: config.MAIL_FROM },
      appUrl: config.APP_URL,
      directory,
      keycloak,
      storage: storage(config.S3_ENDPOINT),
      publicStorage: storage(config.S3_PUBLIC_ENDPOINT ?? config.S3_ENDPOINT),
    }),
  });
  const workerRun = worker.run();

  return {
    config,
    db,
    mail,
    deps,
    directory,
    baseUrl,
    temporal,
    async stop() {
      worker.shutdown();
      await workerRun.catch(() => undefined);
      await workerConnection.close();
      await deps.closeTemporal();
      await connection.close();
      await closeServer();
      await mail.stop();
      await db.drop();
    },
  };
}

/** A JSON request to the in-process api. */
export async function callApi(
  stack: Pick<InProcessStack, 'baseUrl'>,
  path: string,
  { method = 'POST', body, headers = {} }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}
