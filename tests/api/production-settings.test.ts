import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { MESSAGES } from '../../domain/messages';
import { PAYMENT_MESSAGES } from '../../domain/payments';
import { spawnUntilReady, startOnFreePorts } from '../support/free-port-process';
import { startOwnApi } from '../support/own-api';
import { testStack } from '../support/stack-env';

/**
 * NODE_ENV=production against the real stack: the api, the worker and the migrations refuse to
 * start on each unsafe setting, naming it, and the api starts with a deployment's settings.
 */
jest.setTimeout(240_000);

const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const { config } = testStack();

const random = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** The stack's database reached as `user`. */
function databaseUrlAs(user: string, password: string): string {
  const url = new URL(config.DATABASE_URL);
  url.username = user;
  url.password = password;
  return url.toString();
}

// The stack's database with a role of this test's own: the shipped `postgres` password is refused.
const role = `rushflow_production_${randomBytes(4).toString('hex')}`;
const rolePassword = random(30); // 40 characters
let admin: Client;

/**
 * A deployment's settings. The api's start reaches only PostgreSQL: S3, Keycloak, SMTP and Stripe
 * are reached at the first request needing them, so their credentials need not work here.
 */
const production: Record<string, string> = {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrlAs(role, rolePassword),
  PAGE_SESSION_SECRET: random(),
  METRICS_TOKEN: random(),
  KEYCLOAK_API_CLIENT_SECRET: random(),
  STRIPE_WEBHOOK_SECRET: `whsec_${random()}`,
  S3_ACCESS_KEY_ID: randomBytes(10).toString('hex').toUpperCase(),
  S3_SECRET_ACCESS_KEY: random(30),
  STRIPE_SECRET_KEY: `sk_test_${random()}`,
  ALLOW_STRIPE_TEST_MODE: 'true',
  STRIPE_API_BASE: '',
  APP_URL: 'https://rushflow.example',
  // A name that resolves nowhere (RFC 2606): the api needs no mail server to start.
  SMTP_URL: 'smtp://smtp.rushflow.invalid:587',
};

beforeAll(async () => {
  admin = new Client({ connectionString: config.DATABASE_URL });
  await admin.connect();
  await admin.query(`create role "${role}" login password '${rolePassword}'`);
  await admin.query(`grant usage on schema public to "${role}"`);
  await admin.query(`grant select, insert, update, delete on all tables in schema public to "${role}"`);
  await admin.query(`grant usage, select on all sequences in schema public to "${role}"`);
});

afterAll(async () => {
  await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [role]);
  await admin.query(`drop owned by "${role}"`);
  await admin.query(`drop role "${role}"`);
  await admin.end();
});

/** Runs `tsx <args>` until it exits (killed, and the test failed, after 90 s): its exit code and output. */
function runToExit(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(TSX, args, {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`tsx ${args.join(' ')} still running after 90 s; output: ${output}`));
    }, 90_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The variables a refusal names: its lines `  NAME: why`. */
/** The output's text, the `reason` of its JSON log lines in place of the lines (a refusal is logged as its reason). */
const plainText = (output: string) =>
  output
    .split('\n')
    .map((line) => {
      try {
        const { reason } = JSON.parse(line) as { reason?: unknown };
        return typeof reason === 'string' ? reason : line;
      } catch {
        return line;
      }
    })
    .join('\n');
const namedIn = (output: string) => [...plainText(output).matchAll(/^ {2}([A-Z0-9_]+): /gm)].map((match) => match[1]);

/** The api (`tsx api/server.ts`) on a free port with `env` over the stack's environment. */
const runApiToExit = (env: Record<string, string>) =>
  startOnFreePorts(1, ([port]) => runToExit(['api/server.ts'], { ...env, PORT: String(port) }));

