#!/usr/bin/env node
// `npm start`: the whole product on loopback from a fresh clone. `npm run dev`: same, with the
// api restarted on change and the front end served by Vite with hot reload.
import path from 'node:path';
import { bringUp, ensureNodeModules, ROOT } from './lib/stack.mjs';
import { loadDotEnv } from './lib/stack-config.mjs';
import { log, startProcess, waitFor, httpOk } from './lib/process.mjs';
import { onPinnedNode } from './lib/runtime.mjs';

await ensureNodeModules();
await onPinnedNode(ROOT);
loadDotEnv(path.join(ROOT, '.env'));
const dev = process.argv.includes('--dev');
const t0 = Date.now();
let stack;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stop', 'stopping every service…');
  await stack?.stop();
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  stack = await bringUp('dev', { watchApi: dev });
  const { config, accounts } = stack;
  let appUrl = config.appUrl;
  if (dev) {
    const viteUrl = `http://localhost:${config.ports.vite}`;
    const vite = startProcess(
      'vite',
      path.join(ROOT, 'node_modules', '.bin', 'vite'),
      ['--config', 'frontend/vite.config.ts', '--strictPort'],
      {
        logDir: stack.logDir,
        cwd: ROOT,
        env: { VITE_PORT: String(config.ports.vite), API_URL: `http://127.0.0.1:${config.ports.app}` },
      },
    );
    await waitFor('Vite', () => httpOk(viteUrl), { child: vite, timeoutMs: 60_000 });
    appUrl = `${viteUrl}  (hot reload; api on ${config.appUrl})`;
  }
  const rows = [
    ['Application', appUrl],
    ['Santé (api)', `${config.appUrl}/api/health`],
    ['Temporal UI', config.env.TEMPORAL_UI_URL],
    [
      'Keycloak admin',
      `${config.env.KEYCLOAK_URL}/admin/  (${config.env.KEYCLOAK_ADMIN_USER} / ${config.env.KEYCLOAK_ADMIN_PASSWORD})`,
    ],
    ['E-mails (web)', config.env.MAIL_UI_URL],
    [
      'S3 console',
      `${config.env.S3_CONSOLE_URL}  (${config.env.S3_ACCESS_KEY_ID} / ${config.env.S3_SECRET_ACCESS_KEY})`,
    ],
    ['Stripe', config.env.STRIPE_SECRET_KEY ? 'Stripe (clé configurée)' : `stripe-mock ${config.env.STRIPE_API_BASE}`],
    ['Données', config.dataDir],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`\nRushflow est prêt en ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  console.log('\n  Comptes de démonstration');
  for (const [role, account] of Object.entries(accounts)) {
    console.log(`  ${role.padEnd(width)}  ${account.email} / ${account.password}`);
  }
  console.log('\n  Ctrl-C arrête tout ; les données restent dans le dossier ci-dessus.\n');
} catch (error) {
  console.error(`\n[start] ${error.message}`);
  await shutdown(1);
}
