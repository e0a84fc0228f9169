import { trace } from '@opentelemetry/api';
import {
  OpenTelemetryInboundInterceptor,
  OpenTelemetryInternalsInterceptor,
  OpenTelemetryOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/workflow';
import type {
  Next,
  WorkflowExecuteInput,
  WorkflowInboundCallsInterceptor,
  WorkflowInterceptors,
} from '@temporalio/workflow';

/**
 * The OpenTelemetry interceptors, but for one thing: a workflow's own span ends as soon as its run
 * has started instead of when it closes. A project's workflow runs for weeks; with its span still
 * open, every trace it took part in (a payment, an assignment) would miss the span its steps hang
 * from until the project ends. Its signals, updates, activities and children keep their spans,
 * parented on this one. Only span boundaries change: no command, so old histories replay.
 */
class StartedRunInterceptor extends OpenTelemetryInboundInterceptor {
  public override execute(
    input: WorkflowExecuteInput,
    next: Next<WorkflowInboundCallsInterceptor, 'execute'>,
  ): Promise<unknown> {
    return super.execute(input, (started) => {
      // The run's span is the active one here; its end at the workflow's close is then a no-op.
      trace.getActiveSpan()?.end();
      return next(started);
    });
  }
}

export const interceptors = (): WorkflowInterceptors => ({
  inbound: [new StartedRunInterceptor()],
  outbound: [new OpenTelemetryOutboundInterceptor()],
  internals: [new OpenTelemetryInternalsInterceptor()],
});
