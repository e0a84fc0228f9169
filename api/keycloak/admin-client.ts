/**
 * The Keycloak admin client lives in db/ (the api reads with it, the worker's activities write with
 * it); the api's modules and tests import it from here.
 */
export { KeycloakAdminClient, KeycloakAdminError } from '../../db/keycloak-admin';
