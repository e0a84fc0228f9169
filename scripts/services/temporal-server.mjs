// The Temporal server in its production configuration, for the cluster profile: built from
// go.temporal.io/server into the tool cache, persistence and visibility on PostgreSQL (the schemas
// applied by Temporal's own SQL tool), the four roles in one process. The dev and test stacks run
// the CLI's `start-dev` instead (scripts/lib/services.mjs). Node built-ins only.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { log as defaultLog, run, startProcess, stopChild, waitFor } from '../lib/process.mjs';
import { ensureGoTool, GO_TOOLS } from '../lib/tools.mjs';
import { SEARCH_ATTRIBUTES } from '../lib/services.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DYNAMIC_CONFIG = path.join(ROOT, 'deploy', 'temporal', 'dynamicconfig.yaml');
/** As deploy/compose.yaml: the shard count is fixed for the life of the database. */
const HISTORY_SHARDS = 64;
const SQL_PLUGIN = 'postgres12';
/** Each database by the folder of its schema under schema/postgresql/v12. */
const DATABASES = { temporal: 'temporal', visibility: 'temporal_visibility' };

/**
 * The server and its SQL tool in the tool cache (built once, minutes), and the PostgreSQL schemas
 * of the same release, from the server's module in Go's module cache (fetched if it is not there).
 */
export async function provisionTemporalServer() {
  const server = await ensureGoTool('temporal-server', 'provision');
  const sqlTool = await ensureGoTool('temporal-sql-tool', 'provision');
  const { module, toolchain } = GO_TOOLS['temporal-server'];
  const serverModule = module.replace('/cmd/server@', '@');
  const download = await run('go', ['mod', 'download', '-json', serverModule], {
    env: { GOTOOLCHAIN: toolchain, GOFLAGS: '-mod=mod' },
    quiet: true,
  });
  return { server, sqlTool, schemaDir: path.join(JSON.parse(download).Dir, 'schema', 'postgresql', 'v12') };
}

/**
 * Creates `temporal` and `temporal_visibility` when missing and brings their schemas up to date:
 * the version tables, then every versioned step not applied yet. Safe on every start.
 */
export async function prepareTemporalDatabases({ sqlTool, schemaDir, postgres, log = defaultLog }) {
  const start = Date.now();
  for (const [schema, database] of Object.entries(DATABASES)) {
    const sql = (args) =>
      run(sqlTool, args, {
        quiet: true,
        env: {
          SQL_PLUGIN,
          SQL_HOST: postgres.host,
          SQL_PORT: String(postgres.port),
          SQL_USER: postgres.user,
          SQL_PASSWORD: postgres.password,
          SQL_DATABASE: database,
        },
      });
    await sql(['create-database', '--defaultdb', 'postgres']);
    await sql(['setup-schema', '-v', '0.0']);
    await sql(['update-schema', '-d', path.join(schemaDir, schema, 'versioned')]);
  }
  log('temporal', `databases ${Object.values(DATABASES).join(' and ')} ready in ${Date.now() - start} ms`);
}

/** The server's configuration: production settings, each role on its own loopback port. */
function serverConfig({ ports, postgres }) {
  const store = (databaseName, maxConns) => ({
    sql: {
      pluginName: SQL_PLUGIN,
      databaseName,
      connectAddr: `${postgres.host}:${postgres.port}`,
      connectProtocol: 'tcp',
      user: postgres.user,
      password: postgres.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  const role = (grpcPort, membershipPort) => ({ rpc: { grpcPort, membershipPort, bindOnLocalHost: true } });
  const [frontendMembership, historyMembership, matchingMembership, workerMembership] = ports.membership;
  return {
    log: { stdout: true, level: 'warn' },
    persistence: {
      defaultStore: 'default',
      visibilityStore: 'visibility',
      numHistoryShards: HISTORY_SHARDS,
      // The pool sizes of deploy/compose.yaml (PostgreSQL's connection budget is counted there).
      datastores: { default: store(DATABASES.temporal, 15), visibility: store(DATABASES.visibility, 5) },
    },
    global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
    services: {
      frontend: role(ports.frontend, frontendMembership),
      history: role(ports.history, historyMembership),
      matching: role(ports.matching, matchingMembership),
      worker: role(ports.worker, workerMembership),
    },
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: `127.0.0.1:${ports.frontend}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: DYNAMIC_CONFIG, pollInterval: '60s' },
  };
}

/** The Temporal CLI (the dev stack's tool) answers the health checks and the namespace calls. */
async function temporalCli() {
  return ensureGoTool('temporal', 'provision');
}

/**
 * Starts `temporal-server start` on `<dataDir>/temporal-server.yaml` (written on every start,
 * JSON being YAML) and resolves once the frontend reports SERVING.
 */
export async function startTemporalServer({ server, dataDir, logDir, ports, postgres, log = defaultLog }) {
  const start = Date.now();
  fs.mkdirSync(dataDir, { recursive: true });
  const configFile = path.join(dataDir, 'temporal-server.yaml');
  // It holds the database password: readable by its owner only.
  fs.writeFileSync(configFile, `${JSON.stringify(serverConfig({ ports, postgres }), null, 2)}\n`, { mode: 0o600 });
  // No authorizer: the frontend listens on loopback only, as the dev server does.
  const child = startProcess('temporal-server', server, ['--config-file', configFile, '--allow-no-auth', 'start'], {
    logDir,
  });
  const address = `127.0.0.1:${ports.frontend}`;
  const cli = await temporalCli();
  await waitFor(
    'Temporal server',
    () =>
      run(cli, ['operator', 'cluster', 'health', '--address', address, '--command-timeout', '5s'], {
        quiet: true,
      }).then(() => true),
    { child, timeoutMs: 120_000, intervalMs: 500 },
  );
  log('temporal', `Temporal server serving on ${address} in ${Date.now() - start} ms`);
  return { child, address, stop: () => stopChild(child, 15_000) };
}

/**
 * The namespaces (the first is the product's, its closed workflows kept 30 days; the others a day,
 * as deploy/temporal/setup-namespaces.sh) and the product's search attributes on the first.
 * What exists already is left as it is.
 */
export async function registerNamespaces({
  address,
  namespaces = ['default', 'rushflow-health'],
  searchAttributes = SEARCH_ATTRIBUTES,
  log = defaultLog,
}) {
  const cli = await temporalCli();
  const temporal = (args) => run(cli, [...args, '--address', address], { quiet: true });
  for (const [index, namespace] of namespaces.entries()) {
    const exists = await temporal(['operator', 'namespace', 'describe', '--namespace', namespace]).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    await temporal([
      'operator',
      'namespace',
      'create',
      '--namespace',
      namespace,
      '--retention',
      index === 0 ? '720h' : '24h',
    ]);
    // The frontend serves a new namespace once its namespace cache refreshes (every 10 s).
    const ms = await waitFor(`namespace ${namespace}`, () =>
      temporal(['operator', 'search-attribute', 'list', '--namespace', namespace]).then(() => true),
    );
    log('temporal', `namespace ${namespace} created, served after ${ms} ms`);
  }
  for (const [name, type] of Object.entries(searchAttributes)) {
    await temporal([
      'operator',
      'search-attribute',
      'create',
      '--namespace',
      namespaces[0],
      '--name',
      name,
      '--type',
      type,
    ]);
  }
}
