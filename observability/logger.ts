import { pino, stdTimeFunctions, type DestinationStream, type Logger } from 'pino';
import { activeSpanContext } from './trace-context';

export type { Logger } from 'pino';

/** The processes that log: each line says which one wrote it. */
export type ServiceName = 'api' | 'worker' | 'migrate';

/** `LOG_LEVEL`'s values (the Temporal SDK's names), as pino names them. */
export const PINO_LEVELS = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;
type LogLevelName = keyof typeof PINO_LEVELS;

/**
 * Keys whose values would be personal data (who someone is, what they wrote) or secrets. The first
 * rule is that no call passes such a value; these are censored anyway, in the fields and the plain
 * objects inside them. (pino's own `redact` with wildcards costs ten times a line's writing.)
 */
const PERSONAL_KEYS = new Set([
  'email',
  'recipient',
  'name',
  'firstName',
  'lastName',
  'fullName',
  'username',
  'phone',
  'address',
  'message',
  'comment',
  'text',
  'body',
  'content',
  'subject',
  'html',
  'password',
  'token',
  'authorization',
  'cookie',
]);
const CENSORED = '[redacted]';
const MAX_FIELD_DEPTH = 3;

/**
 * An address's characters on each side of the `@`: letters (accented too), digits and the few signs
 * addresses use. A path such as `node_modules/@scope/pkg/file.js` in a stack frame is none.
 */
const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;
/** A quoted value inside an error's text: a SQL parameter, a field's content. */
const QUOTED_VALUE = /'[^']*'|"[^"]*"/g;
const MAX_DETAIL_LENGTH = 300;

/** `text` with every e-mail address replaced: the last guard against an address reaching the logs. */
function maskEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]');
}

function errorDetail(text: string): string {
  return maskEmailAddresses(text).replace(QUOTED_VALUE, '…').slice(0, MAX_DETAIL_LENGTH);
}

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  status?: unknown;
  statusCode?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
}

/**
 * What a log line keeps of an error: its class, code, status, and its text with the addresses and
 * quoted values taken out (a driver's error quotes the SQL values, an SMTP refusal the recipient),
 * and the stack's frames without the message line. The cause follows, one level down.
 */
function describeError(error: unknown, depth = 0): Record<string, unknown> {
  // The Temporal core reports its errors as text.
  if (typeof error === 'string') return { detail: errorDetail(error) };
  if (typeof error !== 'object' || error === null) return { type: typeof error };
  const { name, code, status, statusCode, message, stack, cause } = error as ErrorLike;
  const detail = typeof message === 'string' ? errorDetail(message) : undefined;
  const frames =
    typeof stack === 'string'
      ? stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .map((line) => maskEmailAddresses(line.trim()))
      : undefined;
  return {
    type: typeof name === 'string' ? name : error.constructor.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof (status ?? statusCode) === 'number' ? { status: status ?? statusCode } : {}),
    ...(detail ? { detail } : {}),
    ...(frames?.length ? { frames } : {}),
    ...(cause !== undefined && depth < 2 ? { cause: describeError(cause, depth + 1) } : {}),
  };
}

/**
 * `value` with its personal keys censored and the e-mail addresses in its strings masked, nested
 * plain objects and arrays included; the same object when there is nothing to change (no copy).
 */
function sanitize(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.includes('@') ? maskEmailAddresses(value) : value;
  if (depth > MAX_FIELD_DEPTH || typeof value !== 'object' || value === null) return value;
  const isArray = Array.isArray(value);
  if (!isArray && Object.getPrototypeOf(value) !== Object.prototype) return value;
  let copy: Record<string, unknown> | unknown[] | undefined;
  for (const [key, item] of Object.entries(value)) {
    const clean = !isArray && PERSONAL_KEYS.has(key) ? CENSORED : sanitize(item, depth + 1);
    if (clean === item) continue;
    copy ??= isArray ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) };
    (copy as Record<string, unknown>)[key] = clean;
  }
  return copy ?? value;
}

/** The ids of the span under way, so a line leads to its trace (none when nothing is traced). */
function activeSpanIds(): { trace_id?: string; span_id?: string } {
  const span = activeSpanContext();
  return span ? { trace_id: span.traceId, span_id: span.spanId } : {};
}

function pinoLevel(level: string | undefined): string {
  return PINO_LEVELS[(level ?? '').toUpperCase() as LogLevelName] ?? 'info';
}

/**
 * A logger writing JSON lines (`time`, `level`, `service`, `msg`, the active span's `trace_id` and
 * `span_id`, then the call's fields) to `destination` (stdout), from `level` (`LOG_LEVEL`) up.
 * Errors go under `err` and are reduced by `describeError`.
 */
export function createLogger(
  service: ServiceName,
  { level = process.env.LOG_LEVEL, destination }: { level?: string; destination?: DestinationStream } = {},
): Logger {
  const options = {
    level: pinoLevel(level),
    base: { service },
    timestamp: stdTimeFunctions.isoTime,
    mixin: activeSpanIds,
    serializers: { err: describeError, error: describeError },
    formatters: {
      level: (label: string) => ({ level: label }),
      log: (fields: Record<string, unknown>) => sanitize(fields, 0) as Record<string, unknown>,
    },
    hooks: {
      logMethod(this: Logger, args: Parameters<Logger['info']>, method: Logger['info']) {
        args.forEach((arg, index) => {
          if (typeof arg === 'string' && arg.includes('@')) args[index] = maskEmailAddresses(arg);
        });
        method.apply(this, args);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

const processLoggers = new Map<ServiceName, Logger>();

/** This process's logger for `service`, made once, on stdout at `LOG_LEVEL`. */
export function processLogger(service: ServiceName): Logger {
  let logger = processLoggers.get(service);
  if (!logger) {
    logger = createLogger(service);
    processLoggers.set(service, logger);
  }
  return logger;
}
