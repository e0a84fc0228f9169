import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Client, Connection } from '@temporalio/client';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createStripeClient } from '../../clients/stripe-client';
import { EditorProfile } from '../../db/entities';
import { initOrm } from '../../db/orm';
import { MESSAGES } from '../../domain/messages';
import { SETTING_DEFAULTS } from '../../domain/settings';
import { CHROMIUM, clusterStack, keepStream, request, tokenKeeper, type KeptStream } from '../support/cluster';
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
import { standardWizardBrief } from '../support/brief-fixtures';
import { seedProject } from '../support/project-seed';

/**
 * The production topology (two apis behind Caddy, two workers, the Temporal server on PostgreSQL,
 * two Keycloak nodes) under a burst of 50 paid briefs, 200 open live streams and chat between a
 * client and an editor, while one instance after the other is SIGKILLed: one api, one worker, the
 * Temporal server (started again), one Keycloak node, PostgreSQL (started again). The killed api,
 * worker and Keycloak node stay dead: the others carry on. After each kill and at the end: every
 * paid brief has one project, one receipt and one assignment; every stream came back through Caddy
 * and got every event once; the signed-in browser page is still signed in; the launch offer gave
 * no more than its places. Recovery times are printed, not asserted (the machine is shared).
 * Before that, with every instance alive: 50 payments at once, half to each api, get 50 invoices
 * numbered one after the other.
 */
jest.setTimeout(30 * 60_000);

const BRIEFS = 50;
const EDITORS = 6;
const EDITOR_CAPACITY = 10;
/** 100 streams per party (the suite's cluster allows 100 an account instead of 5). */
const STREAMS_PER_PARTY = 100;
/** A chat message every this often, alternately from the client and the editor. */
const CHAT_EVERY_MS = 400;
/** How long the Temporal server and PostgreSQL stay dead before they are started again. */
const OUTAGE_MS = 3_000;
const DELIVERY_GIVE_UP_MS = 5 * 60_000;
const SETTLE_MS = 5 * 60_000;
const KILLS = [
  { service: 'api1', restart: false },
  { service: 'worker1', restart: false },
  { service: 'temporal', restart: true },
  { service: 'keycloak1', restart: false },
  { service: 'postgres', restart: true },
] as const;

const { config, accounts, appUrl, signIn, control, ports } = clusterStack();
const stripe = createStripeClient('', config.STRIPE_API_BASE);
const delivery = { appUrl, stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET, giveUpMs: DELIVERY_GIVE_UP_MS };
let orm: MikroORM;
let temporal: Client;
let browser: Browser;
let page: Page;
let editorIds: string[] = [];
let restoreOtherEditors: (() => Promise<void>) | undefined;
const keepers = {
  client: tokenKeeper(() => signIn(accounts.client.email, accounts.client.password)),
  editor: tokenKeeper(() => signIn(accounts.editor.email, accounts.editor.password)),
};
const streams: KeptStream[] = [];

beforeAll(async () => {
  orm = await initOrm(config.DATABASE_URL);
  editorIds = await seedBurstEditors(orm, EDITORS, EDITOR_CAPACITY, 'Cluster');
  restoreOtherEditors = await setOtherEditorsAside(orm.em.fork(), editorIds);
  temporal = new Client({ connection: await Connection.connect({ address: config.TEMPORAL_ADDRESS }) });
  browser = await chromium.launch({ ...CHROMIUM, headless: true });
});

