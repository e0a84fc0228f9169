/**
 * What `NODE_ENV=production` refuses, for the api, the worker and `db/migrate.ts`: the secrets the
 * repository ships, short secrets, payments that are not real, a site not in https and the local
 * mail capture. Each process gives the settings it reads; a setting left undefined is not checked.
 */
export interface ProductionSettings {
  DATABASE_URL?: string;
  PAGE_SESSION_SECRET?: string;
  METRICS_TOKEN?: string;
  KEYCLOAK_API_CLIENT_SECRET?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  ALLOW_STRIPE_TEST_MODE?: boolean;
  STRIPE_API_BASE?: string;
  APP_URL?: string;
  SMTP_URL?: string;
}

/**
 * Every secret the repository writes down (.env.example, docker-compose.yml, the realm export, the
 * stack's defaults, the tests): public, so never a deployment's. tests/unit/production-settings.test.ts
 * reads every tracked file and fails while a value shipped there is missing here.
 */
const SHIPPED_VALUES = new Set([
  'rushflow-local-page-session-secret-0123456789',
  'rushflow-local-metrics-token-0123456789',
  'rushflow-api-local-secret',
  'whsec_rushflow_local',
  'rushflow',
  'rushflow-secret',
  'postgres',
  'password',
]);

const MIN_SECRET_BYTES = 32;

// An access key id is no secret (AWS's are 20 characters, sent in clear in every signed request's
// Credential): it escapes the length rule, but a shipped one still says the storage is the local one.
const LONG_SECRETS = [
  'PAGE_SESSION_SECRET',
  'METRICS_TOKEN',
  'KEYCLOAK_API_CLIENT_SECRET',
  'STRIPE_WEBHOOK_SECRET',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** Loopback names and addresses: a mail server there is the local capture, not a relay to anyone. */
const LOOPBACK_HOST = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$/;
/** The mail capture's host names (docker-compose.yml) and SMTP ports (the dev and test stacks). */
const CAPTURE_HOSTS = new Set(['mail', 'maildev']);
const CAPTURE_PORTS = new Set(['1025', '1125']);

const shipped = (name: string, value: string) =>
  SHIPPED_VALUES.has(value) ? `${name}: valeur livrée dans le dépôt, refusée en production` : undefined;

const short = (name: string, value: string) =>
  Buffer.byteLength(value) < MIN_SECRET_BYTES
    ? `${name}: moins de ${MIN_SECRET_BYTES} octets, refusé en production (une valeur aléatoire longue est attendue)`
    : undefined;

function databaseProblem(databaseUrl: string): string | undefined {
  let password: string;
  try {
    password = decodeURIComponent(new URL(databaseUrl).password);
  } catch {
    return 'DATABASE_URL: URL illisible, son mot de passe ne peut être vérifié';
  }
  if (SHIPPED_VALUES.has(password)) return 'DATABASE_URL: mot de passe livré dans le dépôt, refusé en production';
  if (Buffer.byteLength(password) < MIN_SECRET_BYTES)
    return `DATABASE_URL: mot de passe absent ou de moins de ${MIN_SECRET_BYTES} octets, refusé en production`;
  return undefined;
}

function stripeKeyProblem(key: string, testModeAllowed: boolean): string | undefined {
  if (key === '') return 'STRIPE_SECRET_KEY: vide, or le paiement simulé n’existe pas en production';
  if (/^[sr]k_test_/.test(key) && !testModeAllowed)
    return 'STRIPE_SECRET_KEY: clé de test refusée en production sans ALLOW_STRIPE_TEST_MODE=true';
  return undefined;
}

function smtpProblem(smtpUrl: string): string | undefined {
  const url = URL.canParse(smtpUrl) ? new URL(smtpUrl) : undefined;
  if (!url?.hostname) return 'SMTP_URL: URL illisible (smtp://hôte:port ou smtps://… attendu)';
  const host = url.hostname.toLowerCase();
  if (LOOPBACK_HOST.test(host) || CAPTURE_HOSTS.has(host) || CAPTURE_PORTS.has(url.port))
    return 'SMTP_URL: serveur de capture local (MailDev), refusé en production';
  return undefined;
}

/** One line per unsafe setting, naming its variable; none when every given setting is fit for production. */
export function unsafeProductionSettings(settings: ProductionSettings): string[] {
  const problems: (string | undefined)[] = [];
  for (const name of LONG_SECRETS) {
    const value = settings[name];
    if (value !== undefined) problems.push(shipped(name, value) ?? short(name, value));
  }
  if (settings.S3_ACCESS_KEY_ID !== undefined) problems.push(shipped('S3_ACCESS_KEY_ID', settings.S3_ACCESS_KEY_ID));
  if (settings.DATABASE_URL !== undefined) problems.push(databaseProblem(settings.DATABASE_URL));
  if (settings.STRIPE_SECRET_KEY !== undefined)
    problems.push(stripeKeyProblem(settings.STRIPE_SECRET_KEY, settings.ALLOW_STRIPE_TEST_MODE === true));
  if (settings.STRIPE_API_BASE)
    problems.push('STRIPE_API_BASE: stripe-mock refusé en production (à laisser vide avec une vraie clé)');
  if (settings.APP_URL !== undefined && !/^https:\/\//i.test(settings.APP_URL))
    problems.push('APP_URL: doit être en https en production');
  if (settings.SMTP_URL !== undefined) problems.push(smtpProblem(settings.SMTP_URL));
  return problems.filter((problem): problem is string => problem !== undefined);
}

/** The refusal: its message is the whole answer, one line per variable, with no stack beneath it. */
class UnsafeProductionSettings extends Error {}

/** Throws, with one line per unsafe setting, when `nodeEnv` is production and a setting is unsafe. */
export function refuseUnsafeProductionSettings(nodeEnv: string | undefined, settings: ProductionSettings): void {
  if (nodeEnv !== 'production') return;
  const problems = unsafeProductionSettings(settings);
  if (problems.length > 0)
    throw new UnsafeProductionSettings(`réglages refusés en production :\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/** What a process logs when it cannot start: a refusal's lines as `reason`, any other error as `err`. */
export function startFailureFields(error: unknown): { reason: string } | { err: unknown } {
  return error instanceof UnsafeProductionSettings ? { reason: error.message } : { err: error };
}
