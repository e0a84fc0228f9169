import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { ACCOUNT_DATA_MESSAGES } from '../../domain/account-data';
import { MESSAGES } from '../../domain/messages';
import {
  cancelDeletionUpdate,
  requestDeletionUpdate,
  requestExportUpdate,
} from '../../workflows/contracts/account-privacy';
import { HttpError } from '../lib/http-error';
import { currentUser } from '../middleware/auth';
import type { AccountActivity } from './account-activity';
import type { AccountDataWorkflowClient } from './account-data-workflow-client';

const ACCOUNT_DATA_ROUTE = '/api/account/data';

export interface AccountDataRouteDeps {
  workflows: AccountDataWorkflowClient;
  /** Marks the accounts in use (read by the page-session route). */
  activity: AccountActivity;
}

/** Clients and editors only: an administrator's account is not managed from « Mes données ». */
async function requireOwnDataRole(ctx: Context, next: Next): Promise<void> {
  const { roles } = currentUser(ctx);
  if (roles.includes('admin')) throw new HttpError(403, ACCOUNT_DATA_MESSAGES.adminsExcluded);
  if (!roles.includes('user') && !roles.includes('editor')) throw new HttpError(403, MESSAGES.forbidden);
  await next();
}

/**
 * « Mes données »: the state of the account's requests, an export (built by the account's
 * workflow, its link e-mailed), a deletion after a 30-day grace period, and its cancellation.
 */
export function accountDataRoutes({ workflows }: AccountDataRouteDeps): Router {
  const router = new Router({ prefix: ACCOUNT_DATA_ROUTE });
  router.get('/', requireOwnDataRole, async (ctx) => {
    ctx.body = await workflows.state(currentUser(ctx).id);
  });
  router.post('/export', requireOwnDataRole, async (ctx) => {
    ctx.body = await workflows.update(currentUser(ctx).id, requestExportUpdate);
    ctx.status = 202;
  });
  router.post('/deletion', requireOwnDataRole, async (ctx) => {
    ctx.body = await workflows.update(currentUser(ctx).id, requestDeletionUpdate);
    ctx.status = 202;
  });
  router.delete('/deletion', requireOwnDataRole, async (ctx) => {
    const state = await workflows.state(currentUser(ctx).id);
    if (state.deletionDueAt === null) throw new HttpError(409, ACCOUNT_DATA_MESSAGES.deletionNotPending);
    ctx.body = await workflows.update(currentUser(ctx).id, cancelDeletionUpdate);
  });
  return router;
}
