/** Realm roles as issued by Keycloak in `realm_access.roles`. Roles live in Keycloak only. */
const ROLES = ['user', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Keeps only the realm roles the product knows (Keycloak adds `offline_access`, `default-roles-…`). */
export function productRoles(claimed: readonly string[] | undefined): Role[] {
  return (claimed ?? []).filter(isRole);
}

/** French label of a user's main role (000 §1): any other label is the generic 'Utilisateur'. */
export function roleLabel(roles: readonly Role[]): string {
  if (roles.includes('admin')) return 'Admin';
  if (roles.includes('editor')) return 'Éditeur';
  if (roles.includes('user')) return 'Client';
  return 'Utilisateur';
}

/** Landing route after sign-in (000 §2): admin → /admin, else editor → /editor, else /dashboard. */
export function landingPathFor(roles: readonly Role[]): '/admin' | '/editor' | '/dashboard' {
  if (roles.includes('admin')) return '/admin';
  if (roles.includes('editor')) return '/editor';
  return '/dashboard';
}

/** The role gate (000 §5): with no required role everything shows; else at least one must be held. */
export function hasAnyRole(held: readonly Role[], required: readonly Role[]): boolean {
  return required.length === 0 || required.some((role) => held.includes(role));
}
