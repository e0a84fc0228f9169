import type { EntityManager } from '@mikro-orm/postgresql';
import { settingsFrom, type AppSettings } from '../domain/settings';
import { Setting } from './entities';

/** The admin settings, read once (api and worker alike). */
export async function readSettings(em: EntityManager): Promise<AppSettings> {
  const rows = await em.find(Setting, {});
  return settingsFrom(new Map(rows.map((row) => [row.key, row.value])));
}
