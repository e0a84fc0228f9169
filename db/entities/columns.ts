import { randomUUID } from 'node:crypto';
import { p } from '@mikro-orm/core';

/**
 * Column builders shared by the entities. Timestamps are `timestamptz`, written in UTC
 * (`forceUtcTimezone`); money is integer cents next to a currency code; fractional durations are
 * `numeric`.
 */

/** uuid primary key, made by the app on `em.create` (a caller may pass its own) or by Postgres. */
export const uuidPk = () =>
  p
    .uuid()
    .primary()
    .defaultRaw('gen_random_uuid()')
    .onCreate(() => randomUUID());

export const createdAt = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());

export const updatedAt = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

/** Optional point in time. */
export const timestamp = () => p.datetime().nullable();

/** `text[]` defaulting to an empty list. */
export const textList = () =>
  p
    .array()
    .defaultRaw(`'{}'`)
    .onCreate(() => []);

/** `numeric(10,2)` read as a JS number: minutes with their fraction (0.5 min steps, 0.1 min rushes). */
export const minutes = () => p.decimal('number').precision(10).scale(2);

/** A Keycloak user id (the token's `sub`). Kept as text: Keycloak accepts non-uuid ids on import. */
export const userId = () => p.text();

/**
 * A named index written in SQL, for what `properties` cannot say: descending order, a WHERE clause.
 * `columns` is the SQL column list, e.g. `"user_id", "created_at" desc`.
 */
export function sqlIndex(table: string, name: string, columns: string, where?: string) {
  return { name, expression: `create index "${name}" on "${table}" (${columns})${where ? ` where ${where}` : ''}` };
}

/** A CHECK constraint named `<table>_<column>_check`. */
export function check(table: string, column: string, expression: string) {
  return { name: `${table}_${column}_check`, expression };
}
