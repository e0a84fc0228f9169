import type { EntityManager } from '@mikro-orm/postgresql';
import { settingsFrom, type AppSettings } from '../domain/settings';
import type { SellerIdentity } from '../domain/invoicing';
import { SellerIdentitySchema } from '../domain/schemas/invoicing';

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

/** The setting that holds the seller's identity (Admin › Paramètres › Facturation). */
export const SELLER_SETTING_KEY = 'seller';

/** The seller printed on every invoice, or null while the admin has not entered it. */
export async function readSeller(em: EntityManager): Promise<SellerIdentity | null> {
  const rows = await em
    .getConnection()
    .execute<{ value: unknown }[]>(
      `select "value" from "settings" where "key" = ?`,
      [SELLER_SETTING_KEY],
      'all',
      em.getTransactionContext(),
    );
  const parsed = SellerIdentitySchema.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data : null;
}
