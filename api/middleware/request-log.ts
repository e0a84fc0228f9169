import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Logger } from '../../observability/logger';
import { routeOf } from '../metrics/request-metrics';
import { METRICS_PATH } from '../metrics/metrics-routes';

/** Polled by health checks and Prometheus: at debug level, so they do not bury the users' requests. */
const POLLED_ROUTES = new Set(['/api/health', METRICS_PATH]);

/**
 * One line per request, once its answer is set: method, route (`router`'s pattern, as the metrics
 * label it), status and duration, with the trace ids. Nothing of the path's values, the query, the
 * headers or the bodies.
 */
export function logRequests(log: Logger, router: Router) {
  return async (ctx: Context, next: Next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const route = routeOf(ctx, router);
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      log[POLLED_ROUTES.has(route) ? 'debug' : 'info'](
        { method: ctx.method, route, status: ctx.status, durationMs },
        'request',
      );
    }
  };
}
