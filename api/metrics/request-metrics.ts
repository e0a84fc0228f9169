import { performance } from 'node:perf_hooks';
import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { ApiMetrics } from './metrics-registry';
import { METRICS_PATH } from './metrics-routes';

/**
 * The route label: the router's pattern (`/api/projects/:projectId`), never the raw path, so that
 * ids and made-up paths cannot multiply the series. A request refused before the router ran (a
 * rate limit, a bad token) is labelled with the route it was meant for. Otherwise: outside /api the
 * front end's pages and files answered; inside it, no route matched.
 */
export function routeOf(ctx: Context, router: Router): string {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  const meant = router
    .match(ctx.path, ctx.method)
    .pathAndMethod.filter((layer) => layer.methods.length > 0)
    .pop();
  if (meant) return String(meant.path);
  return ctx.path === '/api' || ctx.path.startsWith('/api/') ? 'unmatched' : 'frontend';
}

/**
 * Counts and times every answer by method, pattern of `router`'s route and final status (mounted
 * before the error handler: its status is final by then). A live stream counts when it starts.
 * The scraper's own requests are left out: on a quiet instance they would be most of the traffic.
 */
export function measureRequests(metrics: ApiMetrics, router: Router): Middleware {
  return async (ctx: Context, next: Next) => {
    if (ctx.path === METRICS_PATH) return next();
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routeOf(ctx, router), status: String(ctx.status) };
      metrics.requests.inc(labels);
      metrics.requestDuration.observe(labels, (performance.now() - started) / 1000);
    }
  };
}
