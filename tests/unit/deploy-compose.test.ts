import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../api/config';
import { loadWorkerConfig } from '../../activities/config';
import { BUCKETS } from '../../clients/storage';
import { DEFAULT_HEALTH_NAMESPACE } from '../../workflows/contracts/ping';
import {
  RUSHFLOW_CLIENT_EMAIL,
  RUSHFLOW_EDITOR_ID,
  RUSHFLOW_STATUS,
  RUSHFLOW_VIDEO_TYPE,
} from '../../workflows/contracts/project';

/**
 * The production topology (deploy/compose.yaml) and the development stack (docker-compose.yml), read
 * by the Compose Specification's reference parser, compose-go (the loader of `docker compose`
 * itself): it validates against the specification's schema and normalises the file without any
 * Docker engine. It runs through `go run`, which fetches it once and keeps it in Go's caches.
 */

const ROOT = path.join(__dirname, '..', '..');
const DEPLOY = path.join(ROOT, 'deploy');
const PARSER = 'github.com/compose-spec/compose-go/v2/cmd@v2.16.2';

interface Port {
  published?: string;
  target: number;
  protocol?: string;
  host_ip?: string;
}
interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string | null>;
  ports?: Port[];
  networks?: Record<string, unknown>;
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  secrets?: { source: string }[];
  restart?: string;
  stop_grace_period?: string;
  volumes?: { type: string; source?: string }[];
}
interface Model {
  services: Record<string, Service>;
  networks?: Record<string, { internal?: boolean }>;
  secrets?: Record<string, { name: string; environment?: string }>;
}

/** The file as the parser normalises it; `interpolate: false` keeps each `${VARIABLE}` as written. */
function parse(file: string, { interpolate }: { interpolate: boolean }): Model {
  const result = spawnSync(
    'go',
    ['run', PARSER, '-format', 'json', ...(interpolate ? [] : ['-no-interpolation']), path.basename(file)],
    // From the file's folder, as `docker compose -f` resolves relative paths.
    { cwd: path.dirname(file), encoding: 'utf8', env: { ...process.env, GOFLAGS: '' } },
  );
  if (result.error)
    throw new Error(
      `The Compose parser needs Go ≥ 1.24 on PATH (README: prerequisites) to run \`go run ${PARSER}\`: ${result.error.message}`,
    );
  if (result.status !== 0) {
    if (result.stderr.includes('failed to load project'))
      throw new Error(`${path.relative(ROOT, file)} is not a valid Compose file:\n${result.stderr}`);
    throw new Error(`\`go run ${PARSER}\` could not fetch or build the Compose parser:\n${result.stderr}`);
  }
  return JSON.parse(result.stdout) as Model;
}

/** `${NAME}` or `${NAME:?message}`: a value the environment must give, with no default written here. */
const REQUIRED_REFERENCE = /^\$\{[A-Z][A-Z0-9_]*(:\?[^}]*)?\}$/;
/**
 * Names that hold a secret: one of these words between underscores (not KEYCLOAK_URL's KEY), unless
 * the name ends there in `_URL` (an OAuth TOKEN_URL is an address; URLs' passwords are checked apart).
 */
const SECRET_WORD = /(^|_)(SECRET|PASSWORD|PWD|KEY|TOKEN)(_(?!URL$)|$)/;
const URL_PASSWORD = /^[a-z][a-z0-9+.-]*:\/\/[^:/@\s]+:([^@\s]+)@/i;

/** The variables an env file lists: `NAME=value`, and `# NAME=` for the optional ones. */
function envFile(file: string): Map<string, { value: string; optional: boolean }> {
  const variables = new Map<string, { value: string; optional: boolean }>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) variables.set(match[2], { value: match[3], optional: match[1] !== undefined });
  }
  return variables;
}

/** Go-style durations as compose writes them (`45s`, `1m30s`), in seconds. */
function seconds(duration = '0s'): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1 };
  return [...duration.matchAll(/(\d+)([hms])/g)].reduce((sum, [, n, unit]) => sum + Number(n) * units[unit], 0);
}

const completed = { condition: 'service_completed_successfully' };

