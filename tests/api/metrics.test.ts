import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createStripeClient } from '../../clients/stripe-client';
import { createRequestLimits, LIMITED_REQUESTS, type LimitedRequest } from '../../api/middleware/request-limits';
import { STREAM_EVENTS } from '../../domain/events';
import { MESSAGES } from '../../domain/messages';
import type { CheckoutAnswer, PaymentState } from '../../domain/payments';
import { standardWizardBrief } from '../support/brief-fixtures';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { waitUntil } from '../support/mail-server';
import { startOwnApi, type OwnApi } from '../support/own-api';
import { checkoutEvent, deliverWebhook, postJson } from '../support/payment-stack';
import { openStream } from '../support/sse-reader';
import { testStack } from '../support/stack-env';

/**
 * What Prometheus reads, against the running test stack: the api's `GET /metrics` (only for the
 * metrics token), its series moving with real requests, live streams, checkouts and webhooks, and
 * the worker's own endpoint with the Temporal SDK's series and the activities' outcomes once a
 * paid brief ran. The rate limit and the outbox lag are read from an api of this suite's own, over
 * a scratch database, whose limit is small enough to reach and whose delivery can be held up.
 */
jest.setTimeout(240_000);

const { config, appUrl, accounts, signIn } = testStack();
const WORKER_METRICS = `http://127.0.0.1:${process.env.WORKER_METRICS_PORT}/metrics`;

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments left out). */
function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((label) => [
          label[1],
          label[2],
        ]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The series' value, 0 when it is not there yet. */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
  return found?.value ?? 0;
}

async function scrape(base = appUrl): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${config.METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, samples: parseExposition(text) };
}

async function scrapeWorker(): Promise<{ text: string; samples: Sample[] }> {
  const response = await fetch(WORKER_METRICS);
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, samples: parseExposition(text) };
}

