/**
 * The address of a Keycloak realm: its OpenID endpoints live under it, and it is the exact `iss`
 * of the realm's tokens when Keycloak's hostname is set. `url` is Keycloak's base, with or without
 * a trailing slash.
 */
export function keycloakRealmUrl(url: string, realm: string): string {
  return `${url.replace(/\/+$/, '')}/realms/${encodeURIComponent(realm)}`;
}