describe('deploy/compose.yaml', () => {
  const file = path.join(DEPLOY, 'compose.yaml');
  let model: Model;
  let services: Record<string, Service>;
  const env = (service: string) => services[service].environment ?? {};

  beforeAll(() => {
    model = parse(file, { interpolate: false });
    services = model.services;
  }, 300_000);

  test('only Caddy publishes ports (80, 443 over TCP and UDP), and it is alone on the edge network', () => {
    const publishing = Object.keys(services).filter((name) => services[name].ports?.length);
    expect(publishing).toEqual(['caddy']);
    expect(services.caddy.ports!.map((port) => `${port.published}:${port.target}/${port.protocol}`).sort()).toEqual([
      '443:443/tcp',
      '443:443/udp',
      '80:80/tcp',
    ]);
    expect(Object.keys(services).filter((name) => 'edge' in (services[name].networks ?? {}))).toEqual(['caddy']);
    expect(model.networks?.app.internal).toBe(true);
  });

  test('Temporal’s frontend is on the internal network only', () => {
    expect(services.temporal.ports).toBeUndefined();
    expect(Object.keys(services.temporal.networks ?? {})).toEqual(['app']);
  });

  test('no secret is written in the file: each comes from the environment, with no default', () => {
    const literals: string[] = [];
    for (const [name, service] of Object.entries(services))
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (value === null) continue;
        const password = URL_PASSWORD.exec(value)?.[1];
        if (SECRET_WORD.test(variable) && !REQUIRED_REFERENCE.test(value)) literals.push(`${name}.${variable}`);
        if (password !== undefined && !REQUIRED_REFERENCE.test(password)) literals.push(`${name}.${variable} (URL)`);
      }
    expect(literals).toEqual([]);
    // The check sees the secrets at all: the api's own are among them.
    expect(env('api').PAGE_SESSION_SECRET).toMatch(REQUIRED_REFERENCE);
    expect(URL_PASSWORD.exec(env('api').DATABASE_URL!)?.[1]).toMatch(REQUIRED_REFERENCE);
  });

  test('env/secrets.env.example lists exactly the variables the file reads', () => {
    const text = JSON.stringify(services);
    const required = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)[^}]*\}/g)].map((m) => m[1]));
    const withDefault = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*):-[^}]*\}/g)].map((m) => m[1]));
    for (const name of withDefault) required.delete(name);
    const example = envFile(path.join(DEPLOY, 'env', 'secrets.env.example'));
    const listed = (optional: boolean) =>
      [...example].filter(([, entry]) => entry.optional === optional).map(([name]) => name);
    expect(listed(false).sort()).toEqual([...required].sort());
    expect(listed(true).sort()).toEqual([...withDefault].sort());
    expect([...example.values()].filter((entry) => entry.value !== '' && !entry.optional)).toEqual([]);
  });

  describe('make-secrets.sh', () => {
    let dir: string;
    beforeAll(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-secrets-'));
    });
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    test('writes long random secrets and leaves only the agency’s settings to fill in; never overwrites', () => {
      const target = path.join(dir, 'secrets.env');
      const make = () => spawnSync('sh', [path.join(DEPLOY, 'make-secrets.sh'), target], { encoding: 'utf8' });
      expect(make().status).toBe(0);
      const written = envFile(target);
      const values = [...written].filter(([, entry]) => !entry.optional);
      expect(values.filter(([, { value }]) => value === '').map(([name]) => name)).toEqual([
        'RUSHFLOW_DOMAIN',
        'ACME_EMAIL',
        'MAIL_FROM_ADDRESS',
        'SMTP_URL',
        'SMTP_HOST',
        'SMTP_PORT',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ]);
      const generated = values.filter(([, { value }]) => value !== '');
      const accessKeys = ['MINIO_ROOT_USER', 'S3_ACCESS_KEY_ID'];
      for (const [name, { value }] of generated)
        expect([name, value]).toEqual([
          name,
          expect.stringMatching(accessKeys.includes(name) ? /^[0-9A-F]{20}$/ : /^[A-Za-z0-9]{40}$/),
        ]);
      expect(new Set(generated.map(([, { value }]) => value)).size).toBe(generated.length);
      expect(fs.statSync(target).mode & 0o077).toBe(0);

      const before = fs.readFileSync(target, 'utf8');
      expect(make().status).not.toBe(0);
      expect(fs.readFileSync(target, 'utf8')).toBe(before);
    });
  });

  test('the one-shot jobs run before what needs them', () => {
    for (const service of ['api', 'worker'])
      expect(services[service].depends_on).toEqual({
        migrate: expect.objectContaining(completed),
        'temporal-namespaces': expect.objectContaining(completed),
        'minio-setup': expect.objectContaining(completed),
      });
    expect(services.temporal.depends_on?.['temporal-schema']).toEqual(expect.objectContaining(completed));
    expect(services.keycloak.depends_on?.['keycloak-import']).toEqual(expect.objectContaining(completed));
    for (const job of ['migrate', 'temporal-schema', 'temporal-namespaces', 'keycloak-import', 'minio-setup'])
      expect([job, services[job].restart]).toEqual([job, undefined]);
    const missing = Object.entries(services).flatMap(([name, service]) =>
      Object.keys(service.depends_on ?? {})
        .filter((target) => !(target in services))
        .map((target) => `${name} → ${target}`),
    );
    expect(missing).toEqual([]);
  });

  test('api ×2 behind Caddy, worker ×2, migrations: the one image and its three commands', () => {
    const image = services.api.image;
    expect(image).toContain('rushflow');
    expect([services.worker.image, services.migrate.image]).toEqual([image, image]);
    expect(services.api.deploy?.replicas).toBe(2);
    expect(services.worker.deploy?.replicas).toBe(2);
    expect(services.api.command).toBeUndefined();
    expect(services.worker.command).toEqual(['node', 'dist/activities/worker.js']);
    expect(services.migrate.command).toEqual(['node', 'dist/db/migrate.js', 'up']);
    expect(env('api')).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: 'true', HOST: '0.0.0.0' });
    expect(env('api').APP_URL).toMatch(/^https:\/\//);
    expect([services.api.restart, services.worker.restart]).toEqual(['unless-stopped', 'unless-stopped']);
  });

  test('Docker waits longer than the api’s drain and the worker’s grace before killing them', () => {
    // The defaults of the api's and the worker's configuration, around the settings they require.
    const required = { DATABASE_URL: 'postgres://db.example.com/rushflow', SMTP_URL: 'smtp://smtp.example.com' };
    const secrets = [
      'KEYCLOAK_API_CLIENT_SECRET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'METRICS_TOKEN',
    ];
    const api = loadConfig({
      ...required,
      ...Object.fromEntries(
        [...secrets, 'PAGE_SESSION_SECRET', 'METRICS_TOKEN'].map((name) => [name, randomBytes(32).toString('hex')]),
      ),
      KEYCLOAK_URL: 'https://auth.example.com',
    });
    const worker = loadWorkerConfig(required);
    expect(seconds(services.api.stop_grace_period)).toBeGreaterThan(api.SHUTDOWN_DRAIN_SECONDS + 5);
    expect(seconds(services.worker.stop_grace_period)).toBeGreaterThan(worker.WORKER_SHUTDOWN_GRACE_SECONDS + 5);
  });

  test('Keycloak: two nodes in production mode, on PostgreSQL, the realm imported once before them', () => {
    expect(JSON.stringify(model)).not.toContain('start-dev');
    expect(services.keycloak.command).toEqual(['start']);
    expect(services.keycloak.deploy?.replicas).toBe(2);
    expect(env('keycloak')).toMatchObject({ KC_DB: 'postgres', KC_PROXY_HEADERS: 'xforwarded' });
    expect(env('keycloak').KC_HOSTNAME).toMatch(/^https:\/\/auth\./);
    expect(services['keycloak-import'].command).toEqual([
      'import',
      '--file',
      '/opt/keycloak/data/import/rushflow-realm.json',
      '--override',
      'false',
    ]);
  });

  test('the import gives the realm every placeholder it has no default for', () => {
    const realm = fs.readFileSync(path.join(ROOT, 'keycloak', 'realm', 'rushflow-realm.json'), 'utf8');
    const placeholders = new Set([...realm.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((match) => match[1]));
    expect(placeholders.size).toBeGreaterThan(0);
    expect([...placeholders].filter((name) => !(name in env('keycloak-import')))).toEqual([]);
  });

  test('Temporal: the server on PostgreSQL, the product’s namespaces and search attributes', () => {
    expect(services.temporal.image).toMatch(/^temporalio\/server:/);
    expect(env('temporal').DB).toBe('postgres12');
    expect(env('temporal-namespaces').NAMESPACES?.split(' ')).toEqual(['default', DEFAULT_HEALTH_NAMESPACE]);
    expect(env('temporal-namespaces').SEARCH_ATTRIBUTES?.split(' ')).toEqual(
      [RUSHFLOW_STATUS, RUSHFLOW_CLIENT_EMAIL, RUSHFLOW_EDITOR_ID, RUSHFLOW_VIDEO_TYPE].map((key) => key.name),
    );
  });

  test('the Temporal UI signs in through Keycloak’s client for admins', () => {
    expect(env('temporal-ui')).toMatchObject({
      TEMPORAL_AUTH_ENABLED: 'true',
      TEMPORAL_AUTH_CLIENT_ID: 'rushflow-temporal-ui',
      TEMPORAL_AUTH_SCOPES: 'openid,profile,email',
    });
    expect(env('temporal-ui').TEMPORAL_AUTH_PROVIDER_URL).toMatch(/^https:\/\/auth\..*\/realms\/rushflow$/);
    expect(env('temporal-ui').TEMPORAL_AUTH_CALLBACK_URL).toMatch(/^https:\/\/temporal\..*\/auth\/sso\/callback$/);
  });

  test('observability: traces to Jaeger, the replicas scraped where they serve, Grafana’s trace links', () => {
    for (const service of ['api', 'worker'])
      expect([service, env(service).OTEL_EXPORTER_OTLP_ENDPOINT]).toEqual([service, 'http://jaeger:4318']);
    for (const service of ['prometheus', 'jaeger', 'grafana'])
      expect([service, Object.keys(services[service].networks ?? {})]).toEqual([service, ['app']]);

    // prometheus.yml's targets: the api's port and the worker's metrics port, the api's token as
    // the secret made from METRICS_TOKEN, which the api checks.
    const prometheus = fs.readFileSync(path.join(DEPLOY, 'observability', 'prometheus.yml'), 'utf8');
    const target = (job: string) =>
      new RegExp(`job_name: ${job}\\n[\\s\\S]*?names: \\[${job}\\]\\s+type: A\\s+port: (\\d+)`).exec(prometheus)?.[1];
    expect([target('api'), target('worker')]).toEqual(['3000', env('worker').WORKER_METRICS_PORT]);
    expect(prometheus).toContain('credentials_file: /run/secrets/metrics-token');
    expect(model.secrets?.['metrics-token']).toEqual({ name: expect.any(String), environment: 'METRICS_TOKEN' });
    expect(services.prometheus.secrets?.map((secret) => secret.source)).toEqual(['metrics-token']);
    expect(env('api').METRICS_TOKEN).toBe('${METRICS_TOKEN:?}');

    // The admin's trace link opens Grafana's Explore on the provisioned Jaeger data source.
    const link = new URL(env('api').TRACE_URL_TEMPLATE!.replace('${RUSHFLOW_DOMAIN:?}', 'example.com'));
    expect(`${link.origin}${link.pathname}`).toBe('https://grafana.example.com/explore');
    const panes = JSON.parse(link.searchParams.get('panes')!) as Record<string, unknown>;
    expect(Object.values(panes)).toEqual([
      expect.objectContaining({
        datasource: 'jaeger',
        queries: [expect.objectContaining({ datasource: { type: 'jaeger', uid: 'jaeger' }, query: '{traceId}' })],
      }),
    ]);
    const datasources = fs.readFileSync(
      path.join(DEPLOY, 'observability', 'grafana', 'provisioning', 'datasources', 'datasources.yml'),
      'utf8',
    );
    expect(datasources).toMatch(/uid: jaeger\n\s+type: jaeger\n/);
    expect(env('grafana')).toMatchObject({
      GF_AUTH_GENERIC_OAUTH_CLIENT_ID: 'rushflow-grafana',
      GF_AUTH_GENERIC_OAUTH_ROLE_ATTRIBUTE_STRICT: 'true',
    });
  });

  test('MinIO gets the product’s buckets', () => {
    expect(env('minio-setup').BUCKETS?.split(' ')).toEqual(Object.values(BUCKETS));
  });

  test('every file mounted from the repository exists', () => {
    const sources = Object.values(services).flatMap((service) =>
      (service.volumes ?? []).filter((volume) => volume.type === 'bind').map((volume) => volume.source!),
    );
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((source) => !fs.existsSync(source))).toEqual([]);
  });

  test('Caddy proxies to services of the file and reads only variables it is given', () => {
    const caddyfile = fs.readFileSync(path.join(DEPLOY, 'Caddyfile'), 'utf8');
    const upstreams = [...caddyfile.matchAll(/(?:dynamic a |reverse_proxy )([a-z][a-z-]*)[ :]/g)].map((m) => m[1]);
    expect(upstreams.sort()).toEqual(['api', 'grafana', 'keycloak', 'minio', 'temporal-ui']);
    const variables = new Set([...caddyfile.matchAll(/\{\$([A-Z][A-Z0-9_]*)\}/g)].map((match) => match[1]));
    expect([...variables].filter((name) => !(name in env('caddy')))).toEqual([]);
  });
});

describe('docker-compose.yml (development)', () => {
  test('is a valid Compose file that publishes every port on loopback only', () => {
    const { services } = parse(path.join(ROOT, 'docker-compose.yml'), { interpolate: true });
    const ports = Object.entries(services).flatMap(([name, service]) =>
      (service.ports ?? []).map((port) => ({ name, port: `${port.host_ip ?? ''}:${port.published}` })),
    );
    expect(ports.length).toBeGreaterThan(0);
    expect(ports.filter(({ port }) => !port.startsWith('127.0.0.1:'))).toEqual([]);
  }, 300_000);
});
