// Keycloak for the local stack: provisioning into the tool cache and `kc.sh start-dev`.
// Node built-ins only (runs before `npm install`).
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TOOL_CACHE, REALM } from '../lib/stack-config.mjs';
import { httpOk, log as defaultLog, run, startProcess, tcpOpen, waitFor } from '../lib/process.mjs';

export const KEYCLOAK_VERSION = '26.5.6';
export const KEYCLOAK_CACHE = path.join(TOOL_CACHE, 'keycloak');
export const KEYCLOAK_HOME = path.join(KEYCLOAK_CACHE, `keycloak-${KEYCLOAK_VERSION}`);
/** Keycloak 26.5 needs Java 21 or newer. */
export const MIN_JAVA_MAJOR = 21;
const JVM_ROOT = '/usr/lib/jvm';
const REALM_FILE = 'rushflow-realm.json';
const THEME = 'rushflow';
/** The common passwords the realm's policy refuses (keycloak/password-blacklists). */
const PASSWORD_BLACKLIST = 'rushflow-common-passwords.txt';
/** The sign-up proof of work (keycloak/providers/proof-of-work), a Maven project built into the tool cache. */
const PROOF_OF_WORK_PROVIDER = path.join('keycloak', 'providers', 'proof-of-work');
const PROOF_OF_WORK_JAR = 'rushflow-keycloak-proof-of-work.jar';
/** The ALTCHA widget the provider's jar carries for the sign-up page. */
const ALTCHA_WIDGET = path.join('node_modules', 'altcha', 'dist', 'main', 'altcha.i18n.min.js');

/**
 * Makes sure Keycloak is unpacked in `home` (by default `~/.cache/rushflow/keycloak/keycloak-<version>`)
 * and returns that folder. When missing, Maven fetches `org.keycloak:keycloak-quarkus-dist:<version>:tar.gz`
 * (from the local Maven repository if it is already there) and `tar` unpacks it.
 * `log(step, message)` defaults to the stack scripts' progress printer.
 */
export async function provisionKeycloak(log = defaultLog, home = KEYCLOAK_HOME) {
  if (fs.existsSync(path.join(home, 'bin', 'kc.sh'))) return home;
  const dl = path.join(KEYCLOAK_CACHE, 'dl');
  const archive = path.join(dl, `keycloak-quarkus-dist-${KEYCLOAK_VERSION}.tar.gz`);
  fs.mkdirSync(dl, { recursive: true });
  if (!fs.existsSync(archive)) {
    if (!onPath('mvn')) {
      throw new Error(
        `Keycloak ${KEYCLOAK_VERSION} is not in ${KEYCLOAK_HOME} and Maven (mvn) is not installed to fetch it. ` +
          'Install Maven, or unpack keycloak-' +
          KEYCLOAK_VERSION +
          '.tar.gz there, or set KEYCLOAK_URL to an existing Keycloak.',
      );
    }
    log('keycloak', `fetching org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:tar.gz with Maven into ${dl}`);
    await run(
      'mvn',
      [
        '-B',
        '-q',
        'dependency:copy',
        `-Dartifact=org.keycloak:keycloak-quarkus-dist:${KEYCLOAK_VERSION}:tar.gz`,
        `-DoutputDirectory=${dl}`,
      ],
      { quiet: true },
    );
  }
  // The archive's top folder is keycloak-<version>: unpacked beside, it becomes `home`.
  const parent = path.dirname(home);
  fs.mkdirSync(parent, { recursive: true });
  log('keycloak', `unpacking ${path.basename(archive)} into ${parent}`);
  await run('tar', ['-xzf', archive, '-C', parent], { quiet: true });
  if (!fs.existsSync(path.join(home, 'bin', 'kc.sh'))) {
    throw new Error(`unpacking ${archive} did not produce ${home}/bin/kc.sh`);
  }
  log('keycloak', `Keycloak ${KEYCLOAK_VERSION} ready in ${home}`);
  return home;
}

