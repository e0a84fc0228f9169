// First: tracing instruments the modules the others load.
import { tracing } from './start-tracing';
import { once } from 'node:events';
import { createApp } from './app';
import { buildAppDeps } from './bootstrap';
import { loadConfig } from './config';
import { initOrm } from '../db/orm';
import { startFailureFields } from '../db/production-settings';
import { processLogger } from '../observability/logger';
import { untilReachable } from '../clients/until-reachable';

const log = processLogger('api');

async function main(): Promise<void> {
  const config = loadConfig();
  // Started while PostgreSQL restarts (a crash, a deploy), the api waits for it instead of exiting.
  const orm = await untilReachable('api', 'PostgreSQL', () => initOrm(config.DATABASE_URL));
  const deps = buildAppDeps(config, orm);
  await deps.events.hub.start();
  await deps.reads.start();
  await deps.revocations.start();
  const server = createApp(deps).listen(config.PORT, config.HOST, () =>
    log.info({ host: config.HOST, port: config.PORT, appUrl: config.APP_URL }, 'listening'),
  );
  // Beside the first requests, not before them: a page drawn meanwhile is left to the browser.
  void deps.signedInPages.renderer.warm();

  let stopping = false;
  // A kept-alive connection would otherwise stay open after its last answer until its idle timeout.
  server.on('request', (_req, res) => res.once('finish', () => stopping && server.closeIdleConnections()));

  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'no new connections; draining requests');
    const closed = once(server, 'close');
    server.close();
    const cut = setTimeout(() => {
      log.warn('requests still running at the end of the drain: connections cut');
      server.closeAllConnections();
    }, config.SHUTDOWN_DRAIN_SECONDS * 1000);
    // Live streams never end by themselves: each is told to reconnect soon (to another instance) and ended.
    await deps.events.hub.stop();
    await closed;
    clearTimeout(cut);
    // Only now: the requests drained until here still read the caches and drew pages.
    await Promise.all([deps.reads.stop(), deps.signedInPages.renderer.close()]);
    deps.revocations.stop();
    await orm.close();
    // The drained requests' last spans leave before the process does, if the collector takes them.
    await tracing?.shutdown().catch((error: unknown) => log.warn({ err: error }, 'last spans not exported'));
    log.info('stopped');
    process.exit(0);
  };
  const stop = (signal: NodeJS.Signals) =>
    void shutdown(signal).catch((error: unknown) => {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  // A repeated signal changes nothing: the drain is bounded, and SIGKILL is there to force it.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  log.error(startFailureFields(error), 'failed to start');
  process.exit(1);
});
