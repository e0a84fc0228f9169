import { ApiError } from '@/lib/api-client';

/** The per-field French messages of a 400 answer (`{ error, fields }`), if any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