/**
 * Starts `kc.sh start-dev --import-realm` for the profile in `config` and resolves with the child
 * once the realm's OIDC discovery document answers. The H2 database lives in
 * `<config.dataDir>/keycloak`, so the dev and test profiles share one install but not their data.
 * The realm is imported only when it does not exist yet in that database.
 */
export async function startKeycloak({ config, root, logDir, home = KEYCLOAK_HOME }) {
  const port = config.ports.keycloak;
  const url = `http://localhost:${port}`;
  if (await tcpOpen(port)) {
    throw new Error(
      `port ${port} is already in use: stop what listens there, or set KEYCLOAK_URL to use that Keycloak`,
    );
  }
  if (!fs.existsSync(path.join(home, 'bin', 'kc.sh'))) {
    throw new Error(`Keycloak is not installed in ${home} (run provisionKeycloak first)`);
  }
  const java = findJava();
  // start-dev picks the provider up from providers/, rebuilding itself when it changed.
  await installCustomisations({ home, root, java });
  // Every stack on this machine shares the install's import folder: the copy holds only
  // placeholders (the same text for all of them).
  stageRealm(home, withDevOrigin(readRealm(root), config));

  const dbDir = path.join(config.dataDir, 'keycloak');
  fs.mkdirSync(dbDir, { recursive: true });

  const env = {
    ...keycloakJavaEnv(java),
    KC_BOOTSTRAP_ADMIN_USERNAME: config.env.KEYCLOAK_ADMIN_USER,
    KC_BOOTSTRAP_ADMIN_PASSWORD: config.env.KEYCLOAK_ADMIN_PASSWORD,
    // Placeholders of keycloak/realm/rushflow-realm.json, resolved when the realm is imported.
    ...realmPlaceholders(config),
  };
  const args = [
    'start-dev',
    '--import-realm',
    '--http-host',
    '127.0.0.1',
    '--http-port',
    String(port),
    '--http-management-port',
    String(config.ports.keycloakManagement),
    '--hostname',
    url,
    '--db-url',
    `jdbc:h2:file:${path.join(dbDir, 'keycloakdb')};NON_KEYWORDS=VALUE`,
  ];
  const started = Date.now();
  const child = startProcess('keycloak', path.join(home, 'bin', 'kc.sh'), args, { env, cwd: home, logDir });
  await waitFor('Keycloak', () => httpOk(`${url}/realms/${REALM}/.well-known/openid-configuration`), {
    timeoutMs: 360_000,
    intervalMs: 1000,
    child,
  });
  child.readyAfterMs = Date.now() - started;
  return child;
}

/**
 * Puts the project's parts into the install `home`: the proof-of-work provider's jar in providers/,
 * the theme, and the password blacklist the realm's policy names. Copied on every start.
 * Returns the path of the provider's jar in the tool cache (its name changes with its content).
 */
export async function installCustomisations({ home, root, java }) {
  const providerJar = await buildProofOfWorkProvider(root, java);
  const installedJar = path.join(home, 'providers', PROOF_OF_WORK_JAR);
  // Left untouched when unchanged: a newer jar makes a built (`--optimized`) server ask for a rebuild.
  if (!fs.existsSync(installedJar) || !fs.readFileSync(installedJar).equals(fs.readFileSync(providerJar))) {
    fs.copyFileSync(providerJar, `${installedJar}.${process.pid}.tmp`);
    fs.renameSync(`${installedJar}.${process.pid}.tmp`, installedJar);
  }

  const themeTarget = path.join(home, 'themes', THEME);
  fs.rmSync(themeTarget, { recursive: true, force: true });
  fs.cpSync(path.join(root, 'keycloak', 'themes', THEME), themeTarget, { recursive: true });
  // The realm's password policy names this list; Keycloak reads it from data/password-blacklists.
  const blacklists = path.join(home, 'data', 'password-blacklists');
  fs.mkdirSync(blacklists, { recursive: true });
  const blacklist = path.join(blacklists, PASSWORD_BLACKLIST);
  fs.copyFileSync(
    path.join(root, 'keycloak', 'password-blacklists', PASSWORD_BLACKLIST),
    `${blacklist}.${process.pid}.tmp`,
  );
  fs.renameSync(`${blacklist}.${process.pid}.tmp`, blacklist);
  return providerJar;
}

