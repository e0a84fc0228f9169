import type { ZodError, ZodType } from 'zod';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from './http-error';

/** `{ "field.path": "French message" }`, the first message of each field. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parses with a shared zod schema; bad input becomes a 400 naming each field in French. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, MESSAGES.invalidInput, fieldErrors(result.error));
  return result.data;
}