describe('the api refuses to start in production', () => {
  test.each<[string, Record<string, string>, string]>([
    [
      'the shipped page session secret',
      { PAGE_SESSION_SECRET: 'rushflow-local-page-session-secret-0123456789' },
      'PAGE_SESSION_SECRET: valeur livrée dans le dépôt, refusée en production',
    ],
    [
      'the shipped metrics token',
      { METRICS_TOKEN: 'rushflow-local-metrics-token-0123456789' },
      'METRICS_TOKEN: valeur livrée dans le dépôt, refusée en production',
    ],
    ['a short metrics token', { METRICS_TOKEN: random(12) }, 'METRICS_TOKEN: moins de 32 octets, refusé en production'],
    [
      'a secret under 32 bytes',
      { KEYCLOAK_API_CLIENT_SECRET: random(12) },
      'KEYCLOAK_API_CLIENT_SECRET: moins de 32 octets, refusé en production',
    ],
    [
      'the shipped Keycloak client secret',
      { KEYCLOAK_API_CLIENT_SECRET: 'rushflow-api-local-secret' },
      'KEYCLOAK_API_CLIENT_SECRET: valeur livrée dans le dépôt',
    ],
    [
      'the shipped webhook secret',
      { STRIPE_WEBHOOK_SECRET: 'whsec_rushflow_local' },
      'STRIPE_WEBHOOK_SECRET: valeur livrée dans le dépôt',
    ],
    ['the shipped storage key id', { S3_ACCESS_KEY_ID: 'rushflow' }, 'S3_ACCESS_KEY_ID: valeur livrée dans le dépôt'],
    [
      'the shipped storage secret',
      { S3_SECRET_ACCESS_KEY: 'rushflow-secret' },
      'S3_SECRET_ACCESS_KEY: valeur livrée dans le dépôt',
    ],
    [
      'the shipped database password',
      { DATABASE_URL: config.DATABASE_URL },
      'DATABASE_URL: mot de passe livré dans le dépôt',
    ],
    ['no Stripe key (the simulated checkout)', { STRIPE_SECRET_KEY: '' }, 'STRIPE_SECRET_KEY: vide'],
    [
      'a Stripe test key without the allowance',
      { ALLOW_STRIPE_TEST_MODE: 'false' },
      'STRIPE_SECRET_KEY: clé de test refusée en production sans ALLOW_STRIPE_TEST_MODE=true',
    ],
    ['stripe-mock', { STRIPE_API_BASE: config.STRIPE_API_BASE }, 'STRIPE_API_BASE: stripe-mock refusé'],
    ['a site in http', { APP_URL: config.APP_URL }, 'APP_URL: doit être en https en production'],
    ['the test stack’s mail capture', { SMTP_URL: config.SMTP_URL }, 'SMTP_URL: serveur de capture local'],
    ['the mail capture of docker-compose', { SMTP_URL: 'smtp://mail:1025' }, 'SMTP_URL: serveur de capture local'],
  ])('%s', async (_, unsafe, line) => {
    const { code, output } = await runApiToExit({ ...production, ...unsafe });
    expect(code).not.toBe(0);
    expect(output).toContain(`  ${line}`);
    // One line for the one unsafe setting: the others are a deployment's.
    expect(namedIn(output)).toEqual([line.split(':')[0]]);
  });
});

test('the api starts in production with a deployment’s settings', async () => {
  let api: ChildProcess | undefined;
  let base = '';
  await startOnFreePorts(1, async ([port]) => {
    base = `http://127.0.0.1:${port}`;
    api = await spawnUntilReady(TSX, ['api/server.ts'], {
      cwd: ROOT,
      detached: true,
      env: { ...process.env, ...production, PORT: String(port) },
      ready: async () => (await fetch(`${base}/api/config`)).ok,
      timeoutMs: 90_000,
      what: `the api in production on ${port}`,
    });
  });
  try {
    const response = await fetch(`${base}/api/config`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { appName: string }).appName).toBe('Rushflow');
  } finally {
    if (api?.pid) {
      const exited = new Promise((resolve) => api!.once('exit', resolve));
      process.kill(-api.pid, 'SIGTERM');
      await exited;
    }
  }
});

test('the worker refuses the shipped database password in production', async () => {
  const { code, output } = await runToExit(['activities/worker.ts'], {
    ...production,
    DATABASE_URL: config.DATABASE_URL,
  });
  expect(code).not.toBe(0);
  expect(output).toContain('  DATABASE_URL: mot de passe livré dans le dépôt, refusé en production');
  expect(namedIn(output)).toEqual(['DATABASE_URL']);
});

test('the migrations refuse the shipped database password in production', async () => {
  const { code, output } = await runToExit(['db/migrate.ts', 'up'], {
    NODE_ENV: 'production',
    DATABASE_URL: config.DATABASE_URL,
  });
  expect(code).not.toBe(0);
  expect(output).toContain('  DATABASE_URL: mot de passe livré dans le dépôt, refusé en production');
  expect(namedIn(output)).toEqual(['DATABASE_URL']);
  expect(output).not.toMatch(/applied|nothing to apply/);
});

test('the simulated checkout does not exist in production, even without a Stripe key', async () => {
  expect(config.STRIPE_SECRET_KEY).toBe('');
  const missing = `/api/payments/simulated/cs_test_sim_${randomBytes(8).toString('hex')}`;
  const test = await startOwnApi(config);
  const live = await startOwnApi({ ...config, NODE_ENV: 'production' });
  try {
    const [there, absent] = await Promise.all([fetch(`${test.base}${missing}`), fetch(`${live.base}${missing}`)]);
    expect([there.status, absent.status]).toEqual([404, 404]);
    expect(((await there.json()) as { error: string }).error).toBe(PAYMENT_MESSAGES.noPendingBrief);
    expect(((await absent.json()) as { error: string }).error).toBe(MESSAGES.routeNotFound);
  } finally {
    await Promise.all([test.close(), live.close()]);
  }
});
