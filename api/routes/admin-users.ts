import Router from '@koa/router';
import type { KeycloakAdminClient } from '../keycloak/admin-client';
import { requireRole } from '../middleware/auth';

/** Admin › Utilisateurs: the people holding each product role, read from Keycloak. */
export function adminUserRoutes(keycloak: KeycloakAdminClient): Router {
  const router = new Router();
  router.get('/api/admin/users', requireRole('admin'), async (ctx) => {
    const [admins, editors] = await Promise.all([
      keycloak.listUsersWithRole('admin'),
      keycloak.listUsersWithRole('editor'),
    ]);
    ctx.body = { admins, editors };
  });
  return router;
}
