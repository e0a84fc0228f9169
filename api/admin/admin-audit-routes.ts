import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AuditQuerySchema } from '../../domain/schemas/admin';
import { listAuditEntries } from '../admin/audit-reads';
import { parseInput } from '../lib/validation';
import { requireRole } from '../middleware/auth';

export interface AdminAuditRouteDeps {
  em: () => EntityManager;
}

/** Admin › Journal: every admin action (who, what, when, on what, before/after), newest first. */
export function adminAuditRoutes(deps: AdminAuditRouteDeps): Router {
  const router = new Router();
  router.get('/api/admin/audit', requireRole('admin'), async (ctx) => {
    const query = parseInput(AuditQuerySchema, ctx.query);
    ctx.body = await listAuditEntries(deps.em(), query);
  });
  return router;
}
