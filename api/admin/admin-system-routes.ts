import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { SystemTestSchema } from '../../domain/schemas/admin';
import type { AdminWorkflowClient } from './admin-workflow-client';
import type { TemporalUiLinks } from './temporal-links';
import { parseInput } from '../lib/validation';
import { requireRole } from '../middleware/auth';

export interface AdminSystemRouteDeps {
  workflows: AdminWorkflowClient;
  links: TemporalUiLinks;
  /** Whether the project workflow of a /test run upserts search attributes (false on test servers without them). */
  searchAttributes?: boolean;
}

/**
 * What the admin pages need from the configuration (the Temporal UI's address), and the /test
 * page's checks (000 §2), run for real by the worker on rows of their own, then removed.
 */
export function adminSystemRoutes(deps: AdminSystemRouteDeps): Router {
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/admin/config', admin, (ctx) => {
    ctx.body = { temporalUiUrl: deps.links.baseUrl ?? null, temporalNamespace: deps.links.namespace };
  });

  router.post('/api/admin/system-tests', admin, async (ctx) => {
    const { kind } = parseInput(SystemTestSchema, ctx.request.body ?? {});
    const runId = randomUUID();
    ctx.body = await deps.workflows.runSystemTest({ kind, runId, searchAttributes: deps.searchAttributes });
  });

  return router;
}
