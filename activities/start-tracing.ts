import { startTracing } from '../observability/tracing';

/**
 * Imported first by the worker's entry point: the instrumentation must be in place before pg, the
 * AWS SDK and the HTTP modules are loaded. Undefined when no OTLP endpoint is set.
 */
export const tracing = startTracing('rushflow-worker');
