import type { Context, Next } from 'koa';
import type { ZodError, ZodType } from 'zod';
import { MESSAGES } from '../../domain/messages';
import { setZodMessagesInFrench } from '../../domain/zod-locale';
import { HttpError } from './http-error';

setZodMessagesInFrench();

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

/** Where in `input` (a parsed JSON body or query) a key or a text holds a NUL character, if anywhere. */
function nulCharacterPath(input: unknown): string | undefined {
  // Iterative: a body may nest deeper than the call stack goes.
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\0')) return path || '_';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return childPath;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL cannot store a NUL character in text: a body or a query string carrying one is
 * refused here, for every route but `exceptPaths` (Stripe's signed events: a refusal would only
 * make Stripe send the same event again), before anything reads it.
 */
export function refuseNulCharacters(exceptPaths: readonly string[]) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const field = exceptPaths.includes(ctx.path)
      ? undefined
      : (nulCharacterPath(ctx.request.body) ?? nulCharacterPath(ctx.query));
    if (field) throw new HttpError(400, MESSAGES.nulCharacter, { [field]: MESSAGES.nulCharacter });
    await next();
  };
}
