#!/usr/bin/env node
// `npm run start:cluster`: the production topology on one machine, with no Docker, beside `npm start`
// (profile "cluster": ports and data folder of its own). One PostgreSQL holds the app's, Temporal's
// and Keycloak's databases; the Temporal server runs in its production configuration on it; two
// Keycloak nodes share their sessions; two apis and two workers run from the compiled build; Caddy
// terminates https in front of the apis and the Keycloak nodes with its own certificate authority.
import https from 'node:https';
import fs from 'node:fs';
import path from 'node:path';
import {
  ensureFrontendBuilt,
  ensureNodeModules,
  ensureServerBuilt,
  prepareStack,
  provisionTools,
  ROOT,
} from './lib/stack.mjs';
import { stackConfig } from './lib/stack-config.mjs';
import { log, startProcess, stopAll, tcpOpen, waitFor } from './lib/process.mjs';
import { onPinnedNode } from './lib/runtime.mjs';
import { ensureGoTool } from './lib/tools.mjs';
import { startApi, startMailServer, startMinio, startStripeMock, startWorker } from './lib/services.mjs';
import { startKeycloakCluster } from './services/keycloak-cluster.mjs';
import { realmPlaceholders } from './services/keycloak.mjs';
import { startPostgres } from './services/postgres.mjs';
import {
  prepareTemporalDatabases,
  provisionTemporalServer,
  registerNamespaces,
  startTemporalServer,
} from './services/temporal-server.mjs';

await ensureNodeModules();
await onPinnedNode(ROOT);

const INSTANCES = [1, 2];

/**
 * deploy/Caddyfile's front door on loopback: the apis and the Keycloak nodes are listed, not looked
 * up, and certificates come from Caddy's local authority instead of ACME. Each api is checked every
 * second on `/api/config`, which answers while the process serves: `/api/health` turns 503 when a
 * shared dependency (Temporal, Keycloak) is down, which would take every api out at once.
 */
function caddyfile({ ports, env }) {
  const upstreams = (names) => names.map((name) => `127.0.0.1:${ports[name]}`).join(' ');
  return `# Written by scripts/start-cluster.mjs on every start (deploy/Caddyfile's directives).
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
`;
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

const t0 = Date.now();
const config = stackConfig('cluster', ROOT);
const logDir = path.join(config.dataDir, 'logs');
fs.mkdirSync(logDir, { recursive: true });
let postgres;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stop', 'stopping every service…');
  await stopAll(15_000);
  await postgres?.stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const tools = await provisionTools();
  log('provision', 'caddy');
  const caddyBin = await ensureGoTool('caddy', 'provision');
  log('provision', 'temporal server');
  const temporalServer = await provisionTemporalServer();
  await ensureFrontendBuilt();
  await ensureServerBuilt();

  const busy = [];
  for (const [name, port] of Object.entries(config.ports)) if (await tcpOpen(port)) busy.push(`${name} (${port})`);
  if (busy.length) {
    throw new Error(
      `ports already in use: ${busy.join(', ')}. Another Rushflow cluster may be running: stop it first.`,
    );
  }

  log('services', `starting on loopback (logs in ${logDir})…`);
  const timed = async (name, starter) => {
    const started = Date.now();
    const result = await starter();
    log('services', `${name} ready (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  };
  const pgLog = fs.createWriteStream(path.join(logDir, 'postgres.log'), { flags: 'a' });
  postgres = await timed('PostgreSQL', () =>
    startPostgres({ config, onLog: (message) => pgLog.write(String(message)), databases: ['keycloak'] }),
  );
  const database = new URL(config.env.DATABASE_URL);
  const pgAccess = {
    host: database.hostname,
    port: Number(database.port),
    user: decodeURIComponent(database.username),
    password: decodeURIComponent(database.password),
  };
  const { ports } = config;
  const [caddy] = await Promise.all([
    timed('Caddy', () => startCaddy({ config, logDir, caddyBin })),
    timed('MinIO', () => startMinio({ config, logDir, minioBin: tools.minio })),
    timed('mail server', () => startMailServer({ config, logDir, root: ROOT })),
    timed('stripe-mock', () => startStripeMock({ config, logDir, stripeMockBin: tools.stripeMock })),
    timed('Temporal server', async () => {
      await prepareTemporalDatabases({ ...temporalServer, postgres: pgAccess });
      const { address } = await startTemporalServer({
        server: temporalServer.server,
        dataDir: path.join(config.dataDir, 'temporal'),
        logDir,
        ports: {
          frontend: ports.temporal,
          history: ports.temporalHistory,
          matching: ports.temporalMatching,
          worker: ports.temporalWorker,
          membership: [1, 2, 3, 4].map((index) => ports[`temporalMembership${index}`]),
          ui: ports.temporalUi,
        },
        postgres: pgAccess,
      });
      await registerNamespaces({ address });
    }),
    timed('Keycloak (2 nodes)', () =>
      startKeycloakCluster({
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
      }),
    ),
  ]);
  // The apis, the workers and the preparation reach Keycloak at its public https URL, through Caddy
  // (either node answers), so they trust Caddy's local authority.
  const trustCaddy = { NODE_EXTRA_CA_CERTS: caddy.rootCertificate };

  const accounts = await prepareStack({ ...config.env, ...trustCaddy }, logDir);

  for (const index of INSTANCES) {
    await startWorker({ config, logDir, root: ROOT, compiled: true, name: `worker-${index}`, env: trustCaddy });
  }
  await Promise.all(
    INSTANCES.map((index) =>
      timed(`api ${index}`, () =>
        startApi({
          config,
          logDir,
          root: ROOT,
          compiled: true,
          name: `api-${index}`,
          port: ports[`api${index}`],
          env: trustCaddy,
        }),
      ),
    ),
  );
  const ca = fs.readFileSync(caddy.rootCertificate);
  const healthUrl = `${config.appUrl}/api/health`;
  await waitFor('health through Caddy', async () => (await httpsStatus(healthUrl, ca)) === 200, {
    timeoutMs: 90_000,
  });

  const rows = [
    ['Application', `${config.appUrl}  (Caddy → api ${ports.api1}, ${ports.api2})`],
    ['Santé (api)', healthUrl],
    [
      'Keycloak admin',
      `${config.env.KEYCLOAK_URL}/admin/  (${config.env.KEYCLOAK_ADMIN_USER} / ${config.env.KEYCLOAK_ADMIN_PASSWORD})`,
    ],
    ['Temporal', `${config.env.TEMPORAL_ADDRESS}  (serveur, base PostgreSQL temporal)`],
    ['E-mails (web)', config.env.MAIL_UI_URL],
    [
      'S3 console',
      `${config.env.S3_CONSOLE_URL}  (${config.env.S3_ACCESS_KEY_ID} / ${config.env.S3_SECRET_ACCESS_KEY})`,
    ],
    ['Stripe', `stripe-mock ${config.env.STRIPE_API_BASE}`],
    ['Autorité https', `${caddy.rootCertificate}  (curl --cacert, NODE_EXTRA_CA_CERTS, ou à importer)`],
    ['Données', `${config.dataDir}  (secrets : secrets.env)`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nRushflow (cluster) est prêt en ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  console.log('\n  Comptes de démonstration');
  for (const [role, account] of Object.entries(accounts)) {
    console.log(`  ${role.padEnd(width)}  ${account.email} / ${account.password}`);
  }
  console.log('\n  Ctrl-C arrête tout ; les données restent dans le dossier ci-dessus.\n');
} catch (error) {
  console.error(`\n[start-cluster] ${error.message}`);
  await shutdown(1);
}
