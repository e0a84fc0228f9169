import Router from '@koa/router';
import { currentUser, requireAuth } from '../middleware/auth';

/** The signed-in caller as the server sees them (identity and realm roles from the token). */
export function accountRoutes(): Router {
  const router = new Router();
  router.get('/api/me', requireAuth, (ctx) => {
    const user = currentUser(ctx);
    ctx.body = {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      roles: user.roles,
    };
  });
  return router;
}
