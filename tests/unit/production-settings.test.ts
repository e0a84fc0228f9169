import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  refuseUnsafeProductionSettings,
  unsafeProductionSettings,
  type ProductionSettings,
} from '../../db/production-settings';

/**
 * What NODE_ENV=production refuses (db/production-settings.ts), rule by rule, and that every secret
 * written anywhere in the repository is among the refused values.
 */

const ROOT = path.join(__dirname, '..', '..');
const random = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A deployment's settings: random secrets, live payments, https, a real mail relay. */
const safe = (): ProductionSettings => ({
  DATABASE_URL: `postgres://rushflow:${random()}@db.internal:5432/rushflow`,
  PAGE_SESSION_SECRET: random(),
  METRICS_TOKEN: random(),
  KEYCLOAK_API_CLIENT_SECRET: random(),
  STRIPE_WEBHOOK_SECRET: `whsec_${random()}`,
  S3_ACCESS_KEY_ID: randomBytes(10).toString('hex').toUpperCase(),
  S3_SECRET_ACCESS_KEY: random(30),
  STRIPE_SECRET_KEY: `sk_live_${random()}`,
  ALLOW_STRIPE_TEST_MODE: false,
  STRIPE_API_BASE: '',
  APP_URL: 'https://rushflow.example',
  SMTP_URL: `smtps://rushflow:${random()}@smtp.example.com:465`,
});

/** The variables named by the refusal of `settings` (each line starts with its variable). */
const refused = (settings: ProductionSettings) => unsafeProductionSettings(settings).map((line) => line.split(':')[0]);

const withPassword = (password: string) => `postgres://rushflow:${encodeURIComponent(password)}@db.internal/rushflow`;

