import Router from '@koa/router';
import { sharedHealthCheck, type HealthProbes } from '../health/checks';

export interface PublicConfig {
  keycloak: { url: string; realm: string; clientId: string };
  appName: string;
}

/** Unauthenticated system routes: health for operators, runtime config for the SPA. */
export function systemRoutes(probes: HealthProbes, publicConfig: PublicConfig): Router {
  const router = new Router();
  const health = sharedHealthCheck(probes);
  router.get('/api/health', async (ctx) => {
    const report = await health();
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = report;
  });
  router.get('/api/config', (ctx) => {
    ctx.body = publicConfig;
  });
  return router;
}
