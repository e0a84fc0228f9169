import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../lib/http-error';
import { fieldErrors } from '../lib/validation';
import { processLogger } from '../../observability/logger';

const log = processLogger('api');

interface ErrorBody {
  error: string;
  fields?: Record<string, string>;
  code?: string;
}

/**
 * The one place errors become responses: clients get a French message and a status, never raw
 * error text. Unknown failures are logged and answered 500.
 */
export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
    const { status, body } = toResponse(error);
    if (status >= 500) log.error({ err: error, method: ctx.method }, 'request failed');
    ctx.status = status;
    ctx.body = body;
  }
}

function toResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    const { fields, code } = error;
    return {
      status: error.status,
      body: { error: error.message, ...(fields ? { fields } : {}), ...(code ? { code } : {}) },
    };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { error: MESSAGES.invalidInput, fields: fieldErrors(error) } };
  }
  // Errors thrown by koa-body (raw-body / co-body) carry an HTTP status and a `type`.
  const status = (error as { status?: number }).status;
  const type = (error as { type?: string }).type;
  if (status === 413 || type === 'entity.too.large') return { status: 413, body: { error: MESSAGES.payloadTooLarge } };
  if (status === 400 || status === 415 || status === 422)
    return { status: 400, body: { error: MESSAGES.malformedJson } };
  return { status: 500, body: { error: MESSAGES.internal } };
}
