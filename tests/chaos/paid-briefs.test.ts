import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { createStripeClient } from '../../clients/stripe-client';
import { EditorProfile } from '../../db/entities';
import { EVENTS_CHANNEL } from '../../db/outbox';
import { initOrm } from '../../db/orm';
import { briefWorkflowId, PAYMENT_RECEIPT_TEMPLATE, type BriefWorkflowResult } from '../../workflows/contracts/brief';
import { setOtherEditorsAside } from '../support/editors';
import { waitUntil, type CapturedEmail } from '../support/mail-server';
import { checkoutEvent, deliverWebhook, postJson } from '../support/payment-stack';
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
let orm: MikroORM;
let temporal: Client;
const editorIds = Array.from({ length: EDITORS }, () => randomUUID());
let restoreOtherEditors: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (!controlUrl) throw new Error('RUSHFLOW_STACK_CONTROL is not set: run the chaos suite through `npm test chaos`.');
  orm = await initOrm(config.DATABASE_URL);
  const em = orm.em.fork();
  editorIds.forEach((userId, index) =>
    em.create(EditorProfile, {
      userId,
      firstName: 'Monteur',
      lastName: `Chaos ${index + 1}`,
      specialties: ['general'],
      visualComplexityLevels: ['simple', 'moderate', 'complex', 'expert'],
      languages: ['français'],
      maxConcurrentProjects: EDITOR_CAPACITY,
    }),
  );
  await em.flush();
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

interface PaidBrief {
  briefId: string;
  email: string;
  sessionId: string;
  amount: number;
}

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
 * Delivers the brief's payment event until the api answers 2xx, as Stripe does: a delivery that
 * gets no 2xx (an error, no answer) is sent again with a growing backoff, the same event re-signed.
 * Resolves to the number of attempts.
 */
async function deliverUntilAccepted(brief: PaidBrief): Promise<number> {
  const payload = JSON.stringify(
    checkoutEvent('checkout.session.completed', { id: brief.sessionId, briefId: brief.briefId, amount: brief.amount }),
  );
  const start = performance.now();
  for (let attempt = 1; ; attempt += 1) {
    const status = await deliverWebhook(appUrl, stripe, payload, config.STRIPE_WEBHOOK_SECRET).catch(() => 0);
    if (status >= 200 && status < 300) return attempt;
    if (performance.now() - start > DELIVERY_GIVE_UP_MS)
      throw new Error(`the payment of ${brief.email} was refused ${attempt} times (last answer ${status})`);
    await sleep(Math.min(500 * 2 ** (attempt - 1), 15_000));
  }
}

interface BriefCounts {
  email: string;
  projects: number;
  receipts: number;
  assignments: number;
}

/** Per brief: its projects, the receipts sent for it and its projects' assignments, counted in PostgreSQL. */
async function countsOf(briefs: PaidBrief[]): Promise<BriefCounts[]> {
  const rows = await orm.em.getConnection().execute<Record<keyof BriefCounts, string | number>[]>(
    `select b."email",
            (select count(*) from "projects" p where p."brief_id" = b."id") as "projects",
            (select count(*) from "sent_emails" s
              where s."recipient" = b."email" and s."template" = ? and s."sent_at" is not null) as "receipts",
            (select count(*) from "status_history" h join "projects" p on p."id" = h."project_id"
              where p."brief_id" = b."id" and h."new_status" = 'assigned') as "assignments"
       from "briefs" b where b."id" in (?)`,
    [PAYMENT_RECEIPT_TEMPLATE, briefs.map((brief) => brief.briefId)],
  );
  return rows.map((row) => ({
    email: String(row.email),
    projects: Number(row.projects),
    receipts: Number(row.receipts),
    assignments: Number(row.assignments),
  }));
}

const complete = (counts: BriefCounts) => counts.projects >= 1 && counts.receipts >= 1 && counts.assignments >= 1;

