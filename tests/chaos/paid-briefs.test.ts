import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { createStripeClient } from '../../clients/stripe-client';
import { EditorProfile } from '../../db/entities';
import { EVENTS_CHANNEL } from '../../db/outbox';
import { initOrm } from '../../db/orm';
import { setOtherEditorsAside } from '../support/editors';
import { waitUntil } from '../support/mail-server';
import {
  complete,
  countsOf,
  deliverUntilAccepted,
  expectOnePerBrief,
  seedBurstEditors,
  watchCompletions,
  type PaidBrief,
} from '../support/paid-brief-burst';
import { postJson } from '../support/payment-stack';
import { testStack } from '../support/stack-env';
import { standardWizardBrief } from '../support/brief-fixtures';

/**
 * Chaos: 50 paid briefs whose signed `checkout.session.completed` webhooks arrive in a burst, as
 * Stripe sends them. While their workflows run, the stack's worker, then its Temporal server, then
 * its PostgreSQL are each SIGKILLed and started again on the same data (through the stack control
 * `npm test` runs beside the stack). Every brief must end with exactly one project, one receipt
 * and one editor assignment. The recovery times are printed; nothing is asserted on them (the
 * machine is shared), only on the counts.
 */
jest.setTimeout(20 * 60_000);

const BRIEFS = 50;
/** Six editors of ten places each: room for every project of the burst, so none waits for an editor. */
const EDITORS = 6;
const EDITOR_CAPACITY = 10;
/** How long each service stays dead before it is started again: deliveries and activities fail meanwhile. */
const OUTAGE_MS = 3_000;
/** Stripe retries a failed delivery for days; here the same backoff, compressed, gives up after this. */
const DELIVERY_GIVE_UP_MS = 5 * 60_000;
/** After the last restart, every brief must be complete within this. */
const SETTLE_MS = 5 * 60_000;
const KILLED_IN_ORDER = ['worker', 'temporal', 'postgres'] as const;
type KilledService = (typeof KILLED_IN_ORDER)[number];

const { config, appUrl } = testStack();
const controlUrl = process.env.RUSHFLOW_STACK_CONTROL;
const stripe = createStripeClient('', config.STRIPE_API_BASE);
const delivery = { appUrl, stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET, giveUpMs: DELIVERY_GIVE_UP_MS };
let orm: MikroORM;
let temporal: Client;
let editorIds: string[] = [];
let restoreOtherEditors: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (!controlUrl) throw new Error('RUSHFLOW_STACK_CONTROL is not set: run the chaos suite through `npm test chaos`.');
  orm = await initOrm(config.DATABASE_URL);
  editorIds = await seedBurstEditors(orm, EDITORS, EDITOR_CAPACITY, 'Chaos');
  // Only this suite's editors take the burst's projects, so their counters can be checked.
  restoreOtherEditors = await setOtherEditorsAside(orm.em.fork(), editorIds);
  temporal = new Client({ connection: await Connection.connect({ address: config.TEMPORAL_ADDRESS }) });
});

afterAll(async () => {
  await restoreOtherEditors?.();
  // Full of this suite's projects: out of the way of anything that runs after it.
  await orm?.em.fork().nativeUpdate(EditorProfile, { userId: { $in: editorIds } }, { status: 'inactive' });
  await temporal?.connection.close();
  await orm?.close();
});

/** Kills or restarts one of the stack's services; resolves once the stack control has done it. */
async function control(service: KilledService, action: 'kill' | 'restart'): Promise<number> {
  const response = await fetch(`${controlUrl}/services/${service}/${action}`, { method: 'POST' });
  const body = (await response.json()) as { ms?: number; error?: string };
  if (!response.ok) throw new Error(`${action} ${service}: ${body.error ?? response.status}`);
  return body.ms ?? 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function submitPaidBrief(index: number): Promise<PaidBrief> {
  const email = `chaos-${index}-${randomUUID()}@example.com`;
  const brief = await postJson(`${appUrl}/api/briefs`, standardWizardBrief(email));
  expect(brief.status).toBe(201);
  const briefId = brief.body.briefId as string;
  const checkout = await postJson(`${appUrl}/api/briefs/${briefId}/checkout`);
  expect(checkout.status).toBe(200);
  return { briefId, email, sessionId: checkout.body.sessionId as string, amount: checkout.body.amount as number };
}

/**
 * A health report made before a kill can still be served this long after it: its probes take up
 * to 8 s, then the api reuses the report for 5 s (api/health/checks.ts).
 */
const STALE_HEALTH_MS = 13_000;

/**
 * Resolves at the first moment the api's health is ok again after a kill at `killedAt`: a report
 * counts once one has said "down" since, or once no report from before the kill can be served.
 */
async function healthyAgain(killedAt: number): Promise<number> {
  let sawDown = false;
  await waitUntil(
    async () => {
      const ok = (await fetch(`${appUrl}/api/health`, { signal: AbortSignal.timeout(15_000) })).ok;
      sawDown ||= !ok;
      return ok && (sawDown || performance.now() - killedAt > STALE_HEALTH_MS);
    },
    3 * 60_000,
    'the api health after the restart',
  );
  return performance.now();
}

const seconds = (ms: number | undefined) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);

