import { loadConfig } from '../../api/config';
import { KeycloakAdminClient } from '../../clients/keycloak-admin';
import { loginWithPassword } from './keycloak-login';

interface DemoAccount {
  id: string;
  email: string;
  password: string;
}

/** The running test stack, as `npm test` describes it to the suites through the environment. */
export function testStack() {
  const config = loadConfig();
  const accounts = JSON.parse(process.env.RUSHFLOW_ACCOUNTS ?? '{}') as Record<
    'admin' | 'editor' | 'client',
    DemoAccount
  >;
  if (!accounts.admin) throw new Error('RUSHFLOW_ACCOUNTS is not set: run the api tests through `npm test`.');
  /** Signs an account in through the stack's Keycloak form, as the SPA does: its access token. */
  const signIn = (email: string, password: string) =>
    loginWithPassword({
      keycloakUrl: config.KEYCLOAK_URL,
      realm: config.KEYCLOAK_REALM,
      clientId: config.KEYCLOAK_SPA_CLIENT_ID,
      redirectUri: `${config.APP_URL}/login`,
      email,
      password,
    });
  /** Keycloak's admin api as the api's service account: creates and removes a suite's own users. */
  const keycloakAdmin = () =>
    new KeycloakAdminClient({
      url: config.KEYCLOAK_URL,
      realm: config.KEYCLOAK_REALM,
      clientId: config.KEYCLOAK_API_CLIENT_ID,
      clientSecret: config.KEYCLOAK_API_CLIENT_SECRET,
    });
  /** Where the stack's processes write their output (`api.log`, `worker.log`…). */
  const logDir = () => {
    if (!process.env.RUSHFLOW_LOG_DIR)
      throw new Error('RUSHFLOW_LOG_DIR is not set: run the api tests through `npm test`.');
    return process.env.RUSHFLOW_LOG_DIR;
  };
  return { config, accounts, appUrl: config.APP_URL, signIn, keycloakAdmin, logDir };
}
