import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MikroORM } from '@mikro-orm/postgresql';
import type Koa from 'koa';
import { createApp, type AppDeps } from '../../api/app';
import { buildAppDeps } from '../../api/bootstrap';
import type { ApiConfig } from '../../api/config';
import { createRequestLimits, LIMITED_REQUESTS, type LimitedRequest } from '../../api/middleware/request-limits';
import { createOrmConfig } from '../../db/mikro-orm.config';
import { initOrm } from '../../db/orm';

/** A server of the suite's own on a free loopback port: its base URL and how to close it. */
export interface LoopbackServer {
  server: http.Server;
  base: string;
  close(): Promise<void>;
}

/** Serves a Koa app on a free loopback port. */
export async function listenOnLoopback(app: Koa): Promise<LoopbackServer> {
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface OwnApi extends LoopbackServer {
  orm: MikroORM;
  deps: AppDeps;
}

/**
 * The api in this test's process, over the test stack's services (its database unless `orm` is
 * given), so a suite can swap a part of its wiring (`adjust`) and read the database beside it.
 */
export async function startOwnApi(
  config: ApiConfig,
  { orm: given, adjust }: { orm?: MikroORM; adjust?: (deps: AppDeps) => AppDeps } = {},
): Promise<OwnApi> {
  const orm = given ?? (await initOrm(config.DATABASE_URL));
  const built = buildAppDeps(config, orm);
  const deps = adjust ? adjust(built) : built;
  // Like the server: the kept reads follow the database's change notices.
  await deps.reads.start();
  await deps.revocations.start();
  const listening = await listenOnLoopback(createApp(deps));
  return {
    ...listening,
    orm,
    deps,
    async close() {
      await listening.close();
      await deps.events.hub.stop();
      await deps.reads.stop();
      deps.revocations.stop();
      await deps.signedInPages.renderer.close();
      if (!given) await orm.close(true);
    },
  };
}

/**
 * The app over the stack's database, built when the suite loads (its routers are read before any
 * test), whose limited routes count on limits of the suite's own (`points` an hour each): a suite
 * that checks who gets through or what bad input gets must not meet the real limits.
 */
export function appWithLimitsOfItsOwn(config: ApiConfig, suite: string, points: number) {
  const orm = MikroORM.initSync(createOrmConfig(config.DATABASE_URL));
  const deps = buildAppDeps(config, orm);
  const rule = { points, windowSeconds: 3600 };
  deps.requestLimits = createRequestLimits(
    orm.em.getConnection().getKnex(),
    Object.fromEntries(LIMITED_REQUESTS.map((name) => [name, rule])) as Record<LimitedRequest, typeof rule>,
    `${suite}-${randomUUID()}`,
  );
  return { orm, deps, app: createApp(deps) };
}
