import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { MikroORM } from '@mikro-orm/postgresql';
import { migrateUp } from '../../db/migrate';
import { initOrm } from '../../db/orm';
import { Setting } from '../../db/entities';
import { SELLER_SETTING_KEY } from '../../db/settings';
import { DEMO_SELLER } from '../../api/setup/demo-seller';

function urlForDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: urlForDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database (with the demonstration seller) of the test's own on the server of `DATABASE_URL`, dropped at the end, so
 * the brief tests never touch the application's data.
 */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ url: string; orm: MikroORM; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL must point at a PostgreSQL server');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = urlForDatabase(serverUrl, name);
  await migrateUp(url);
  const orm = await initOrm(url);
  // As the stack's preparation leaves a database: a seller to invoice as, so checkouts open.
  await orm.em.fork().upsert(Setting, { key: SELLER_SETTING_KEY, value: DEMO_SELLER, updatedAt: new Date() });
  return {
    url,
    orm,
    drop: async () => {
      await orm.close(true);
      await onServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