test('worker, Temporal server and PostgreSQL SIGKILLed during a burst of 50 paid briefs → each brief has exactly one project, one receipt, one assignment', async () => {
  const briefs: PaidBrief[] = [];
  // A few at a time: the briefs are the set-up, the burst is the payments.
  for (let index = 0; index < BRIEFS; index += 5)
    briefs.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(5, BRIEFS - index) }, (_, offset) => submitPaidBrief(index + offset)),
      )),
    );

  // The burst reaches the api in thirds; each service is killed as soon as the api has accepted a
  // first payment of its third (the other deliveries in flight, the accepted ones' workflows
  // running), kept down a moment, started again, and the next third follows once the api is
  // healthy again: one outage at a time.
  const thirds = [briefs.slice(0, 17), briefs.slice(17, 34), briefs.slice(34)];
  const completions = watchCompletions(orm, briefs);
  const burstStart = performance.now();
  const outages: {
    service: KilledService;
    deliveries: Promise<number>[];
    killMs: number;
    restartMs: number;
    restartAt: number;
    healthyAt: number;
  }[] = [];
  for (const [index, service] of KILLED_IN_ORDER.entries()) {
    const deliveries = thirds[index].map((brief) => deliverUntilAccepted(delivery, brief));
    await Promise.any(deliveries);
    const killedAt = performance.now();
    const killMs = await control(service, 'kill');
    await sleep(OUTAGE_MS);
    const restartAt = performance.now();
    const restartMs = await control(service, 'restart');
    outages.push({ service, deliveries, killMs, restartMs, restartAt, healthyAt: await healthyAgain(killedAt) });
  }
  const attempts = await Promise.all(outages.map((outage) => Promise.all(outage.deliveries)));
  await waitUntil(
    async () => (await countsOf(orm, briefs)).every(complete),
    SETTLE_MS,
    'every brief to have its project, receipt and assignment',
  );
  const burstEnd = performance.now();
  await completions.stop();

  const load = os.loadavg().map((value) => value.toFixed(2));
  const resent = (counts: number[]) =>
    `${counts.filter((count) => count > 1).length} of ${counts.length} webhooks re-sent ` +
    `(${counts.reduce((sum, count) => sum + count - 1, 0)} refused deliveries)`;
  console.log(
    [
      `chaos: ${BRIEFS} paid briefs, burst (first webhook → last brief complete) ${seconds(burstEnd - burstStart)}; ` +
        `${resent(attempts.flat())}; load average ${load.join(' ')}`,
      ...outages.map((outage, index) => {
        const next = completions.nextAfter(outage.restartAt);
        return (
          `  ${outage.service.padEnd(8)} SIGKILL ${seconds(outage.killMs)}, down ${seconds(OUTAGE_MS)}, restarted in ${seconds(outage.restartMs)}; ` +
          `its part: ${resent(attempts[index])}; ` +
          `from the restart: api health ok after ${seconds(outage.healthyAt - outage.restartAt)}, ` +
          `next brief complete after ${seconds(next === undefined ? undefined : next - outage.restartAt)}`
        );
      }),
    ].join('\n'),
  );

  // The live channel follows the outbox on a LISTEN connection again (not only on its poll).
  await waitUntil(
    async () =>
      (
        await orm.em
          .getConnection()
          .execute<{ count: string }[]>(`select count(*) from "pg_stat_activity" where "query" = ?`, [
            `listen ${EVENTS_CHANNEL}`,
          ])
      )[0].count !== '0',
    30_000,
    "the api's LISTEN connection after PostgreSQL's restart",
  );

  // Exactly one of each per brief: none missing, no duplicates.
  await expectOnePerBrief({ orm, temporal, briefs, editorIds, mailApiUrl: String(process.env.MAIL_API_URL) });
});
