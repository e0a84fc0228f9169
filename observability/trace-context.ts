import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  trace,
  type Attributes,
  type SpanContext,
} from '@opentelemetry/api';

const tracer = trace.getTracer('rushflow');

/** The ids of the span the current code runs in, or null when nothing is traced. */
export function activeSpanContext(): SpanContext | null {
  const span = trace.getActiveSpan()?.spanContext();
  return span && isSpanContextValid(span) ? span : null;
}

/** The id of the trace the current code runs in (32 hex digits), or null when nothing is traced. */
export function activeTraceId(): string | null {
  return activeSpanContext()?.traceId ?? null;
}

/**
 * The W3C `traceparent` of the span under way, to store beside work another process picks up later
 * (an outbox event); null when no span is recording (tracing off).
 */
export function currentTraceParent(): string | null {
  const carrier: { traceparent?: string } = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs `work` inside a span that continues the trace of a stored `traceparent` (the change that
 * wrote an outbox event), or without any span when there is none.
 */
export function inStoredTrace<T>(traceParent: string | null, name: string, attributes: Attributes, work: () => T): T {
  if (!traceParent) return work();
  const parent = propagation.extract(ROOT_CONTEXT, { traceparent: traceParent });
  const span = tracer.startSpan(name, { kind: SpanKind.PRODUCER, attributes }, parent);
  try {
    return context.with(trace.setSpan(parent, span), work);
  } finally {
    span.end();
  }
}

/** Runs `work` in a client span of its own (a call no instrumentation sees, such as SMTP). */
export async function inClientSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: 2 });
      throw error;
    } finally {
      span.end();
    }
  });
}
