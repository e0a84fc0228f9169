import { isSpanContextValid, trace } from '@opentelemetry/api';

/** The id of the trace the current code runs in (32 hex digits), or null when nothing is traced. */
export function activeTraceId(): string | null {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? context.traceId : null;
}