/** The tracked realm file (keycloak/realm), placeholders unresolved. */
export function readRealm(root) {
  return JSON.parse(fs.readFileSync(path.join(root, 'keycloak', 'realm', REALM_FILE), 'utf8'));
}

/** Writes `realm` into `<home>/data/import` for `--import-realm`, swapped in whole, never read half written. */
export function stageRealm(home, realm) {
  const importDir = path.join(home, 'data', 'import');
  fs.mkdirSync(importDir, { recursive: true });
  const staged = path.join(importDir, `.${REALM_FILE}.${process.pid}.tmp`);
  fs.writeFileSync(staged, JSON.stringify(realm, null, 2));
  fs.renameSync(staged, path.join(importDir, REALM_FILE));
}

/** The environment `kc.sh` needs to run on `java` (from findJava). */
export function keycloakJavaEnv(java) {
  return {
    JAVA_HOME: java.home,
    PATH: `${path.join(java.home, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    // Java 24+: let Keycloak's thread pools reset thread locals and use sun.misc.Unsafe without warnings.
    ...(java.major >= 24
      ? {
          JAVA_OPTS_APPEND:
            `${process.env.JAVA_OPTS_APPEND ?? ''} --add-opens=java.base/java.lang=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow`.trim(),
        }
      : {}),
  };
}

/**
 * The proof-of-work provider's jar for the current source, widget and Keycloak version: from the tool cache,
 * or built there with Maven (against the Keycloak version's SPI jars) when the source changed.
 */
async function buildProofOfWorkProvider(root, java, log = defaultLog) {
  const source = path.join(root, PROOF_OF_WORK_PROVIDER);
  const hash = createHash('sha256')
    .update(KEYCLOAK_VERSION)
    .update(fs.readFileSync(path.join(root, ALTCHA_WIDGET)));
  for (const file of fs.readdirSync(source, { recursive: true }).sort()) {
    const full = path.join(source, file);
    // An in-tree `mvn package` leaves its output in target/: not source.
    if (file.split(path.sep)[0] === 'target') continue;
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const cached = path.join(TOOL_CACHE, 'keycloak-providers', hash.digest('hex').slice(0, 16), PROOF_OF_WORK_JAR);
  if (fs.existsSync(cached)) return cached;
  if (!onPath('mvn')) {
    throw new Error(`Maven (mvn) is needed to build the Keycloak provider in ${source}: install Maven.`);
  }
  const buildDir = `${path.dirname(cached)}.${process.pid}.build`;
  log('keycloak', `building the proof-of-work provider with Maven into ${path.dirname(cached)}`);
  await run(
    'mvn',
    [
      '-B',
      '-q',
      '-f',
      path.join(source, 'pom.xml'),
      'package',
      `-Dkeycloak.version=${KEYCLOAK_VERSION}`,
      `-Daltcha.dir=${path.dirname(path.join(root, ALTCHA_WIDGET))}`,
      `-DbuildDirectory=${buildDir}`,
    ],
    { quiet: true, env: { JAVA_HOME: java.home } },
  );
  fs.mkdirSync(path.dirname(cached), { recursive: true });
  fs.renameSync(path.join(buildDir, PROOF_OF_WORK_JAR), cached);
  fs.rmSync(buildDir, { recursive: true, force: true });
  return cached;
}

/**
 * The realm as the dev and test stacks import it: the tracked file, which holds only the product's
 * own origin, plus the Vite dev server's origin on the SPA's client (`npm run dev` signs in there).
 */
function withDevOrigin(realm, config) {
  const spa = realm.clients.find((client) => client.clientId === config.env.KEYCLOAK_SPA_CLIENT_ID);
  spa.redirectUris.push('${VITE_URL}/*');
  spa.webOrigins.push('${VITE_URL}');
  spa.attributes['post.logout.redirect.uris'] += '##${VITE_URL}/*';
  return realm;
}

/** The environment variables the imported realm refers to, for this profile. */
export function realmPlaceholders(config) {
  const smtp = new URL(config.env.SMTP_URL);
  return {
    APP_URL: config.env.APP_URL,
    VITE_URL: config.env.VITE_URL,
    SMTP_HOST: smtp.hostname,
    SMTP_PORT: smtp.port || (smtp.protocol === 'smtps:' ? '465' : '25'),
    MAIL_FROM_ADDRESS: mailAddress(config.env.MAIL_FROM),
    KEYCLOAK_API_CLIENT_SECRET: config.env.KEYCLOAK_API_CLIENT_SECRET,
    TEMPORAL_UI_URL: config.env.TEMPORAL_UI_URL,
    TEMPORAL_UI_CLIENT_SECRET: clientSecret(config.dataDir, 'temporal-ui'),
    // Grafana runs in production only (deploy/compose.yaml): here its client points at an address
    // that never resolves (RFC 2606), and keeps the admins-only sign-in the realm test checks.
    GRAFANA_URL: 'https://grafana.invalid',
    GRAFANA_CLIENT_SECRET: clientSecret(config.dataDir, 'grafana'),
    // Sign-ups per address and hour before the page asks for a proof of work. The browser tests sign
    // up from loopback all along: their own test brings it down through the admin api.
    SIGN_UP_PROOF_OF_WORK_THRESHOLD: config.profile === 'test' ? '100000' : '3',
  };
}

/**
 * A confidential client's secret in the local stacks (`temporal-ui`: the cluster's UI server signs
 * in with it, scripts/services/temporal-ui.mjs); otherwise the stacks only need the realm imported
 * without its placeholder. Made once per data folder, beside the realm's database, so it stays the
 * secret of the realm that folder holds.
 */
function clientSecret(dataDir, client) {
  const file = path.join(dataDir, 'keycloak', `${client}-client-secret`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8');
}

/** `Rushflow <bonjour@rushflow.local>` → `bonjour@rushflow.local`. */
function mailAddress(from) {
  const match = /<([^>]+)>/.exec(from ?? '');
  return (match ? match[1] : (from ?? '')).trim();
}

/** A JDK ≥ 21: JAVA_HOME when recent enough, else the newest one under /usr/lib/jvm. */
export function findJava() {
  const candidates = [];
  if (process.env.JAVA_HOME) candidates.push(process.env.JAVA_HOME);
  if (fs.existsSync(JVM_ROOT)) {
    for (const entry of fs.readdirSync(JVM_ROOT)) candidates.push(path.join(JVM_ROOT, entry));
  }
  const seen = [];
  let best = null;
  for (const home of candidates) {
    const major = javaMajor(home);
    if (major === null) continue;
    seen.push(`${home} (${major})`);
    if (home === process.env.JAVA_HOME && major >= MIN_JAVA_MAJOR) return { home, major };
    if (major >= MIN_JAVA_MAJOR && (!best || major > best.major)) best = { home, major };
  }
  if (best) return best;
  throw new Error(
    `Keycloak ${KEYCLOAK_VERSION} needs Java ${MIN_JAVA_MAJOR} or newer; found ` +
      `${seen.length ? seen.join(', ') : 'no JDK'}. Install one (e.g. apt-get install openjdk-21-jdk-headless) ` +
      'and/or point JAVA_HOME at it.',
  );
}

function javaMajor(home) {
  const java = path.join(home, 'bin', 'java');
  if (!fs.existsSync(java)) return null;
  const result = spawnSync(java, ['-version'], { encoding: 'utf8', timeout: 15_000 });
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  const first = Number(match[1]);
  return first === 1 ? Number(match[2]) : first;
}

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
}
