// Keycloak in production mode for the cluster profile: several nodes on the one PostgreSQL, sharing
// sessions through Infinispan's distributed cache (JGroups, JDBC-ping discovery over that database).
// Node built-ins only.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REALM, TOOL_CACHE } from '../lib/stack-config.mjs';
import {
  httpOk,
  killGroup,
  log as defaultLog,
  run,
  startProcess,
  stopChild,
  tcpOpen,
  waitFor,
} from '../lib/process.mjs';
import {
  KEYCLOAK_VERSION,
  findJava,
  installCustomisations,
  keycloakJavaEnv,
  provisionKeycloak,
  readRealm,
  stageRealm,
} from './keycloak.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/**
 * The cluster's own install: `kc.sh build` re-augments an install for its options, and the dev and
 * test stacks run `start-dev` on the shared one.
 */
const CLUSTER_HOME = path.join(TOOL_CACHE, 'keycloak-cluster', `keycloak-${KEYCLOAK_VERSION}`);
/** Options fixed at `kc.sh build` time; the nodes then start with `--optimized`. */
const BUILD_OPTIONS = ['--db', 'postgres', '--health-enabled', 'true'];
/** What the install was last built for: the options, the version and its providers/ folder. */
const BUILD_STAMP = path.join(CLUSTER_HOME, '.rushflow-build');

/**
 * Starts one Keycloak node per entry of `nodes` (`{ name, port, managementPort, jgroupsPort }`) on
 * the existing PostgreSQL database `postgres.database` (startPostgres's `databases`), issuing tokens
 * for `hostname` (the public URL, behind a proxy sending X-Forwarded-* headers). The first node imports the realm
 * when the database lacks it, with `realmEnv` resolving the realm file's placeholders (it may also
 * carry KC_BOOTSTRAP_ADMIN_USERNAME/PASSWORD); the others start once it is ready and join its cluster.
 * Each node answers plain HTTP on 127.0.0.1:`port`, health on 127.0.0.1:`managementPort`.
 * A node's `child` is its start script; `kill(signal)` reaches the JVM too (its process group).
 */
export async function startKeycloakCluster({ nodes, postgres, hostname, realmEnv, dataDir, logDir, log = defaultLog }) {
  for (const port of nodes.flatMap((node) => [node.port, node.managementPort, node.jgroupsPort])) {
    if (await tcpOpen(port)) throw new Error(`port ${port} is already in use: stop what listens there`);
  }
  const home = await provisionKeycloak(log, CLUSTER_HOME);
  const java = findJava();
  await installCustomisations({ home, root: ROOT, java });
  await buildIfChanged({ home, java, log });
  stageRealm(home, readRealm(ROOT));

  const startNode = (node, { importRealm }) =>
    startNodeProcess({ home, java, node, postgres, hostname, realmEnv, dataDir, logDir, importRealm, log });
  const [first, ...others] = nodes;
  const started = [await startNode(first, { importRealm: true })];
  started.push(...(await Promise.all(others.map((node) => startNode(node, { importRealm: false })))));

  const handles = started.map((child, index) => {
    const node = nodes[index];
    const handle = {
      name: node.name,
      url: `http://127.0.0.1:${node.port}`,
      child,
      /** Kills the node's script and JVM (SIGKILL: as if its machine died) and resolves once they are gone. */
      kill: (signal = 'SIGKILL') => killGroup(handle.child, signal),
      async stop() {
        await stopChild(handle.child, 15_000);
        // The JVM outlives its script when the script alone was killed.
        await handle.kill('SIGKILL');
      },
      /** Starts the node again (after a kill, say) and resolves once it is ready and in the cluster. */
      async restart() {
        await handle.stop();
        handle.child = await startNode(node, { importRealm: false });
        return handle.child;
      },
    };
    return handle;
  });
  return { nodes: handles, stop: () => Promise.all(handles.map((handle) => handle.stop())) };
}

/**
 * `kc.sh build` when the install was built for other options or other providers. A provider jar newer
 * than the build stops an `--optimized` server, hence its time in the stamp beside its content.
 */
async function buildIfChanged({ home, java, log }) {
  const stamp = createHash('sha256').update(JSON.stringify({ version: KEYCLOAK_VERSION, options: BUILD_OPTIONS }));
  const providers = path.join(home, 'providers');
  for (const name of fs.readdirSync(providers).sort()) {
    const file = path.join(providers, name);
    stamp
      .update(name)
      .update(String(fs.statSync(file).mtimeMs))
      .update(fs.readFileSync(file));
  }
  const built = stamp.digest('hex');
  if (fs.existsSync(BUILD_STAMP) && fs.readFileSync(BUILD_STAMP, 'utf8') === built) return;
  log('keycloak', `building the production server (kc.sh build ${BUILD_OPTIONS.join(' ')})`);
  await run(path.join(home, 'bin', 'kc.sh'), ['build', ...BUILD_OPTIONS], {
    cwd: home,
    env: keycloakJavaEnv(java),
    quiet: true,
  });
  fs.writeFileSync(BUILD_STAMP, built);
}

/** Starts `kc.sh start --optimized` for one node and resolves with its child once it is ready. */
async function startNodeProcess({ home, java, node, postgres, hostname, realmEnv, dataDir, logDir, importRealm, log }) {
  const javaEnv = keycloakJavaEnv(java);
  // Nodes share the install, not their transaction log.
  const transactionLogs = path.join(dataDir, 'keycloak', node.name, 'transaction-logs');
  fs.mkdirSync(transactionLogs, { recursive: true });
  const env = {
    ...javaEnv,
    ...realmEnv,
    JAVA_OPTS_APPEND: [
      javaEnv.JAVA_OPTS_APPEND ?? process.env.JAVA_OPTS_APPEND,
      `-Dquarkus.transaction-manager.object-store.directory=${transactionLogs}`,
    ]
      .filter(Boolean)
      .join(' '),
    KC_DB_USERNAME: postgres.user,
    KC_DB_PASSWORD: postgres.password,
  };
  const args = [
    'start',
    '--optimized',
    ...(importRealm ? ['--import-realm'] : []),
    '--db-url',
    `jdbc:postgresql://${postgres.host}:${postgres.port}/${postgres.database}`,
    '--hostname',
    hostname,
    '--proxy-headers',
    'xforwarded',
    '--http-enabled',
    'true',
    '--http-host',
    '127.0.0.1',
    '--http-port',
    String(node.port),
    '--http-management-port',
    String(node.managementPort),
    '--cache-embedded-network-bind-address',
    '127.0.0.1',
    '--cache-embedded-network-bind-port',
    String(node.jgroupsPort),
    // Names the node in the cluster's views and logs (both nodes run on one host).
    `--spi-cache-embedded--default--node-name=${node.name}`,
  ];
  log('keycloak', `starting node ${node.name} on 127.0.0.1:${node.port}`);
  const started = Date.now();
  const child = startProcess(`keycloak-${node.name}`, path.join(home, 'bin', 'kc.sh'), args, {
    env,
    cwd: home,
    logDir,
  });
  await waitFor(
    `Keycloak node ${node.name}`,
    async () =>
      (await httpOk(`http://127.0.0.1:${node.managementPort}/health/ready`)) &&
      httpOk(`http://127.0.0.1:${node.port}/realms/${REALM}/.well-known/openid-configuration`),
    { timeoutMs: 360_000, intervalMs: 1000, child },
  );
  child.readyAfterMs = Date.now() - started;
  log('keycloak', `node ${node.name} ready in ${Math.round(child.readyAfterMs / 1000)} s`);
  return child;
}
