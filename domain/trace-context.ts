/**
 * W3C Trace Context: the `traceparent` header the browser sends on each api call, so the api's
 * trace of the request continues the page's (`00-<trace id>-<parent span id>-<flags>`).
 */
export const TRACEPARENT_HEADER = 'traceparent';

const TRACE_ID_BYTES = 16;
const SPAN_ID_BYTES = 8;
/** How many random bytes `traceparentFrom` takes: the trace id's, then the span id's. */
export const TRACEPARENT_RANDOM_BYTES = TRACE_ID_BYTES + SPAN_ID_BYTES;

/** Version 00, lowercase hex ids, two hex digits of flags (01: sampled). */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZERO = /^0+$/;

export interface TraceParent {
  traceId: string;
  spanId: string;
  sampled: boolean;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** An all-zero id is invalid (the standard's "no trace"): its last byte becomes 1. */
function nonZeroId(bytes: Uint8Array): string {
  const id = hex(bytes);
  return ALL_ZERO.test(id) ? `${id.slice(0, -2)}01` : id;
}

/**
 * A sampled `traceparent` from `TRACEPARENT_RANDOM_BYTES` random bytes (a fresh trace id and span
 * id each request).
 */
export function traceparentFrom(random: Uint8Array): string {
  if (random.length !== TRACEPARENT_RANDOM_BYTES) {
    throw new RangeError(`traceparent: ${TRACEPARENT_RANDOM_BYTES} bytes expected, got ${random.length}`);
  }
  const traceId = nonZeroId(random.subarray(0, TRACE_ID_BYTES));
  const spanId = nonZeroId(random.subarray(TRACE_ID_BYTES));
  return `00-${traceId}-${spanId}-01`;
}

/** The ids of a version-00 `traceparent`, or null when it is malformed or names no trace. */
export function parseTraceparent(value: string): TraceParent | null {
  const match = TRACEPARENT.exec(value);
  if (!match || ALL_ZERO.test(match[1]) || ALL_ZERO.test(match[2])) return null;
  return { traceId: match[1], spanId: match[2], sampled: (parseInt(match[3], 16) & 1) === 1 };
}
