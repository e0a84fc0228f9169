import Router from '@koa/router';
import { PageSessionInputSchema } from '../../domain/schemas/page-session';
import { PAGE_SESSION_PATH } from '../../domain/signed-in-pages';
import { parseInput } from '../lib/validation';
import { currentUser } from '../middleware/auth';
import type { PageSessions } from '../pages/page-session';

/**
 * The page session (api/pages/page-session.ts): set from the caller's access token, so that the
 * api may draw their signed-in pages on a first request; ended by anyone (it only clears and
 * revokes the cookie the caller sends, and its Keycloak session), as the browser does when signing out.
 */
export function sessionRoutes(sessions: PageSessions): Router {
  const router = new Router();
  router.post(PAGE_SESSION_PATH, (ctx) => {
    const user = currentUser(ctx);
    const { timeZone } = parseInput(PageSessionInputSchema, ctx.request.body);
    sessions.issue(ctx, user, timeZone);
    ctx.status = 204;
  });
  router.delete(PAGE_SESSION_PATH, async (ctx) => {
    await sessions.end(ctx);
    ctx.status = 204;
  });
  return router;
}
