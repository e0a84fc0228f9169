import type { Logger as TemporalLogger, LogLevel, LogMetadata } from '@temporalio/common';
import { PINO_LEVELS, type Logger } from './logger';

/**
 * Meta the SDK adds that a log line has no use for: the activity's task token (an opaque key as
 * long as the line) and, at trace level, whole activations with their payloads (users' input).
 */
const DROPPED_META = new Set(['taskToken', 'activation']);

/**
 * The Temporal SDK's logs (the worker's, the workflows' `log`, the activities' `log`, the core's)
 * as JSON lines of `logger`, their attributes as fields: `workflowId`, `workflowType`, `runId` (a
 * workflow's) or `workflowRunId` (an activity's), `activityId`, `activityType`, `taskQueue`,
 * `namespace`, `attempt`, `sdkComponent`, and the caller's own. An `error` is reduced like any
 * logged error. Meant for `Runtime.install({ logger })`.
 */
export class PinoTemporalLogger implements TemporalLogger {
  constructor(private readonly logger: Logger) {}

  log(level: LogLevel, message: string, meta?: LogMetadata): void {
    // String keys only: the SDK's own timestamp rides on a symbol; the line's time is when it is written.
    const fields = Object.fromEntries(Object.entries(meta ?? {}).filter(([key]) => !DROPPED_META.has(key)));
    this.logger[PINO_LEVELS[level]](fields, message);
  }

  trace(message: string, meta?: LogMetadata): void {
    this.log('TRACE', message, meta);
  }

  debug(message: string, meta?: LogMetadata): void {
    this.log('DEBUG', message, meta);
  }

  info(message: string, meta?: LogMetadata): void {
    this.log('INFO', message, meta);
  }

  warn(message: string, meta?: LogMetadata): void {
    this.log('WARN', message, meta);
  }

  error(message: string, meta?: LogMetadata): void {
    this.log('ERROR', message, meta);
  }
}
