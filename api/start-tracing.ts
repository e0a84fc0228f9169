import { startTracing } from '../observability/tracing';

/**
 * Imported first by the api's entry point: the instrumentation must be in place before Koa, pg,
 * the AWS SDK and the HTTP modules are loaded. Undefined when no OTLP endpoint is set.
 */
export const tracing = startTracing('rushflow-api');
