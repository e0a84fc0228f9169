import Router from '@koa/router';
import { PageSessionInputSchema } from '../../domain/schemas/page-session';
import { PAGE_SESSION_PATH } from '../../domain/signed-in-pages';
import { parseInput } from '../lib/validation';
import { currentUser } from '../middleware/auth';
import type { PageSessions } from '../pages/page-session';
import type { AccountActivity } from './account-activity';

/**
 * The page session (api/pages/page-session.ts): set from the caller's access token, so that the
 * api may draw their signed-in pages on a first request; ended by anyone (it only clears and
 * revokes the cookie the caller sends, and its Keycloak session), as the browser does when signing out.
 * Setting it is the browser's sign-in and token refresh: the account counts as in use that day.
 */
export function sessionRoutes(sessions: PageSessions, activity: AccountActivity): Router {
  const router = new Router();
  router.post(PAGE_SESSION_PATH, (ctx) => {
    const user = currentUser(ctx);
    const { timeZone } = parseInput(PageSessionInputSchema, ctx.request.body);
    sessions.issue(ctx, user, timeZone);
    activity.seen(user);
    ctx.status = 204;
  });
  router.delete(PAGE_SESSION_PATH, async (ctx) => {
    await sessions.end(ctx);
    ctx.status = 204;
  });
  return router;
}