/** Polls the completed briefs in the background, noting when each one was first seen complete. */
function watchCompletions(briefs: PaidBrief[]) {
  const completedAt: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running && completedAt.length < briefs.length) {
      // PostgreSQL is down for a while: its errors only mean "not seen yet".
      const done = await countsOf(briefs)
        .then((all) => all.filter(complete).length)
        .catch(() => completedAt.length);
      while (completedAt.length < done) completedAt.push(performance.now());
      await sleep(250);
    }
  })();
  return {
    completedAt,
    async stop() {
      running = false;
      await loop;
    },
  };
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
  const completions = watchCompletions(briefs);
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
    const deliveries = thirds[index].map(deliverUntilAccepted);
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
    async () => (await countsOf(briefs)).every(complete),
    SETTLE_MS,
    'every brief to have its project, receipt and assignment',
  );
  const burstEnd = performance.now();
  await completions.stop();

  const load = os.loadavg().map((value) => value.toFixed(2));
  const nextCompletion = (after: number) => completions.completedAt.find((at) => at > after);
  const resent = (counts: number[]) =>
    `${counts.filter((count) => count > 1).length} of ${counts.length} webhooks re-sent ` +
    `(${counts.reduce((sum, count) => sum + count - 1, 0)} refused deliveries)`;
  console.log(
    [
      `chaos: ${BRIEFS} paid briefs, burst (first webhook → last brief complete) ${seconds(burstEnd - burstStart)}; ` +
        `${resent(attempts.flat())}; load average ${load.join(' ')}`,
      ...outages.map((outage, index) => {
        const next = nextCompletion(outage.restartAt);
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
  const counts = await countsOf(briefs);
  expect(counts).toHaveLength(BRIEFS);
  expect(counts.filter((c) => c.projects !== 1 || c.receipts !== 1 || c.assignments !== 1)).toEqual([]);
  // An assignment counted twice would show in the editors' loads.
  const loads = await orm.em
    .getConnection()
    .execute<{ user_id: string; current_projects_count: number; assigned: string }[]>(
      `select e."user_id", e."current_projects_count",
              (select count(*) from "projects" p where p."editor_id" = e."user_id") as "assigned"
         from "editor_profiles" e where e."user_id" in (?)`,
      [editorIds],
    );
  expect(loads.filter((row) => row.current_projects_count !== Number(row.assigned))).toEqual([]);
  expect(loads.reduce((sum, row) => sum + Number(row.assigned), 0)).toBe(BRIEFS);

  // Temporal's side: each brief's workflow ended paid with that project, and it started one project workflow.
  const projects = new Map(
    (
      await orm.em
        .getConnection()
        .execute<{ brief_id: string; id: string }[]>(
          `select "brief_id", "id" from "projects" where "brief_id" in (?)`,
          [briefs.map((brief) => brief.briefId)],
        )
    ).map((row) => [row.brief_id, row.id]),
  );
  for (const brief of briefs) {
    const result = (await temporal.workflow.getHandle(briefWorkflowId(brief.briefId)).result()) as BriefWorkflowResult;
    expect(result).toEqual({ briefId: brief.briefId, paid: true, projectId: projects.get(brief.briefId) });
    const projectWorkflows = [];
    for await (const execution of temporal.workflow.list({
      query: `WorkflowType = 'projectWorkflow' AND RushflowClientEmail = '${brief.email}'`,
    }))
      projectWorkflows.push(execution.workflowId);
    expect(projectWorkflows).toEqual([`project-${projects.get(brief.briefId)}`]);
  }

  // The client's mailbox: one receipt each (a send repeated after a crash keeps its Message-ID).
  const mails = (await (await fetch(`${process.env.MAIL_API_URL}/email`)).json()) as CapturedEmail[];
  for (const brief of briefs) {
    const receipts = mails.filter(
      (mail) => mail.subject.startsWith('Paiement confirmé') && mail.to.some((to) => to.address === brief.email),
    );
    expect(new Set(receipts.map((mail) => mail.messageId)).size).toBe(1);
  }
});
