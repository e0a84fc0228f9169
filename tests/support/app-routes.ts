import type Router from '@koa/router';
import type Koa from 'koa';

/**
 * Every route of the router `app` mounts, as `METHOD /path` (`@koa/router` keeps them on its
 * dispatcher): the suites that must cover each route read the list from here, so a new route
 * fails them until it has its entry.
 */
export function mountedRoutes(app: Koa): string[] {
  return app.middleware
    .flatMap((middleware) => (middleware as { router?: Router }).router?.stack ?? [])
    .flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => `${method} ${String(layer.path)}`),
    );
}
