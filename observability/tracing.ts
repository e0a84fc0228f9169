import { AwsInstrumentation } from '@opentelemetry/instrumentation-aws-sdk';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter as OtlpJsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** What a started process keeps of its tracing: the worker hands the processor to its workflows' spans. */
export interface Tracing {
  resource: Resource;
  spanProcessor: SpanProcessor;
  shutdown(): Promise<void>;
}

/**
 * Where spans go: the OTLP endpoint of the standard variables (`OTEL_EXPORTER_OTLP_ENDPOINT` or
 * `…_TRACES_ENDPOINT`), none when neither is set or `OTEL_SDK_DISABLED=true`.
 */
function tracingWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts OpenTelemetry for one process, before the modules it instruments are loaded (import this
 * module's caller first): the outgoing HTTP requests, every SQL statement made inside a span, the
 * S3 calls and the log lines' trace ids. Spans leave in batches over OTLP, as
 * protobuf unless `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`, every `OTEL_BSP_SCHEDULE_DELAY` ms (5 s). Without an endpoint nothing is started:
 * no span is made, nothing is exported.
 */
export function startTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): Tracing | undefined {
  if (!tracingWanted(env)) return undefined;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL;
  const exporter = protocol === 'http/json' ? new OtlpJsonExporter() : new OtlpProtobufExporter();
  const delay = Number(env.OTEL_BSP_SCHEDULE_DELAY);
  const spanProcessor = new BatchSpanProcessor({ exporter, ...(delay > 0 ? { scheduledDelayMillis: delay } : {}) });
  const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName });
  const sdk = new NodeSDK({
    resource,
    autoDetectResources: false,
    spanProcessors: [spanProcessor],
    // Traces only: metrics are Prometheus's, logs are JSON lines on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Outgoing calls only: the api's own requests get their span from its first middleware
      // (api/middleware/trace-requests.ts), which costs a fraction of this instrumentation's.
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      new PgInstrumentation({ requireParentSpan: true }),
      new AwsInstrumentation(),
    ],
  });
  sdk.start();
  return { resource, spanProcessor, shutdown: () => sdk.shutdown() };
}
