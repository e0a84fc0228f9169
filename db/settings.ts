import type { EntityManager } from '@mikro-orm/postgresql';
import { settingsFrom, type AppSettings } from '../domain/settings';

/**
 * The admin settings (api and worker alike), read as plain rows inside the caller's transaction
 * when there is one: five key → JSON rows do not need entities.
 */
export async function readSettings(em: EntityManager): Promise<AppSettings> {
  const rows = await em
    .getConnection()
    .execute<{ key: string; value: unknown }[]>(
      `select "key", "value" from "settings"`,
      [],
      'all',
      em.getTransactionContext(),
    );
  return settingsFrom(new Map(rows.map((row) => [row.key, row.value])));
}
