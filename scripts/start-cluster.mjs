#!/usr/bin/env node
// `npm run start:cluster`: the production topology on one machine, with no Docker, beside `npm start`
// (profile "cluster": ports and data folder of its own; scripts/lib/cluster.mjs starts it).
import { bringUpCluster } from './lib/cluster.mjs';
import { ensureNodeModules, ROOT } from './lib/stack.mjs';
import { printReady, shutdownOnSignals, stopAll } from './lib/process.mjs';
import { onPinnedNode } from './lib/runtime.mjs';

await ensureNodeModules();
await onPinnedNode(ROOT);

let cluster;
const shutdown = shutdownOnSignals(() => (cluster ? cluster.stop() : stopAll(15_000)));
try {
  cluster = await bringUpCluster('cluster');
  const { config, accounts, rootCertificate } = cluster;
  const { ports, env } = config;
  printReady(
    `Rushflow (cluster) est prêt en ${cluster.bootSeconds.toFixed(1)} s`,
    [
      ['Application', `${config.appUrl}  (Caddy → api ${ports.api1}, ${ports.api2})`],
      ['Santé (api)', `${config.appUrl}/api/health`],
      ['Keycloak admin', `${env.KEYCLOAK_URL}/admin/  (${env.KEYCLOAK_ADMIN_USER} / ${env.KEYCLOAK_ADMIN_PASSWORD})`],
      ['Temporal', `${env.TEMPORAL_ADDRESS}  (serveur, base PostgreSQL temporal)`],
      ['Temporal UI', `${env.TEMPORAL_UI_URL}  (connexion Keycloak, administrateurs seulement)`],
      ['E-mails (web)', env.MAIL_UI_URL],
      ['S3 console', `${env.S3_CONSOLE_URL}  (${env.S3_ACCESS_KEY_ID} / ${env.S3_SECRET_ACCESS_KEY})`],
      ['Stripe', `stripe-mock ${env.STRIPE_API_BASE}`],
      ['Autorité https', `${rootCertificate}  (curl --cacert, NODE_EXTRA_CA_CERTS, ou à importer)`],
      ['Données', `${config.dataDir}  (secrets : secrets.env)`],
    ],
    accounts,
  );
} catch (error) {
  console.error(`\n[start-cluster] ${error.message}`);
  await shutdown(1);
}
