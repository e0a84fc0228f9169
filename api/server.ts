import { createApp } from './app';
import { buildAppDeps } from './bootstrap';
import { loadConfig } from './config';
import { initOrm } from '../db/orm';

async function main(): Promise<void> {
  const config = loadConfig();
  const orm = await initOrm(config.DATABASE_URL);
  const app = createApp(buildAppDeps(config, orm));
  const server = app.listen(config.PORT, () => console.log(`[api] listening on ${config.APP_URL}`));
  const shutdown = () => {
    server.close();
    void orm.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error('[api] failed to start:', error);
  process.exit(1);
});
