// The production topology on one machine, with no Docker (`npm run start:cluster`, the `cluster`
// suite of `npm test`, `npm run bench:cluster`). One PostgreSQL holds the app's, Temporal's and
// Keycloak's databases; the Temporal server runs in its production configuration on it; two
// Keycloak nodes share their sessions; two apis and two workers run from the compiled build; Caddy
// terminates https in front of the apis, the Keycloak nodes and the Temporal UI (behind Keycloak's
// sign-in, admins only) with its own certificate authority.
import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';
import { ensureFrontendBuilt, ensureServerBuilt, killPostgres, prepareStack, provisionTools, ROOT } from './stack.mjs';
import { stackConfig } from './stack-config.mjs';
import { log, restartable, startProcess, stopAll, tcpOpen, waitFor } from './process.mjs';
import { ensureGoTool } from './tools.mjs';
import { startApi, startMailServer, startMinio, startStripeMock, startWorker } from './services.mjs';
import { startKeycloakCluster } from '../services/keycloak-cluster.mjs';
import { realmPlaceholders } from '../services/keycloak.mjs';
import { startPostgres } from '../services/postgres.mjs';
import { provisionTemporalUi, startTemporalUi, temporalUiCaddySite } from '../services/temporal-ui.mjs';
import {
  prepareTemporalDatabases,
  provisionTemporalServer,
  registerNamespaces,
  startTemporalServer,
} from '../services/temporal-server.mjs';

const INSTANCES = [1, 2];

/**
 * What the cluster suite changes from production settings: its 200 live streams belong to two
 * accounts (the demo client and the demo editor), 100 each, beside the client's signed-in browser
 * page: 110 an account instead of 5 (past the cap, the account's oldest stream is closed).
 */
export const CLUSTER_SUITE_ENV = { LIVE_STREAMS_PER_ACCOUNT: '110' };

/**
 * deploy/Caddyfile's front door on loopback: the apis and the Keycloak nodes are listed, not looked
 * up, and certificates come from Caddy's local authority instead of ACME. Each api is checked every
 * second on `/api/config`, which answers while the process serves: `/api/health` turns 503 when a
 * shared dependency (Temporal, Keycloak) is down, which would take every api out at once.
 */
function caddyfile({ ports, env }) {
  const upstreams = (names) => names.map((name) => `127.0.0.1:${ports[name]}`).join(' ');
  return `# Written by scripts/lib/cluster.mjs on every start (deploy/Caddyfile's directives).
{
	admin 127.0.0.1:${ports.caddyAdmin}
	# The root certificate stays in this folder: nothing is added to the system's trust store.
	local_certs
	skip_install_trust
	auto_https disable_redirects
	default_bind 127.0.0.1 [::1]
}

https://localhost:${ports.app} {
	tls internal
	# The apis' metrics are for Prometheus, which scrapes each api directly: not served through Caddy.
	respond /metrics 404
	# The live stream (SSE) is left uncompressed so each event leaves at once.
	@compressible not path /api/events
	encode @compressible zstd gzip

	reverse_proxy ${upstreams(['api1', 'api2'])} {
		lb_policy round_robin
		health_uri /api/config
		health_interval 1s
		health_timeout 2s
		# A request that finds an api dead is tried on the other, which then carries the load alone.
		fail_duration 30s
		lb_try_duration 5s
		# Events are written to the browser as the api sends them, never buffered.
		flush_interval -1
	}
}

https://localhost:${ports.auth} {
	tls internal
	encode zstd gzip
	# Both Keycloak nodes; they share sessions, so any node can answer.
	reverse_proxy ${upstreams(['keycloak1', 'keycloak2'])} {
		lb_policy round_robin
		health_uri /realms/${env.KEYCLOAK_REALM}/.well-known/openid-configuration
		health_interval 2s
		health_timeout 2s
		fail_duration 30s
		lb_try_duration 5s
	}
}
${temporalUiCaddySite({ port: ports.temporalUi, upstreamPort: ports.temporalUiServer })}`;
}