describe('the api’s GET /metrics', () => {
  test('answers 401 with the api’s French error without the metrics token, and the text format with it', async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${config.METRICS_TOKEN}x` },
      { authorization: `Bearer ${await signIn(accounts.admin.email, accounts.admin.password)}` },
      { authorization: config.METRICS_TOKEN },
    ];
    for (const headers of refused) {
      const response = await fetch(`${appUrl}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({ error: MESSAGES.unauthenticated });
    }

    const response = await fetch(`${appUrl}/metrics`, {
      headers: { authorization: `Bearer ${config.METRICS_TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const [name, type] of [
      ['rushflow_http_requests_total', 'counter'],
      ['rushflow_http_request_duration_seconds', 'histogram'],
      ['rushflow_live_streams', 'gauge'],
      ['rushflow_outbox_lag_seconds', 'gauge'],
      ['rushflow_rate_limit_refusals_total', 'counter'],
      ['rushflow_checkout_outcomes_total', 'counter'],
      ['rushflow_payment_webhook_outcomes_total', 'counter'],
      ['process_cpu_seconds_total', 'counter'],
    ])
      expect(text).toContain(`# TYPE ${name} ${type}`);
  });

  test('counts and times requests per route pattern, never per raw path', async () => {
    const before = (await scrape()).samples;
    const ids = [1, 2].map(() => `cs_test_metrics_${randomUUID().replace(/-/g, '')}`);
    for (const id of ids) expect((await fetch(`${appUrl}/api/payments/${id}`)).status).toBe(404);
    const stray = `/api/no-such-route/${randomUUID()}`;
    expect((await fetch(`${appUrl}${stray}`)).status).toBe(404);

    const { text, samples } = await scrape();
    const byPattern = { method: 'GET', route: '/api/payments/:sessionId', status: '404' };
    expect(valueOf(samples, 'rushflow_http_requests_total', byPattern)).toBeGreaterThanOrEqual(
      valueOf(before, 'rushflow_http_requests_total', byPattern) + 2,
    );
    expect(valueOf(samples, 'rushflow_http_request_duration_seconds_count', byPattern)).toBeGreaterThanOrEqual(
      valueOf(before, 'rushflow_http_request_duration_seconds_count', byPattern) + 2,
    );
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(valueOf(samples, 'rushflow_http_requests_total', unmatched)).toBeGreaterThanOrEqual(
      valueOf(before, 'rushflow_http_requests_total', unmatched) + 1,
    );
    // Neither the ids nor the made-up path became a label; the scrapes themselves are not counted.
    for (const raw of [...ids, stray]) expect(text).not.toContain(raw);
    expect(samples.filter((sample) => sample.labels.route === '/metrics')).toEqual([]);
  });

  test('counts the open live streams while they are open', async () => {
    const token = await signIn(accounts.client.email, accounts.client.password);
    const stream = await openStream(appUrl, token);
    expect(stream.status).toBe(200);
    await stream.waitFor((messages) => messages.some((message) => message.event === STREAM_EVENTS.ready));
    const open = valueOf((await scrape()).samples, 'rushflow_live_streams');
    expect(open).toBeGreaterThanOrEqual(1);

    stream.close();
    await waitUntil(
      async () => valueOf((await scrape()).samples, 'rushflow_live_streams') < open,
      30_000,
      'the stream’s end in the gauge',
    );
    // The stream counts as a request when it starts, under its route.
    const started = { method: 'GET', route: '/api/events', status: '200' };
    expect(valueOf((await scrape()).samples, 'rushflow_http_requests_total', started)).toBeGreaterThanOrEqual(1);
  });

  test('counts checkouts and webhook deliveries by outcome, and the worker counts the paid brief’s activities', async () => {
    const stripe = createStripeClient(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE);
    const checkouts = (samples: Sample[]) =>
      Object.fromEntries(
        ['created', 'refused', 'failed'].map((outcome) => [
          outcome,
          valueOf(samples, 'rushflow_checkout_outcomes_total', { outcome }),
        ]),
      );
    const webhooks = (samples: Sample[]) =>
      Object.fromEntries(
        ['processed', 'duplicate', 'ignored', 'invalid_signature', 'error'].map((outcome) => [
          outcome,
          valueOf(samples, 'rushflow_payment_webhook_outcomes_total', { outcome }),
        ]),
      );
    const before = (await scrape()).samples;

    const submitted = await postJson(
      `${appUrl}/api/briefs`,
      standardWizardBrief(`metrics-${randomUUID()}@example.com`),
    );
    expect(submitted.status).toBe(201);
    const briefId = submitted.body.briefId as string;
    const checkout = await postJson(`${appUrl}/api/briefs/${briefId}/checkout`);
    const sessionId = (checkout.body as unknown as CheckoutAnswer).sessionId;
    expect(checkout.status).toBe(200);
    expect((await postJson(`${appUrl}/api/briefs/${randomUUID()}/checkout`)).status).toBe(404);

    // A forged delivery; an event for a session that is not ours, delivered twice; the simulated payment.
    const foreign = JSON.stringify(
      checkoutEvent('checkout.session.expired', { id: `cs_test_metrics_${randomUUID()}`, briefId, amount: 1 }),
    );
    expect(await deliverWebhook(appUrl, stripe, foreign, 'whsec_wrong')).toBe(400);
    expect(await deliverWebhook(appUrl, stripe, foreign, config.STRIPE_WEBHOOK_SECRET)).toBe(200);
    expect(await deliverWebhook(appUrl, stripe, foreign, config.STRIPE_WEBHOOK_SECRET)).toBe(200);
    expect((await postJson(`${appUrl}/api/payments/simulated/${sessionId}/pay`)).status).toBe(200);

    const after = (await scrape()).samples;
    const grew = (now: Record<string, number>, then: Record<string, number>) =>
      Object.fromEntries(Object.entries(now).map(([outcome, value]) => [outcome, value - then[outcome] >= 1]));
    expect(grew(checkouts(after), checkouts(before))).toEqual({ created: true, refused: true, failed: false });
    expect(grew(webhooks(after), webhooks(before))).toMatchObject({
      processed: true,
      duplicate: true,
      ignored: true,
      invalid_signature: true,
    });

    // The payment's workflows run the brief's activities on the stack's worker.
    await waitUntil(
      async () =>
        ((await (await fetch(`${appUrl}/api/payments/${sessionId}`)).json()) as PaymentState).state === 'success',
      60_000,
      'the project',
    );
    const worker = (await scrapeWorker()).samples;
    const completed = worker.filter(
      (sample) => sample.name === 'rushflow_activity_outcomes_total' && sample.labels.outcome === 'completed',
    );
    expect(completed.length).toBeGreaterThan(0);
    for (const sample of completed) {
      expect(Object.keys(sample.labels).sort()).toEqual(['activity_type', 'outcome']);
      expect(sample.value).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('the worker’s metrics endpoint', () => {
  test('serves the Temporal SDK’s schedule-to-start latencies, slots and sticky cache', async () => {
    const { text, samples } = await scrapeWorker();
    for (const [name, type] of [
      ['temporal_workflow_task_schedule_to_start_latency_seconds', 'histogram'],
      ['temporal_activity_schedule_to_start_latency_seconds', 'histogram'],
      ['temporal_worker_task_slots_available', 'gauge'],
      ['temporal_worker_task_slots_used', 'gauge'],
      ['temporal_sticky_cache_size', 'gauge'],
      ['temporal_sticky_cache_hit_total', 'counter'],
      ['rushflow_activity_outcomes_total', 'counter'],
    ])
      expect(text).toContain(`# TYPE ${name} ${type}`);
    // The product's task queue, its slots per kind of task, and a bucket at the alert's 200 ms.
    const slots = samples.filter(
      (sample) => sample.name === 'temporal_worker_task_slots_available' && sample.labels.task_queue === 'rushflow',
    );
    expect(slots.map((sample) => sample.labels.worker_type).sort()).toEqual([
      'ActivityWorker',
      'LocalActivityWorker',
      'WorkflowWorker',
    ]);
    for (const name of [
      'temporal_workflow_task_schedule_to_start_latency_seconds_bucket',
      'temporal_activity_schedule_to_start_latency_seconds_bucket',
    ])
      expect(
        samples.some(
          (sample) => sample.name === name && sample.labels.task_queue === 'rushflow' && sample.labels.le === '0.2',
        ),
      ).toBe(true);
  });
});

describe('an api of this suite’s own', () => {
  let db: Awaited<ReturnType<typeof createScratchDatabase>>;
  let api: OwnApi;

  beforeAll(async () => {
    db = await createScratchDatabase('rushflow_metrics');
    const hour = { points: 1, windowSeconds: 3_600 };
    api = await startOwnApi(
      { ...config, DATABASE_URL: db.url },
      {
        orm: db.orm,
        adjust: (deps) => ({
          ...deps,
          requestLimits: createRequestLimits(
            db.orm.em.getConnection().getKnex(),
            Object.fromEntries(LIMITED_REQUESTS.map((name) => [name, hour])) as Record<LimitedRequest, typeof hour>,
            `metrics-${randomUUID()}`,
          ),
        }),
      },
    );
    await api.deps.events.hub.start();
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  test('counts a rate-limit refusal under the rule’s name', async () => {
    // The limit counts before the body is read: the first brief is refused on its content, the second on the limit.
    expect((await postJson(`${api.base}/api/briefs`, {})).status).toBe(400);
    expect((await postJson(`${api.base}/api/briefs`, {})).status).toBe(429);
    const { samples } = await scrape(api.base);
    expect(valueOf(samples, 'rushflow_rate_limit_refusals_total', { limit: 'briefs' })).toBe(1);
    expect(valueOf(samples, 'rushflow_http_requests_total', { route: '/api/briefs', status: '429' })).toBe(1);
  });

  test('shows the outbox lag while an event waits for delivery, and 0 once it is delivered', async () => {
    expect(valueOf((await scrape(api.base)).samples, 'rushflow_outbox_lag_seconds')).toBe(0);
    // The delivery reads the project's parties: held up behind this lock, the event waits.
    const blocker = new Client({ connectionString: db.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table "projects" in access exclusive mode');
      await db.orm.em
        .getConnection()
        .execute(
          `insert into "events" ("type", "payload", "project_id", "created_at") values ('project.updated', '{}', ?, now() - interval '90 seconds')`,
          [randomUUID()],
        );
      api.deps.events.hub.wake();
      expect(valueOf((await scrape(api.base)).samples, 'rushflow_outbox_lag_seconds')).toBeGreaterThanOrEqual(90);
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    await waitUntil(
      async () => valueOf((await scrape(api.base)).samples, 'rushflow_outbox_lag_seconds') === 0,
      30_000,
      'the event’s delivery',
    );
  });
});