describe('the rules', () => {
  test('a deployment with random secrets, live payments, https and a mail relay starts', () => {
    expect(unsafeProductionSettings(safe())).toEqual([]);
    expect(() => refuseUnsafeProductionSettings('production', safe())).not.toThrow();
  });

  test('outside production nothing is refused; in production every offender has its line', () => {
    const development: ProductionSettings = {
      ...safe(),
      PAGE_SESSION_SECRET: 'rushflow-local-page-session-secret-0123456789',
      APP_URL: 'http://localhost:3000',
      STRIPE_SECRET_KEY: '',
    };
    expect(() => refuseUnsafeProductionSettings('development', development)).not.toThrow();
    expect(() => refuseUnsafeProductionSettings(undefined, development)).not.toThrow();
    expect(() => refuseUnsafeProductionSettings('production', development)).toThrow(
      /\n {2}PAGE_SESSION_SECRET: valeur livrée dans le dépôt, refusée en production\n {2}STRIPE_SECRET_KEY: .*\n {2}APP_URL: doit être en https en production$/,
    );
  });

  test('a process checks only what it reads: settings left out are not checked', () => {
    expect(unsafeProductionSettings({ DATABASE_URL: safe().DATABASE_URL })).toEqual([]);
    expect(refused({ DATABASE_URL: withPassword('postgres') })).toEqual(['DATABASE_URL']);
  });

  test.each([
    'PAGE_SESSION_SECRET',
    'METRICS_TOKEN',
    'KEYCLOAK_API_CLIENT_SECRET',
    'STRIPE_WEBHOOK_SECRET',
    'S3_SECRET_ACCESS_KEY',
  ])('%s: under 32 bytes is refused, 32 random bytes pass, bytes are counted and not characters', (name) => {
    expect(refused({ ...safe(), [name]: random().slice(0, 31) })).toEqual([name]);
    expect(unsafeProductionSettings({ ...safe(), [name]: randomBytes(16).toString('hex') })).toEqual([]);
    // 16 characters, 32 bytes in UTF-8.
    expect(unsafeProductionSettings({ ...safe(), [name]: 'é'.repeat(16) })).toEqual([]);
    expect(unsafeProductionSettings({ ...safe(), [name]: `${'é'.repeat(15)}x` })).toEqual([
      `${name}: moins de 32 octets, refusé en production (une valeur aléatoire longue est attendue)`,
    ]);
  });

  test('a shipped secret is refused even when long enough', () => {
    expect(
      unsafeProductionSettings({ ...safe(), PAGE_SESSION_SECRET: 'rushflow-local-page-session-secret-0123456789' }),
    ).toEqual(['PAGE_SESSION_SECRET: valeur livrée dans le dépôt, refusée en production']);
  });

  test('an access key id needs no length (AWS: 20 characters) but a shipped one is refused', () => {
    expect(unsafeProductionSettings({ ...safe(), S3_ACCESS_KEY_ID: `AKIA${randomBytes(8).toString('hex')}` })).toEqual(
      [],
    );
    expect(refused({ ...safe(), S3_ACCESS_KEY_ID: 'rushflow' })).toEqual(['S3_ACCESS_KEY_ID']);
  });

  test('the database password: shipped (even percent-encoded), short or missing is refused', () => {
    expect(unsafeProductionSettings({ ...safe(), DATABASE_URL: withPassword('postgres') })).toEqual([
      'DATABASE_URL: mot de passe livré dans le dépôt, refusé en production',
    ]);
    expect(refused({ ...safe(), DATABASE_URL: 'postgres://postgres:p%6fstgres@db.internal/rushflow' })).toEqual([
      'DATABASE_URL',
    ]);
    expect(refused({ ...safe(), DATABASE_URL: withPassword(random(23)) })).toEqual(['DATABASE_URL']);
    expect(refused({ ...safe(), DATABASE_URL: 'postgres://rushflow@db.internal/rushflow' })).toEqual(['DATABASE_URL']);
    expect(refused({ ...safe(), DATABASE_URL: 'pas une URL' })).toEqual(['DATABASE_URL']);
  });

  test('payments: no key, or a test key without ALLOW_STRIPE_TEST_MODE, or stripe-mock is refused', () => {
    expect(unsafeProductionSettings({ ...safe(), STRIPE_SECRET_KEY: '' })).toEqual([
      'STRIPE_SECRET_KEY: vide, or le paiement simulé n’existe pas en production',
    ]);
    const testKey = `sk_test_${random()}`;
    expect(unsafeProductionSettings({ ...safe(), STRIPE_SECRET_KEY: testKey })).toEqual([
      'STRIPE_SECRET_KEY: clé de test refusée en production sans ALLOW_STRIPE_TEST_MODE=true',
    ]);
    expect(refused({ ...safe(), STRIPE_SECRET_KEY: `rk_test_${random()}` })).toEqual(['STRIPE_SECRET_KEY']);
    expect(unsafeProductionSettings({ ...safe(), STRIPE_SECRET_KEY: testKey, ALLOW_STRIPE_TEST_MODE: true })).toEqual(
      [],
    );
    expect(refused({ ...safe(), STRIPE_API_BASE: 'http://localhost:12111' })).toEqual(['STRIPE_API_BASE']);
  });

  test('the site must be in https', () => {
    expect(unsafeProductionSettings({ ...safe(), APP_URL: 'http://rushflow.example' })).toEqual([
      'APP_URL: doit être en https en production',
    ]);
    expect(unsafeProductionSettings({ ...safe(), APP_URL: 'HTTPS://rushflow.example/' })).toEqual([]);
  });

  test.each([
    'smtp://127.0.0.1:1125',
    'smtp://localhost:25',
    'smtp://[::1]:587',
    'smtp://127.0.1.1',
    'smtp://mail:1025',
    'smtp://MailDev:25',
    'smtp://relay.example.com:1025',
    'smtp://relay.example.com:1125',
  ])('the mail capture is refused: %s', (smtpUrl) => {
    expect(unsafeProductionSettings({ ...safe(), SMTP_URL: smtpUrl })).toEqual([
      'SMTP_URL: serveur de capture local (MailDev), refusé en production',
    ]);
  });

  test('a mail URL that cannot be read cannot be checked: refused', () => {
    for (const smtpUrl of ['pas une URL', 'smtp.example.com:587'])
      expect(unsafeProductionSettings({ ...safe(), SMTP_URL: smtpUrl })).toEqual([
        'SMTP_URL: URL illisible (smtp://hôte:port ou smtps://… attendu)',
      ]);
  });

  test('a real relay passes', () => {
    expect(unsafeProductionSettings({ ...safe(), SMTP_URL: 'smtp://smtp.example.com:587' })).toEqual([]);
    expect(unsafeProductionSettings({ ...safe(), SMTP_URL: 'smtps://apikey:x@mailer.internal:465' })).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every value the repository writes for a secret, wherever it is written.

type Checked =
  | 'PAGE_SESSION_SECRET'
  | 'METRICS_TOKEN'
  | 'KEYCLOAK_API_CLIENT_SECRET'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'DATABASE_URL';

/** The names a value is written under, by the setting it would be (a password: DATABASE_URL's). */
const WRITTEN_AS: [Checked, string[]][] = [
  ['PAGE_SESSION_SECRET', ['PAGE_SESSION_SECRET']],
  ['METRICS_TOKEN', ['METRICS_TOKEN']],
  ['KEYCLOAK_API_CLIENT_SECRET', ['KEYCLOAK_API_CLIENT_SECRET', 'clientSecret']],
  ['STRIPE_WEBHOOK_SECRET', ['STRIPE_WEBHOOK_SECRET', 'webhookSecret']],
  ['S3_ACCESS_KEY_ID', ['S3_ACCESS_KEY_ID', 'MINIO_ROOT_USER', 'accessKeyId']],
  ['S3_SECRET_ACCESS_KEY', ['S3_SECRET_ACCESS_KEY', 'MINIO_ROOT_PASSWORD', 'secretAccessKey']],
  ['DATABASE_URL', ['POSTGRES_PASSWORD', 'PGPASSWORD']],
];
const settingOf = new Map(WRITTEN_AS.flatMap(([setting, written]) => written.map((name) => [name, setting] as const)));

interface Found {
  setting: Checked;
  value: string;
  where: string;
}

const names = [...settingOf.keys()].join('|');
/** `NAME=value`, `NAME: value`, `NAME: 'value'` (a bare value only outside code: there it is an expression). */
const ASSIGNMENT = new RegExp(
  String.raw`\b(${names})\b[ \t]*[:=][ \t]*(?:(['"\x60])((?:(?!\2).)*)\2|([^\s'"\x60,;#})\]]+))`,
  'g',
);
/** `NAME || 'value'`, `NAME ?? 'value'`: a default in code. */
const FALLBACK = new RegExp(String.raw`\b(${names})\b\s*(?:\|\||\?\?)\s*(['"\x60])((?:(?!\2).)*)\2`, 'g');
/** A client secret in a realm export. */
const REALM_SECRET = /"secret"\s*:\s*"([^"]*)"/g;
/** A password in a PostgreSQL URL. */
const DATABASE_PASSWORD = /postgres(?:ql)?:\/\/[^:/@\s'"`]+:([^@\s'"`]+)@/g;

const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

/**
 * The value a text stands for: a reference to a variable stands for none (`${NAME}`, `$(command)`,
 * a `<placeholder>`, an elided `...`), a reference with a default for its default.
 */
function standsFor(text: string): string | undefined {
  // `${NAME:?message}` requires the variable; `${NAME:-default}` (shell, compose), `${NAME:default}` (Keycloak)…
  const expansion = /^\$\{[A-Za-z_][A-Za-z0-9_]*(?:(:?\?)|:?[-=+]|:)(.*)\}$/.exec(text);
  if (expansion) return expansion[1] === undefined ? standsFor(expansion[2]) : undefined;
  if (text === '' || text.startsWith('$') || /^<.*>$/.test(text) || text.includes('${') || /\.\.\.|…/.test(text))
    return undefined;
  return text;
}

function secretsWritten(): Found[] {
  // Tracked files and the new ones not yet added (a file just moved is still a file of the repository).
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  const found: Found[] = [];
  for (const file of files) {
    const absolute = path.join(ROOT, file);
    if (!fs.existsSync(absolute) || !fs.statSync(absolute).isFile()) continue;
    const text = fs.readFileSync(absolute, 'utf8');
    if (text.includes('\0')) continue;
    const at = (index: number) => `${file}:${text.slice(0, index).split('\n').length}`;
    const add = (setting: Checked, raw: string, index: number) => {
      const value = standsFor(raw);
      if (value !== undefined) found.push({ setting, value, where: at(index) });
    };
    for (const match of text.matchAll(ASSIGNMENT)) {
      const [, name, , quotedValue, bare] = match;
      const setting = settingOf.get(name)!;
      if (quotedValue !== undefined) add(setting, quotedValue, match.index);
      else if (!CODE.test(file)) add(setting, bare, match.index);
    }
    for (const match of text.matchAll(FALLBACK)) add(settingOf.get(match[1])!, match[3], match.index);
    if (/^keycloak\/realm\/.*\.json$/.test(file))
      for (const match of text.matchAll(REALM_SECRET)) add('KEYCLOAK_API_CLIENT_SECRET', match[1], match.index);
    for (const match of text.matchAll(DATABASE_PASSWORD))
      add('DATABASE_URL', decodeURIComponent(match[1]), match.index);
  }
  return found;
}

describe('every secret written in the repository is refused', () => {
  const found = secretsWritten();

  test('the search finds them where the repository writes them', () => {
    const seen = (setting: Checked, value: string, file: string) =>
      found.some((entry) => entry.setting === setting && entry.value === value && entry.where.startsWith(`${file}:`));
    expect(
      seen('PAGE_SESSION_SECRET', 'rushflow-local-page-session-secret-0123456789', 'scripts/lib/stack-config.mjs'),
    ).toBe(true);
    expect(seen('KEYCLOAK_API_CLIENT_SECRET', 'rushflow-api-local-secret', '.env.example')).toBe(true);
    expect(seen('METRICS_TOKEN', 'rushflow-local-metrics-token-0123456789', 'docker-compose.yml')).toBe(true);
    expect(seen('S3_SECRET_ACCESS_KEY', 'rushflow-secret', 'docker-compose.yml')).toBe(true);
    expect(seen('DATABASE_URL', 'postgres', 'docker-compose.yml')).toBe(true);
    expect(seen('S3_ACCESS_KEY_ID', 'rushflow', 'bench/upload.mjs')).toBe(true);
  });

  test('the realm export writes no client secret: Keycloak takes the deployment’s from its environment', () => {
    const realm = fs.readFileSync(path.join(ROOT, 'keycloak', 'realm', 'rushflow-realm.json'), 'utf8');
    const secrets = [...realm.matchAll(REALM_SECRET)].map((match) => match[1]);
    expect(secrets.sort()).toEqual([
      '${GRAFANA_CLIENT_SECRET}',
      '${KEYCLOAK_API_CLIENT_SECRET}',
      '${TEMPORAL_UI_CLIENT_SECRET}',
    ]);
  });

  test('each value found is refused for the setting it is written for', () => {
    const accepted = found.filter(({ setting, value }) => {
      const settings = { ...safe(), [setting]: setting === 'DATABASE_URL' ? withPassword(value) : value };
      return !refused(settings).includes(setting);
    });
    // A new value shipped in the repository: add it to SHIPPED_VALUES in db/production-settings.ts.
    expect(accepted).toEqual([]);
  });
});
