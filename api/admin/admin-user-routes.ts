import Router from '@koa/router';
import { ADMIN_MESSAGES, type InviteResult, type RoleChangeResult } from '../../domain/admin';
import { InviteEditorSchema, RoleChangeSchema, UserListQuerySchema } from '../../domain/schemas/admin';
import type { KeycloakAdminClient } from '../../clients/keycloak-admin';
import { ADMIN_OPERATION_WAIT_MS, type InviteEditorInput } from '../../workflows/contracts/admin-users';
import type { AdminWorkflowClient } from './admin-workflow-client';
import { listAdminUsers } from './user-reads';
import { parseInput } from '../lib/validation';
import { currentUser, requireRole, type AuthUser } from '../middleware/auth';

export interface AdminUserRouteDeps {
  keycloak: KeycloakAdminClient;
  workflows: AdminWorkflowClient;
  /** Where Keycloak's invitation link leads once the password is set: the SPA's client and its editor space. */
  invitation: { clientId: string; redirectUri: string };
  /** How long the api waits for an operation's answer (tests shorten it). */
  waitMs?: number;
}

const actorOf = (user: AuthUser) => ({ id: user.id, email: user.email });

/** Runs the invitation workflow and words its answer (000 §7 invite-editor: message, warning). */
export async function inviteEditor(
  deps: AdminUserRouteDeps,
  input: Omit<InviteEditorInput, 'redirectUri' | 'clientId'>,
): Promise<InviteResult> {
  const result = await deps.workflows.inviteEditor(
    { ...input, ...deps.invitation },
    deps.waitMs ?? ADMIN_OPERATION_WAIT_MS,
  );
  return {
    userId: result.userId,
    email: result.email,
    message: `Invitation envoyée à ${result.email}`,
    ...(result.emailSent ? {} : { warning: ADMIN_MESSAGES.inviteEmailNotSent }),
  };
}

/**
 * Admin › Utilisateurs: the accounts from Keycloak with their roles; inviting an editor; giving
 * and removing roles by e-mail. Every change runs as a workflow whose activities write to
 * Keycloak, the audit log and the live channel (workflows/contracts/admin-users.ts).
 */
export function adminUserRoutes(deps: AdminUserRouteDeps): Router {
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/admin/users', admin, async (ctx) => {
    const query = parseInput(UserListQuerySchema, ctx.query);
    ctx.body = await listAdminUsers(deps.keycloak, query);
  });

  router.post('/api/admin/users/invite', admin, async (ctx) => {
    const input = parseInput(InviteEditorSchema, ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await inviteEditor(deps, {
      actor: actorOf(currentUser(ctx)),
      email: input.email,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
    });
  });

  for (const change of ['assign', 'remove'] as const) {
    router.post(`/api/admin/roles/${change}`, admin, async (ctx) => {
      const { email, role } = parseInput(RoleChangeSchema, ctx.request.body ?? {});
      const result = await deps.workflows.changeRole(
        { actor: actorOf(currentUser(ctx)), email, role, change },
        deps.waitMs ?? ADMIN_OPERATION_WAIT_MS,
      );
      const label = role === 'admin' ? 'administrateur' : 'éditeur';
      ctx.body = {
        ...result,
        message:
          change === 'assign' ? `Rôle ${label} attribué à ${result.email}` : `Rôle ${label} retiré à ${result.email}`,
      } satisfies RoleChangeResult;
    });
  }

  return router;
}