afterAll(async () => {
  streams.forEach((stream) => stream.stop());
  await browser?.close();
  await restoreOtherEditors?.();
  await orm?.em.fork().nativeUpdate(EditorProfile, { userId: { $in: editorIds } }, { status: 'inactive' });
  await temporal?.connection.close();
  await orm?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number | undefined) => (ms === undefined ? '—' : `${(ms / 1000).toFixed(1)} s`);
/** Visitor `index`'s own loopback address: its limits and proof-of-work thresholds are its own. */
const visitorAddress = (index: number) => `127.3.${Math.floor(index / 250)}.${(index % 250) + 1}`;
/** The invoices test's visitors: addresses of their own. */
const invoiceVisitorAddress = (index: number) => `127.5.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** A brief and its checkout, as an anonymous visitor from its own address. */
async function submitPaidBrief(
  index: number,
  localAddress = visitorAddress(index),
): Promise<PaidBrief & { launchOffer: boolean }> {
  const email = `cluster-${index}-${randomUUID()}@example.com`;
  const brief = await request(`${appUrl}/api/briefs`, {
    method: 'POST',
    body: standardWizardBrief(email),
    localAddress,
  });
  expect(brief.status).toBe(201);
  const briefId = brief.body.briefId as string;
  const checkout = await request(`${appUrl}/api/briefs/${briefId}/checkout`, {
    method: 'POST',
    body: {},
    localAddress,
  });
  expect(checkout.status).toBe(200);
  return {
    briefId,
    email,
    sessionId: checkout.body.sessionId as string,
    amount: checkout.body.amount as number,
    launchOffer: checkout.body.launchOffer === true,
  };
}

/** The chat: both parties post in turn; what the api acknowledged is every stream's due. */
function chatTraffic(projectId: string) {
  const acknowledged = new Set<string>();
  let refused = 0;
  let running = true;
  const send = async (party: 'client' | 'editor', content: string) => {
    const answer = await request(`${appUrl}/api/projects/${projectId}/messages`, {
      method: 'POST',
      body: { content },
      headers: { authorization: `Bearer ${await keepers[party].get()}` },
    }).catch(() => undefined);
    if (answer?.status === 201 || answer?.status === 200) {
      const id = (answer.body.message as { id: string }).id;
      acknowledged.add(id);
      return id;
    }
    if (answer?.status === 401) await keepers[party].fresh().catch(() => {});
    refused += 1;
    return undefined;
  };
  const loop = (async () => {
    for (let n = 0; running; n += 1) {
      await send(n % 2 ? 'editor' : 'client', `Message ${n} pendant les pannes`);
      await sleep(CHAT_EVERY_MS);
    }
  })();
  return {
    acknowledged,
    refused: () => refused,
    /**
     * Sends one message (tried until acknowledged) and resolves once every stream has it: the time
     * it took, and the messages acknowledged before it (each stream's due by then, events being in order).
     */
    async roundTrip(): Promise<{ ms: number; due: Set<string> }> {
      const start = performance.now();
      const due = new Set(acknowledged);
      let id: string | undefined;
      while (!(id = await send('client', 'Tout le monde me reçoit ?'))) await sleep(500);
      await waitUntil(
        async () => streams.every((stream) => stream.messages.has(id)),
        3 * 60_000,
        'every stream to receive the last message',
      );
      due.add(id);
      return { ms: performance.now() - start, due };
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

/**
 * Every stream is open (a stream also closes when its token expires, and comes back at once) and
 * got every message `due` exactly once, and no event twice.
 */
async function expectEveryEventOnce(due: Set<string>) {
  await waitUntil(async () => streams.every((stream) => stream.open), 60_000, 'every stream to be open').catch(
    () => {},
  );
  const problems = streams.flatMap((stream) => {
    const missing = [...due].filter((id) => !stream.messages.has(id));
    const twice = [...stream.messages].filter(([, count]) => count > 1).map(([id]) => id);
    return missing.length || twice.length || stream.duplicates.length || stream.resyncs || !stream.open
      ? [
          `${stream.name}: open ${stream.open}, ${missing.length} missing, ${twice.length} messages twice, ` +
            `${stream.duplicates.length} events twice, ${stream.resyncs} resyncs`,
        ]
      : [];
  });
  expect(problems).toEqual([]);
}

/** The signed-in page, loaded afresh: the account menu shows (Keycloak's silent check found the session). */
async function expectStillSignedIn() {
  await page.goto(`${appUrl}/dashboard`);
  await page.getByRole('button', { name: 'Client, menu du compte' }).waitFor({ timeout: 60_000 });
  expect(page.url()).toMatch(/\/dashboard$/);
}

/** Places taken by paid (or being paid) checkouts with the launch offer. */
async function launchOfferPlacesClaimed(): Promise<number> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ n: string }[]>(
      `select count(*) as n from "checkout_sessions" where "launch_offer_claimed" and "status" in ('processing', 'paid')`,
    );
  return Number(row.n);
}

test('a rate limit counts across both apis: an address gets its 30 checkouts an hour in all, whichever api answers', async () => {
  // Straight to each api, as Caddy forwards a visitor (X-Forwarded-For): half the allowance on each.
  const address = '127.4.0.1';
  const checkout = (base: string) =>
    request(`${base}/api/briefs/${randomUUID()}/checkout`, {
      method: 'POST',
      body: {},
      headers: { 'x-forwarded-for': address },
    });
  const limit = 30;
  for (let index = 0; index < limit; index += 1) {
    const api = index % 2 ? ports.api2 : ports.api1;
    const answer = await checkout(`http://127.0.0.1:${api}`);
    expect(answer.status).not.toBe(429);
  }
  // The next one is refused by either api, and through Caddy from that address: the count is shared.
  const refusals = [
    await checkout(`http://127.0.0.1:${ports.api1}`),
    await checkout(`http://127.0.0.1:${ports.api2}`),
    await request(`${appUrl}/api/briefs/${randomUUID()}/checkout`, { method: 'POST', body: {}, localAddress: address }),
  ];
  for (const refused of refusals) {
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(MESSAGES.tooManyRequests(60));
  }
});

