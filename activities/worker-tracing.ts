import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { WorkerOptions } from '@temporalio/worker';
import type { Tracing } from '../observability/tracing';

/**
 * The workflow interceptors that give each workflow, signal, child workflow and activity start its
 * span, parented on the trace context in the Temporal headers. They are part of the workflow bundle
 * whether or not tracing is on, so the bundle `npm run build` makes serves both.
 */
export const WORKFLOW_INTERCEPTOR_MODULES = [require.resolve('../workflows/tracing-interceptors')];

/**
 * The interceptors' workflow spans are shaped after the OpenTelemetry SDK 1.x (`parentSpanId`,
 * `instrumentationLibrary`); the exporter reads the 2.x fields, without which every workflow span
 * would lose its parent.
 */
type WorkflowSpan = ReadableSpan & {
  parentSpanId?: string;
  instrumentationLibrary?: ReadableSpan['instrumentationScope'];
};

function currentShape(span: WorkflowSpan): ReadableSpan {
  const { traceId, traceFlags } = span.spanContext();
  return {
    ...span,
    parentSpanContext:
      span.parentSpanContext ??
      (span.parentSpanId ? { traceId, spanId: span.parentSpanId, traceFlags, isRemote: false } : undefined),
    instrumentationScope: span.instrumentationScope ?? span.instrumentationLibrary ?? { name: 'temporal-workflow' },
  };
}

/** Workflow spans into the process's span processor, or dropped when tracing is off. */
function workflowSpanProcessor(tracing: Tracing | undefined): SpanProcessor {
  return {
    onStart: () => undefined,
    onEnd: (span) => tracing?.spanProcessor.onEnd(currentShape(span as WorkflowSpan)),
    forceFlush: () => tracing?.spanProcessor.forceFlush() ?? Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
}

/**
 * What a worker adds for tracing: the activity interceptors (a span per attempt, parented on the
 * workflow's activity start, its SQL, S3 and SMTP calls inside) and the sink that takes the
 * workflow spans out of the sandbox. The workflow interceptors come with the bundle.
 */
export function workerTracingOptions(tracing: Tracing | undefined): Pick<WorkerOptions, 'sinks'> & {
  activityInterceptors: NonNullable<NonNullable<WorkerOptions['interceptors']>['activity']>;
} {
  return {
    activityInterceptors: [
      (ctx) => ({
        inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
        outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
      }),
    ],
    sinks: {
      // The resource type is the interceptors' SDK 1.x one; the value is the process's own.
      exporter: makeWorkflowExporter(
        workflowSpanProcessor(tracing) as never,
        (tracing?.resource ?? { attributes: {} }) as never,
      ),
    },
  };
}