/** Caddy, with its configuration and its data (the local authority's keys) in the cluster's folder. */
async function startCaddy({ config, logDir, caddyBin }) {
  const home = path.join(config.dataDir, 'caddy');
  const file = path.join(home, 'Caddyfile');
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(file, caddyfile(config));
  const child = startProcess('caddy', caddyBin, ['run', '--config', file, '--adapter', 'caddyfile'], {
    logDir,
    env: { XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config') },
  });
  const rootCertificate = path.join(home, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  await waitFor('Caddy', async () => fs.existsSync(rootCertificate) && tcpOpen(config.ports.app), {
    child,
    timeoutMs: 30_000,
  });
  return { child, rootCertificate };
}

/** An https GET trusting `ca` (this process started before Caddy's authority existed). */
function httpsStatus(url, ca) {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca, timeout: 10_000 }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/**
 * Provisions and starts the whole cluster of `profile` ("cluster" for `npm run start:cluster`,
 * "cluster-test" for the suite and the bench: ports and data folder of its own; `fresh` wipes its
 * data first; `env`: settings every api and worker gets on top of the profile's). Resolves to
 * `{ config, logDir, accounts, rootCertificate, bootSeconds, services, stop }`: `services` has one
 * entry per instance (`api1`, `api2`, `worker1`, `worker2`, `temporal`, `keycloak1`, `keycloak2`,
 * `postgres`, `temporalUi`), each with `kill(signal)` and `restart()` (on the same data and ports).
 */
export async function bringUpCluster(profile = 'cluster', { fresh = false, env: extraEnv = {} } = {}) {
  const started = Date.now();
  const config = stackConfig(profile, ROOT);
  Object.assign(config.env, extraEnv);
  if (fresh) fs.rmSync(config.dataDir, { recursive: true, force: true });
  const logDir = path.join(config.dataDir, 'logs');
  fs.mkdirSync(logDir, { recursive: true });

  const tools = await provisionTools();
  log('provision', 'caddy');
  const caddyBin = await ensureGoTool('caddy', 'provision');
  log('provision', 'temporal server');
  const temporalServer = await provisionTemporalServer();
  log('provision', 'temporal ui server');
  const temporalUiBin = await provisionTemporalUi();
  await ensureFrontendBuilt();
  await ensureServerBuilt();

  // Temporal keeps its members' ports in a PostgreSQL smallint: a larger offset stops its server.
  const membership = Object.entries(config.ports).filter(([name]) => name.startsWith('temporalMembership'));
  if (membership.some(([, port]) => port > 32_767)) {
    throw new Error(
      `RUSHFLOW_PORT_OFFSET puts Temporal's membership ports past 32767 (${membership.map(([, port]) => port).join(', ')}): choose a smaller offset.`,
    );
  }
  const busy = [];
  for (const [name, port] of Object.entries(config.ports)) if (await tcpOpen(port)) busy.push(`${name} (${port})`);
  if (busy.length) {
    throw new Error(
      `ports already in use: ${busy.join(', ')}. Another Rushflow cluster (${profile}) may be running: stop it first.`,
    );
  }

  const services = {};
  let keycloak;
  const stop = async () => {
    await stopAll(15_000);
    await keycloak?.stop().catch(() => {});
    await services.postgres?.kill('SIGTERM').catch(() => {});
  };
  try {
    log('services', `starting on loopback (logs in ${logDir})…`);
    const timed = async (name, starter) => {
      const t0 = Date.now();
      const result = await starter();
      log('services', `${name} ready (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      return result;
    };
    const pgLog = fs.createWriteStream(path.join(logDir, 'postgres.log'), { flags: 'a' });
    const startPg = () =>
      startPostgres({ config, onLog: (message) => pgLog.write(String(message)), databases: ['keycloak'] });
    services.postgres = {
      kill: (signal = 'SIGKILL') => killPostgres(config, signal),
      async restart() {
        await killPostgres(config, 'SIGKILL');
        await startPg();
      },
    };
    await timed('PostgreSQL', startPg);
    const database = new URL(config.env.DATABASE_URL);
    const pgAccess = {
      host: database.hostname,
      port: Number(database.port),
      user: decodeURIComponent(database.username),
      password: decodeURIComponent(database.password),
    };
    const { ports } = config;
    services.temporal = restartable(
      'temporal',
      async () =>
        (
          await startTemporalServer({
            server: temporalServer.server,
            dataDir: path.join(config.dataDir, 'temporal'),
            logDir,
            ports: {
              frontend: ports.temporal,
              history: ports.temporalHistory,
              matching: ports.temporalMatching,
              worker: ports.temporalWorker,
              membership: [1, 2, 3, 4].map((index) => ports[`temporalMembership${index}`]),
            },
            postgres: pgAccess,
          })
        ).child,
    );
    const [caddy] = await Promise.all([
      timed('Caddy', () => startCaddy({ config, logDir, caddyBin })),
      timed('MinIO', () => startMinio({ config, logDir, minioBin: tools.minio })),
      timed('mail server', () => startMailServer({ config, logDir, root: ROOT })),
      timed('stripe-mock', () => startStripeMock({ config, logDir, stripeMockBin: tools.stripeMock })),
      timed('Temporal server', async () => {
        await prepareTemporalDatabases({ ...temporalServer, postgres: pgAccess });
        await services.temporal.start();
        await registerNamespaces({ address: config.env.TEMPORAL_ADDRESS });
      }),
      timed('Keycloak (2 nodes)', async () => {
        keycloak = await startKeycloakCluster({
          nodes: INSTANCES.map((index) => ({
            name: `keycloak-${index}`,
            port: ports[`keycloak${index}`],
            managementPort: ports[`keycloakManagement${index}`],
            jgroupsPort: ports[`keycloakJgroups${index}`],
          })),
          postgres: { ...pgAccess, database: 'keycloak' },
          hostname: config.env.KEYCLOAK_URL,
          realmEnv: {
            ...realmPlaceholders(config),
            KC_BOOTSTRAP_ADMIN_USERNAME: config.env.KEYCLOAK_ADMIN_USER,
            KC_BOOTSTRAP_ADMIN_PASSWORD: config.env.KEYCLOAK_ADMIN_PASSWORD,
          },
          dataDir: path.join(config.dataDir, 'keycloak'),
          logDir,
        });
        keycloak.nodes.forEach((node, index) => (services[`keycloak${INSTANCES[index]}`] = node));
      }),
    ]);
    // The apis, the workers and the preparation reach Keycloak at its public https URL, through
    // Caddy (either node answers), so they trust Caddy's local authority.
    config.env.NODE_EXTRA_CA_CERTS = caddy.rootCertificate;
    // It reads the realm's discovery document as it starts: after Keycloak and Caddy.
    services.temporalUi = restartable('temporalUi', async () => {
      const { child } = await startTemporalUi({
        bin: temporalUiBin,
        port: ports.temporalUiServer,
        temporalAddress: config.env.TEMPORAL_ADDRESS,
        publicUrl: config.env.TEMPORAL_UI_URL,
        keycloakIssuerUrl: `${config.env.KEYCLOAK_URL}/realms/${config.env.KEYCLOAK_REALM}`,
        clientId: 'rushflow-temporal-ui',
        clientSecret: realmPlaceholders(config).TEMPORAL_UI_CLIENT_SECRET,
        caFile: caddy.rootCertificate,
        defaultNamespace: config.env.TEMPORAL_NAMESPACE,
        dataDir: path.join(config.dataDir, 'temporal-ui'),
        logDir,
      });
      return child;
    });
    await timed('Temporal UI', () => services.temporalUi.start());

    const accounts = await prepareStack(config.env, logDir);

    for (const index of INSTANCES) {
      services[`worker${index}`] = restartable(`worker${index}`, () =>
        startWorker({
          config,
          logDir,
          root: ROOT,
          compiled: true,
          name: `worker-${index}`,
          env: { WORKER_METRICS_PORT: String(ports[`worker${index}Metrics`]) },
        }),
      );
      await services[`worker${index}`].start();
    }
    await Promise.all(
      INSTANCES.map((index) => {
        const api = restartable(`api${index}`, () =>
          startApi({ config, logDir, root: ROOT, compiled: true, name: `api-${index}`, port: ports[`api${index}`] }),
        );
        services[`api${index}`] = api;
        return timed(`api ${index}`, () => api.start());
      }),
    );
    const ca = fs.readFileSync(caddy.rootCertificate);
    await waitFor('health through Caddy', async () => (await httpsStatus(`${config.appUrl}/api/health`, ca)) === 200, {
      timeoutMs: 90_000,
    });
    const bootSeconds = (Date.now() - started) / 1000;
    return { config, logDir, accounts, rootCertificate: caddy.rootCertificate, bootSeconds, services, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
