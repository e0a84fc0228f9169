import { createHash } from 'node:crypto';

/** A stable uuid from a key, so a row written twice by a retried activity is the same row. */
export function keyedUuid(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join(':')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
