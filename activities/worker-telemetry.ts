import type { Context } from '@temporalio/activity';
import type { MetricMeter } from '@temporalio/common';
import type { ActivityInterceptorsFactory, TelemetryOptions } from '@temporalio/worker';
import type { WorkerConfig } from './config';

/** Seconds; 0.2 is the alert's threshold (deploy/observability/alerts.yml). */
const SCHEDULE_TO_START_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10, 60];

/**
 * The Temporal Runtime's telemetry: its Prometheus exporter on WORKER_METRICS_HOST:PORT when a port
 * is set (the SDK's series, `temporal_…`, durations in seconds, counters ending in `_total`, as
 * Prometheus names them), nothing otherwise.
 */
export function workerTelemetry(
  config: Pick<WorkerConfig, 'WORKER_METRICS_PORT' | 'WORKER_METRICS_HOST'>,
): TelemetryOptions | undefined {
  if (config.WORKER_METRICS_PORT === undefined) return undefined;
  return {
    metrics: {
      prometheus: {
        bindAddress: `${config.WORKER_METRICS_HOST}:${config.WORKER_METRICS_PORT}`,
        useSecondsForDurations: true,
        countersTotalSuffix: true,
        unitSuffix: true,
        // The SDK's buckets jump from 0.1 s to 0.5 s: too coarse for the 200 ms schedule-to-start alert.
        histogramBucketOverrides: Object.fromEntries(
          ['workflow_task_schedule_to_start_latency', 'activity_schedule_to_start_latency'].map((name) => [
            name,
            SCHEDULE_TO_START_BUCKETS,
          ]),
        ),
      },
    },
  };
}

/**
 * Counts each activity attempt's end as `rushflow_activity_outcomes_total{activity_type,outcome}`
 * (`completed` or `failed`, a cancellation included), through `meter`: the Runtime's, so the
 * worker's Prometheus port serves it beside the SDK's series.
 */
export function activityOutcomes(meter: MetricMeter): ActivityInterceptorsFactory {
  const outcomes = meter.createCounter(
    'rushflow_activity_outcomes',
    undefined,
    'Activity attempts ended, by activity type and outcome',
  );
  return (ctx: Context) => {
    const count = (outcome: 'completed' | 'failed') =>
      outcomes.add(1, { activity_type: ctx.info.activityType, outcome });
    return {
      inbound: {
        async execute(input, next) {
          try {
            const result = await next(input);
            count('completed');
            return result;
          } catch (error) {
            count('failed');
            throw error;
          }
        },
      },
    };
  };
}
