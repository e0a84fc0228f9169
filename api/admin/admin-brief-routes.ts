import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BriefListQuerySchema } from '../../domain/schemas/admin';
import { listAdminBriefs } from '../admin/brief-reads';
import type { TemporalUiLinks } from '../admin/temporal-links';
import { parseInput } from '../lib/validation';
import { requireRole } from '../middleware/auth';

export interface AdminBriefRouteDeps {
  em: () => EntityManager;
  links: TemporalUiLinks;
}

/** Admin › Briefs: every brief with its funnel, price, payment state, reminders and checkouts to handle. */
export function adminBriefRoutes(deps: AdminBriefRouteDeps): Router {
  const router = new Router();
  router.get('/api/admin/briefs', requireRole('admin'), async (ctx) => {
    const query = parseInput(BriefListQuerySchema, ctx.query);
    ctx.body = await listAdminBriefs(deps.em(), query, deps.links);
  });
  return router;
}
