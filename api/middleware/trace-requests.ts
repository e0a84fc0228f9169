import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { routeOf } from '../metrics/request-metrics';

const tracer = trace.getTracer('rushflow-api');

/** Never traced: Prometheus's scrapes, the health checks and the live streams, which last hours. */
const UNTRACED = /^\/(metrics|api\/health|api\/events)(\/|$)/;

/**
 * A server span per request, named by its route pattern and continuing the caller's `traceparent`
 * (the browser's api client sends one): every client action (POST, PUT, PATCH, DELETE, the
 * webhooks) and `readsRatio` of the reads. Reads are many and cheap; OpenTelemetry's http and Koa
 * instrumentations cost about 40 % of the fastest routes' throughput even for the reads left
 * untraced (`npm run bench:api`), this middleware little. Mounted before the error handler: the
 * status it records is the one sent.
 */
export function traceRequests(router: Router, readsRatio: number): Middleware {
  return async (ctx: Context, next: Next) => {
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    if (UNTRACED.test(ctx.path) || (read && Math.random() >= readsRatio)) return next();
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(ctx.method, { kind: SpanKind.SERVER }, parent);
    try {
      await context.with(trace.setSpan(parent, span), next);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      throw error;
    } finally {
      const route = routeOf(ctx, router);
      span.updateName(`${ctx.method} ${route}`);
      span.setAttributes({
        'http.request.method': ctx.method,
        'http.route': route,
        'http.response.status_code': ctx.status,
      });
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
