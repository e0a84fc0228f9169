import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Client } from '@temporalio/client';
import type { SystemTestResult } from '../../domain/admin';
import { SystemTestSchema } from '../../domain/schemas/admin';
import {
  SYSTEM_TEST_WAIT_MS,
  SYSTEM_TEST_WORKFLOW_TYPE,
  systemTestWorkflowId,
  type SystemTestInput,
} from '../../workflows/contracts/system-test';
import { runAdminWorkflow } from '../admin/admin-workflows';
import type { TemporalUiLinks } from '../admin/temporal-links';
import { parseInput } from '../lib/validation';
import { requireRole } from '../middleware/auth';

export interface AdminSystemRouteDeps {
  temporal: () => Promise<Client>;
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
    ctx.body = await runAdminWorkflow<SystemTestResult>(deps.temporal, SYSTEM_TEST_WORKFLOW_TYPE, {
      workflowId: systemTestWorkflowId(runId),
      args: [{ kind, runId, searchAttributes: deps.searchAttributes } satisfies SystemTestInput],
      waitMs: SYSTEM_TEST_WAIT_MS,
    });
  });

  return router;
}
