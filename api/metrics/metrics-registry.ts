import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What a checkout request came to: a payment page, a refusal of the caller's request (4xx), or our failure. */
const CHECKOUT_OUTCOMES = ['created', 'refused', 'failed'] as const;
export type CheckoutOutcome = (typeof CHECKOUT_OUTCOMES)[number];

/** What a Stripe webhook delivery came to. */
const PAYMENT_WEBHOOK_OUTCOMES = ['processed', 'duplicate', 'ignored', 'invalid_signature', 'error'] as const;
export type PaymentWebhookOutcome = (typeof PAYMENT_WEBHOOK_OUTCOMES)[number];

/** What the metrics read when they are scraped. */
export interface MetricSources {
  /** Open live streams on this instance. */
  liveStreams: () => number;
  /** Age in seconds of the oldest outbox event this instance has not delivered yet (0 when none). */
  outboxLagSeconds: () => Promise<number>;
}

/**
 * The api instance's metrics, in a registry of its own (never prom-client's global one: each app a
 * test builds has its own), with Node's default process metrics. The names are a contract with the
 * dashboards and alert rules in deploy/.
 */
export function createApiMetrics(sources: MetricSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requestLabels = ['method', 'route', 'status'] as const;
  const metrics = {
    registry,
    requests: new Counter({
      name: 'rushflow_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: requestLabels,
      registers,
    }),
    requestDuration: new Histogram({
      name: 'rushflow_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (to the start of a live stream), by method, route pattern and status',
      labelNames: requestLabels,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: 'rushflow_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit, a ceiling or a proof-of-work threshold, by rule',
      labelNames: ['limit'] as const,
      registers,
    }),
    checkoutOutcomes: new Counter({
      name: 'rushflow_checkout_outcomes_total',
      help: 'Checkout requests by outcome',
      labelNames: ['outcome'] as const,
      registers,
    }),
    webhookOutcomes: new Counter({
      name: 'rushflow_payment_webhook_outcomes_total',
      help: 'Stripe webhook deliveries by outcome',
      labelNames: ['outcome'] as const,
      registers,
    }),
  };
  // Every outcome is there from the start at 0, so an alert on the first error sees it rise.
  for (const outcome of CHECKOUT_OUTCOMES) metrics.checkoutOutcomes.inc({ outcome }, 0);
  for (const outcome of PAYMENT_WEBHOOK_OUTCOMES) metrics.webhookOutcomes.inc({ outcome }, 0);
  new Gauge({
    name: 'rushflow_live_streams',
    help: 'Live streams (GET /api/events) open on this api instance',
    registers,
    collect() {
      this.set(sources.liveStreams());
    },
  });
  new Gauge({
    name: 'rushflow_outbox_lag_seconds',
    help: 'Age of the oldest outbox event this api instance has not delivered yet (0 when none)',
    registers,
    async collect() {
      this.set(await sources.outboxLagSeconds());
    },
  });
  return metrics;
}

export type ApiMetrics = ReturnType<typeof createApiMetrics>;
