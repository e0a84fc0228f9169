/**
 * A `timestamptz` column read through a raw query, as the driver hands it over
 * (`2026-11-23 17:01:02.123+00`: MikroORM keeps PostgreSQL's text), in ISO 8601.
 */
export function isoTimestamp(value: string): string;
export function isoTimestamp(value: string | null): string | null;
export function isoTimestamp(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
