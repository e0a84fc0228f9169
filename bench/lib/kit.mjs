// What the benches share: a free loopback port, an api process of the bench's own, the demo
// accounts' sign-in, Debian's chromium as the benches launch it, a build of the front end with
// source maps and its chunk graph (which files a page needs, their gzipped size) and the machine's
// load average.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { loginWithPassword } from '../../tests/support/keycloak-login.ts';
import { seedProject } from '../../tests/support/project-seed.ts';

/** The load average over 1, 5 and 15 minutes, as the benches print it: the machine is shared. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** The value at percentile `p` (0–100) of ascending `sorted` values, as every bench reports them. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `url` answers 2xx; `what` names it when it has not after 60 s. */
export async function waitUntilAnswering(url, what) {
  for (let waited = 0; ; waited += 250) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (waited > 60_000) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The api as a process of the bench's own (`tsx api/server.ts` in `root`) on `databaseUrl`, with the
 * stack's other settings (`config.env`) and `env`, once it answers: `{ base, api }` (the child process).
 */
export async function startBenchApi(root, config, databaseUrl, env = {}) {
  const port = await freePort();
  const api = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['api/server.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, ...config.env, DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'ERROR', ...env },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${base}/api/pricing/settings`, 'the api');
  } catch (error) {
    api.kill('SIGTERM');
    throw error;
  }
  return { base, api };
}

/** Signs an account in through the stack's Keycloak form, as the SPA does: its access token. */
export function signInAs(config, email, password) {
  return loginWithPassword({
    keycloakUrl: config.env.KEYCLOAK_URL,
    realm: config.env.KEYCLOAK_REALM,
    clientId: config.env.KEYCLOAK_SPA_CLIENT_ID,
    redirectUri: `${config.appUrl}/login`,
    email,
    password,
  });
}

/** The claims an access token carries (read, not verified). */
export const claimsOf = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

/** The user id (`sub`) an access token names. */
export const subjectOf = (token) => claimsOf(token).sub;

/** The demo client's and the demo editor's access tokens (they live 5 minutes: sign in again per phase). */
export const demoTokens = (config) =>
  Promise.all([
    signInAs(config, 'client@rushflow.local', 'Client123!'),
    signInAs(config, 'monteur@rushflow.local', 'Monteur123!'),
  ]);

/** A project of the demo client, run by the demo editor (given an editor profile): its id. */
export async function seedDemoProject(em, { clientToken, editorToken, status, title }) {
  await em
    .getConnection()
    .execute(
      `insert into "editor_profiles" ("user_id", "first_name", "last_name") values (?, 'Marc', 'Monteur') on conflict do nothing`,
      [subjectOf(editorToken)],
    );
  return seedProject(em, {
    client: { id: subjectOf(clientToken), email: 'client@rushflow.local' },
    editorId: subjectOf(editorToken),
    status,
    title,
  });
}

// The browser tests' chromium (benches run through tsx, which reads the TypeScript).
export { CHROMIUM } from '../../tests/e2e/chromium.ts';

/**
 * The front end built with the product's config into a temporary folder, plus hidden source maps
 * (`builtChunks` reads them to find a route's chunk; the product's build serves none, and hidden
 * maps leave the chunks' bytes as the product's): `{ dist, remove }`. The folder is under
 * node_modules/.cache: the build's prerendering imports its server bundle from there, which must
 * find the project's packages.
 */
export function buildFrontEndWithMaps(root) {
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const dist = fs.mkdtempSync(path.join(cache, 'rushflow-bench-build-'));
  const remove = () => fs.rmSync(dist, { recursive: true, force: true });
  try {
    execFileSync(
      path.join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--config', 'frontend/vite.config.ts', '--sourcemap', 'hidden', '--outDir', dist, '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit' },
    );
  } catch (error) {
    remove();
    throw error;
  }
  return { dist, remove };
}

/**
 * The front end as it was at the git commit `ref`, built like buildFrontEndWithMaps: the commit is
 * checked out into a temporary worktree that borrows this tree's node_modules. `{ dist, remove }`.
 */
export function buildFrontEndAt(root, ref) {
  const cache = path.join(root, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'rushflow-bench-tree-'));
  const dist = fs.mkdtempSync(path.join(cache, 'rushflow-bench-build-'));
  const remove = () => {
    fs.rmSync(dist, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root, stdio: 'ignore' });
  };
  execFileSync('git', ['worktree', 'add', '--detach', tree, ref], { cwd: root, stdio: 'ignore' });
  try {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));
    execFileSync(
      path.join(root, 'node_modules', '.bin', 'vite'),
      [
        'build',
        '--config',
        'frontend/vite.config.ts',
        '--sourcemap',
        'hidden',
        '--outDir',
        dist,
        '--logLevel',
        'error',
      ],
      { cwd: tree, stdio: 'inherit' },
    );
  } catch (error) {
    remove();
    throw error;
  }
  return { dist, remove };
}

/**
 * The chunks of the front end built in `dist`: the entry scripts and modulepreloads of index.html,
 * each chunk's static and dynamic imports, the chunk that holds a route module (read from the
 * source maps), and a file's size gzipped at level 9.
 */
export function builtChunks(dist) {
  const assets = path.join(dist, 'assets');
  const read = (file) => fs.readFileSync(path.join(assets, file), 'utf8');
  const staticImports = (file) =>
    [...read(file).matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]);
  const dynamicImports = (file) =>
    [...read(file).matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)].map((m) => m[1]);
  /** The files `roots` load before they run: themselves and their static imports, transitively. */
  const closure = (roots) => {
    const seen = new Set();
    const visit = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      staticImports(file).forEach(visit);
    };
    roots.forEach(visit);
    return seen;
  };
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/assets\/([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  const jsFiles = fs.readdirSync(assets).filter((file) => file.endsWith('.js'));
  const sourcesOf = new Map(
    jsFiles.map((file) => {
      const map = path.join(assets, `${file}.map`);
      return [file, fs.existsSync(map) ? JSON.parse(fs.readFileSync(map, 'utf8')).sources : []];
    }),
  );
  /** The chunk holding a route module: the one whose source map lists frontend/src/app/routes/<route>.tsx. */
  const routeChunk = (route) => {
    const chunk = jsFiles.find((file) =>
      sourcesOf.get(file).some((source) => source.endsWith(`src/app/routes/${route}.tsx`)),
    );
    if (!chunk)
      throw new Error(`no chunk holds frontend/src/app/routes/${route}.tsx: is the front end built with source maps?`);
    return chunk;
  };
  /** The chunks holding a module whose path contains one of `parts`. */
  const chunksHolding = (...parts) =>
    jsFiles.filter((file) => sourcesOf.get(file).some((source) => parts.some((part) => source.includes(part))));
  const bytes = (file) => fs.statSync(path.join(assets, file)).size;
  const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(assets, file)), { level: 9 }).length;
  return { entries, preloads, dynamicImports, closure, routeChunk, chunksHolding, bytes, gzipSize };
}
