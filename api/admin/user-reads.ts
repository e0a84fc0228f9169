import type { AdminUserRow, Page } from '../../domain/admin';
import type { KeycloakAdminClient, KeycloakUser } from '../../clients/keycloak-admin';

/**
 * Admin › Utilisateurs: the realm's accounts, read from Keycloak (roles live there only), a page
 * at a time, with the roles each holds: `user` for everybody, `editor` and `admin` when granted.
 */
export async function listAdminUsers(
  keycloak: KeycloakAdminClient,
  query: { page: number; pageSize: number; q?: string },
): Promise<Page<AdminUserRow>> {
  const [users, total, admins, editors] = await Promise.all([
    keycloak.listUsers({ first: (query.page - 1) * query.pageSize, max: query.pageSize, search: query.q }),
    keycloak.countUsers(query.q),
    keycloak.listUsersWithRole('admin'),
    keycloak.listUsersWithRole('editor'),
  ]);
  const adminIds = new Set(admins.map((user) => user.id));
  const editorIds = new Set(editors.map((user) => user.id));
  const row = (user: KeycloakUser): AdminUserRow => ({
    id: user.id,
    email: user.email ?? user.username,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    emailVerified: user.emailVerified,
    enabled: user.enabled,
    roles: [
      'user',
      ...(editorIds.has(user.id) ? (['editor'] as const) : []),
      ...(adminIds.has(user.id) ? (['admin'] as const) : []),
    ],
    createdAt: user.createdTimestamp ? new Date(user.createdTimestamp).toISOString() : null,
  });
  return { items: users.map(row), total, page: query.page, pageSize: query.pageSize };
}
