import { createApp } from './app';
import { buildAppDeps } from './bootstrap';
import { loadConfig } from './config';
import { initOrm } from '../db/orm';
import { untilReachable } from '../db/until-reachable';

async function main(): Promise<void> {
  const config = loadConfig();
  // Started while PostgreSQL restarts (a crash, a deploy), the api waits for it instead of exiting.
  const orm = await untilReachable('api', 'PostgreSQL', () => initOrm(config.DATABASE_URL));
  const deps = buildAppDeps(config, orm);
  await deps.events.hub.start();
  await deps.reads.start();
  const server = createApp(deps).listen(config.PORT, () => console.log(`[api] listening on ${config.APP_URL}`));
  // Beside the first requests, not before them: a page drawn meanwhile is left to the browser.
  void deps.signedInPages.renderer.warm();
  const shutdown = () => {
    // Live streams never end by themselves: the hub ends them before the server closes.
    void Promise.all([deps.events.hub.stop(), deps.reads.stop(), deps.signedInPages.renderer.close()])
      .then(() => server.close())
      .then(() => orm.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error('[api] failed to start:', error);
  process.exit(1);
});