test('50 payments at once across both apis and both workers → 50 invoices with consecutive numbers, none twice, each PDF stored', async () => {
  // These briefs get editors of their own and no launch-offer place: the next test counts both.
  const invoiceEditors = await seedBurstEditors(orm, EDITORS, EDITOR_CAPACITY, 'Factures');
  const restoreEditors = await setOtherEditorsAside(orm.em.fork(), invoiceEditors);
  const [places] = await orm.em
    .getConnection()
    .execute<{ value: unknown }[]>(`select "value" from "settings" where "key" = 'launch_offer_places'`);
  await orm.em
    .getConnection()
    .execute(
      `insert into "settings" ("key", "value") values ('launch_offer_places', '0') on conflict ("key") do update set "value" = '0'`,
    );
  try {
    const briefs = await Promise.all(
      Array.from({ length: BRIEFS }, (_, index) => submitPaidBrief(index, invoiceVisitorAddress(index))),
    );
    const counterBefore = await lastInvoiceSequence();
    // Every webhook at once, half straight to each api.
    await Promise.all(
      briefs.map((brief, index) =>
        deliverUntilAccepted({ ...delivery, appUrl: `http://127.0.0.1:${index % 2 ? ports.api2 : ports.api1}` }, brief),
      ),
    );
    const invoices = await orm.em
      .getConnection()
      .execute<{ brief_id: string; number: string; sequence: number; year: number }[]>(
        `select "brief_id", "number", "sequence", "year" from "invoices" where "kind" = 'invoice' and "brief_id" in (?)`,
        [briefs.map((brief) => brief.briefId)],
      );
    expect(new Set(invoices.map((invoice) => invoice.brief_id)).size).toBe(BRIEFS);
    expect(invoices).toHaveLength(BRIEFS);
    const sequences = invoices.map((invoice) => invoice.sequence).sort((a, b) => a - b);
    // The 50 numbers that followed the last one given before: no gap, no duplicate.
    expect(sequences).toEqual(Array.from({ length: BRIEFS }, (_, index) => counterBefore.sequence + index + 1));
    expect(
      invoices.every((invoice) => invoice.number === `${invoice.year}-${String(invoice.sequence).padStart(6, '0')}`),
    ).toBe(true);
    // Both workers render and store the PDFs.
    await waitUntil(
      async () => {
        const [row] = await orm.em
          .getConnection()
          .execute<{ n: string }[]>(
            `select count(*) as n from "invoices" where "brief_id" in (?) and "pdf_sha256" is not null`,
            [briefs.map((brief) => brief.briefId)],
          );
        return Number(row.n) === BRIEFS;
      },
      SETTLE_MS,
      'every invoice PDF to be stored',
    );
    await waitUntil(
      async () => (await countsOf(orm, briefs)).every(complete),
      SETTLE_MS,
      'the invoiced briefs to be complete',
    );
  } finally {
    await orm.em.fork().nativeUpdate(EditorProfile, { userId: { $in: invoiceEditors } }, { status: 'inactive' });
    await restoreEditors();
    await orm.em
      .getConnection()
      .execute(`update "settings" set "value" = ?::jsonb where "key" = 'launch_offer_places'`, [
        JSON.stringify(places?.value ?? SETTING_DEFAULTS.launch_offer_places),
      ]);
  }
});

