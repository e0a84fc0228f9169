#!/usr/bin/env node
// `npm start`: the whole product on loopback from a fresh clone. `npm run dev`: same, with the
// api restarted on change and the front end served by Vite with hot reload.
import path from 'node:path';
import { bringUp, ensureNodeModules, ROOT } from './lib/stack.mjs';
import { loadDotEnv } from './lib/stack-config.mjs';
import { printReady, shutdownOnSignals, startProcess, waitFor, httpOk } from './lib/process.mjs';
import { onPinnedNode } from './lib/runtime.mjs';

await ensureNodeModules();
await onPinnedNode(ROOT);
loadDotEnv(path.join(ROOT, '.env'));
const dev = process.argv.includes('--dev');
const t0 = Date.now();
let stack;
const shutdown = shutdownOnSignals(async () => stack?.stop());

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
  printReady(`Rushflow est prêt en ${((Date.now() - t0) / 1000).toFixed(1)} s`, rows, accounts);
} catch (error) {
  console.error(`\n[start] ${error.message}`);
  await shutdown(1);
}
