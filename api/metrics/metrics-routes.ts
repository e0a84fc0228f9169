import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../lib/http-error';
import type { ApiMetrics } from './metrics-registry';

/** Where Prometheus scrapes the api (its default path). */
export const METRICS_PATH = '/metrics';

export interface MetricsRouteDeps {
  metrics: ApiMetrics;
  /** The bearer token the scraper presents (METRICS_TOKEN). */
  token: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time (digests: equal lengths). */
function presentsToken(ctx: Context, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'));
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * `GET /metrics`: the instance's metrics in Prometheus' text format, for the scraper holding the
 * metrics token only; anyone else gets the api's 401. Mounted before the sign-in middleware: the
 * token is not a Keycloak one.
 */
export function metricsRoutes({ metrics, token }: MetricsRouteDeps): Router {
  const router = new Router();
  router.get(METRICS_PATH, async (ctx) => {
    if (!presentsToken(ctx, token)) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new HttpError(401, MESSAGES.unauthenticated);
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}