/** The last invoice number given this year (0 before the first). */
async function lastInvoiceSequence(): Promise<{ sequence: number }> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ last_sequence: number }[]>(
      `select "last_sequence" from "invoice_counters" where "kind" = 'invoice' and "year" = extract(year from now() at time zone 'Europe/Paris')`,
    );
  return { sequence: row ? Number(row.last_sequence) : 0 };
}

test('one api, one worker, the Temporal server, one Keycloak node and PostgreSQL SIGKILLed in turn under 50 paid briefs, 200 streams and chat → nothing lost, nothing twice, nobody signed out', async () => {
  // The client's project with the demo editor, where the chat happens.
  const clientToken = await keepers.client.get();
  const editorToken = await keepers.editor.get();
  const subject = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
  const projectId = await seedProject(orm.em.fork(), {
    client: { id: subject(clientToken), email: accounts.client.email },
    editorId: subject(editorToken),
    status: 'in_progress',
    title: 'Projet du cluster',
  });

  // The signed-in browser page (Caddy's certificate comes from its own authority).
  const context = await browser.newContext({ baseURL: appUrl, ignoreHTTPSErrors: true });
  page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.locator('#username').fill(accounts.client.email);
  await page.locator('#password').fill(accounts.client.password);
  await page.locator('#kc-login').click();
  await page.waitForURL(/\/dashboard$/, { timeout: 60_000 });

  for (const party of ['client', 'editor'] as const)
    for (let index = 0; index < STREAMS_PER_PARTY; index += 1)
      streams.push(keepStream(appUrl, `${party} ${index + 1}`, keepers[party]));
  await waitUntil(async () => streams.every((stream) => stream.open), 120_000, 'the 200 streams to open');
  const chat = chatTraffic(projectId);

  // The briefs and their checkouts, from 50 visitors, ten at a time across both apis.
  const briefs: (PaidBrief & { launchOffer: boolean })[] = [];
  for (let index = 0; index < BRIEFS; index += 10)
    briefs.push(...(await Promise.all(Array.from({ length: 10 }, (_, offset) => submitPaidBrief(index + offset)))));
  // The launch offer's places were decided by concurrent checkouts on both apis.
  expect(briefs.filter((brief) => brief.launchOffer)).toHaveLength(SETTING_DEFAULTS.launch_offer_places);

  // The payments arrive in five parts; each instance dies as soon as its part's first is accepted.
  const parts = KILLS.map((_, index) => briefs.slice(index * 10, index * 10 + 10));
  const completions = watchCompletions(orm, briefs);
  const report: string[] = [];
  const burstStart = performance.now();
  for (const [index, { service, restart }] of KILLS.entries()) {
    const deliveries = parts[index].map((brief) => deliverUntilAccepted(delivery, brief));
    await Promise.any(deliveries);
    const killedAt = performance.now();
    const killMs = await control(service, 'kill');
    let restartMs: number | undefined;
    if (restart) {
      await sleep(OUTAGE_MS);
      restartMs = await control(service, 'restart');
    }
    const back = restart ? performance.now() : killedAt;
    const attempts = await Promise.all(deliveries);

    // Every brief paid so far: complete, once.
    const paidSoFar = briefs.slice(0, index * 10 + 10);
    await waitUntil(
      async () => (await countsOf(orm, paidSoFar)).every(complete),
      SETTLE_MS,
      `the briefs after ${service}`,
    );
    const allCompleteAt = performance.now();
    const counts = await countsOf(orm, paidSoFar);
    expect(counts.filter((c) => c.projects !== 1 || c.receipts !== 1 || c.assignments !== 1)).toEqual([]);

    // Every stream back, through Caddy, with every message once.
    const { ms: roundTripMs, due } = await chat.roundTrip();
    const streamsBackAt = Math.max(...streams.map((stream) => stream.readyAt));
    await expectEveryEventOnce(due);

    // A fresh sign-in (through whichever Keycloak node is alive), then the browser's page.
    const signInStart = performance.now();
    await keepers.client.fresh();
    const signInMs = performance.now() - signInStart;
    await expectStillSignedIn();

    expect(await launchOfferPlacesClaimed()).toBeLessThanOrEqual(SETTING_DEFAULTS.launch_offer_places);

    const next = completions.nextAfter(back);
    report.push(
      `  ${service.padEnd(9)} SIGKILL ${seconds(killMs)}${restart ? `, down ${seconds(OUTAGE_MS)}, started again in ${seconds(restartMs)}` : ', left dead'}; ` +
        `from ${restart ? 'the restart' : 'the kill'}: next brief complete ${seconds(next === undefined ? undefined : next - back)}, ` +
        `its part complete ${seconds(allCompleteAt - back)}, streams back ${seconds(Math.max(0, streamsBackAt - back))}; ` +
        `then a message to all 200 streams ${seconds(roundTripMs)}, a sign-in ${seconds(signInMs)}; ` +
        `webhooks re-sent ${attempts.filter((count) => count > 1).length}/10`,
    );
  }
  const burstEnd = performance.now();
  await chat.stop();
  await completions.stop();
  // The chat stopped: every message it had acknowledged is due on every stream.
  await chat.roundTrip();
  console.log(
    [
      `cluster: ${BRIEFS} paid briefs in five parts, ${streams.length} streams, ${chat.acknowledged.size} chat messages ` +
        `(${chat.refused()} refused during outages); first webhook → last check ${seconds(burstEnd - burstStart)}; ` +
        `stream reconnections ${streams.reduce((sum, stream) => sum + stream.connects - 1, 0)} ` +
        `(drops ${streams.reduce((sum, stream) => sum + stream.drops, 0)}); load average ${os
          .loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')}`,
      ...report,
    ].join('\n'),
  );

  // At the end: one of each per brief everywhere, every event once, the offer's places exactly used.
  await expectOnePerBrief({ orm, temporal, briefs, editorIds, mailApiUrl: String(process.env.MAIL_API_URL) });
  // One invoice per brief, and the year's numbers still without a gap after every kill.
  const [invoiced] = await orm.em
    .getConnection()
    .execute<{ invoices: string; briefs: string }[]>(
      `select count(*) as invoices, count(distinct "brief_id") as briefs from "invoices" where "kind" = 'invoice' and "brief_id" in (?)`,
      [briefs.map((brief) => brief.briefId)],
    );
  expect({ invoices: Number(invoiced.invoices), briefs: Number(invoiced.briefs) }).toEqual({
    invoices: BRIEFS,
    briefs: BRIEFS,
  });
  const [year] = await orm.em
    .getConnection()
    .execute<{ issued: string; last: number }[]>(
      `select count(*) as issued, max("sequence") as last from "invoices" where "kind" = 'invoice' and "year" = extract(year from now() at time zone 'Europe/Paris')`,
    );
  expect(Number(year.issued)).toBe(Number(year.last));
  await expectEveryEventOnce(chat.acknowledged);
  expect(await launchOfferPlacesClaimed()).toBe(SETTING_DEFAULTS.launch_offer_places);
});
