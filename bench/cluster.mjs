// The production topology's figures on this machine (`npm run bench:cluster`), loopback only: the
// cluster of the `cluster` suite (scripts/lib/cluster.mjs, profile "cluster-test", started afresh,
// stopped at the end) measured whole, then with one instance of each, side by side in one run.
//
// On the whole cluster (2 apis behind Caddy, 2 workers, 2 Keycloak nodes), then once api 2,
// worker 2 and Keycloak node 2 are SIGKILLed and Caddy routes everything to the others:
// 1. Payment webhook → project assigned: BENCH_WEBHOOK_SECONDS (10) s of signed
//    `checkout.session.completed` webhooks at BENCH_WEBHOOKS_PER_SECOND (20) a second through Caddy
//    (their briefs and checkouts made first, not timed); for each, from the webhook's send to the
//    commit of its project's `assigned` status-history row: p50 / p99 / max. Then BENCH_SEQUENTIAL
//    (20) more one at a time, each once the previous is assigned: p50.
// 2. Action → other party's stream: BENCH_ACTIONS (200) chat messages posted by the client, 5 a
//    second, while the editor holds BENCH_EDITOR_STREAMS (4) streams through Caddy (on either api):
//    from the POST to each stream's receipt of the event: p50 / p99.
// 3. GET /api/projects/mine as the client (20 projects) through Caddy with autocannon at
//    BENCH_CONNECTIONS (10) connections for BENCH_SECONDS (10) s after 2 s of warm-up: req/s, p50 / p99.
// The anonymous forms' limits and proof-of-work thresholds are raised for the cluster (the bench
// measures the path, not the limits), and enough editors are seeded that no project waits for one.
//
// The measuring part runs in a child process: Node trusts Caddy's local authority
// (NODE_EXTRA_CA_CERTS) only when it is set at start, and the authority exists once Caddy is up.
// The child asks this process, which holds the instances, to kill them (IPC).
import { spawn } from 'node:child_process';
import https from 'node:https';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createParser } from 'eventsource-parser';
import { loadAverage, pct, signInAs, subjectOf } from './lib/kit.mjs';
import { bringUpCluster } from '../scripts/lib/cluster.mjs';
import { createStripeClient } from '../clients/stripe-client.ts';
import { initOrm } from '../db/orm.ts';
import { STREAM_EVENTS } from '../domain/events.ts';
import { standardWizardBrief } from '../tests/support/brief-fixtures.ts';
import { seedBurstEditors } from '../tests/support/paid-brief-burst.ts';
import { request } from '../tests/support/cluster.ts';
import { checkoutEvent, deliverWebhook } from '../tests/support/payment-stack.ts';
import { seedProject } from '../tests/support/project-seed.ts';

const WEBHOOKS_PER_SECOND = Number(process.env.BENCH_WEBHOOKS_PER_SECOND ?? 20);
const WEBHOOK_SECONDS = Number(process.env.BENCH_WEBHOOK_SECONDS ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 20);
const ACTIONS = Number(process.env.BENCH_ACTIONS ?? 200);
const ACTIONS_PER_SECOND = 5;
const EDITOR_STREAMS = Number(process.env.BENCH_EDITOR_STREAMS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const PROJECTS = 20;
/** Past this the bench gives up (the cluster is stopped either way). */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_S ?? 16 * 60) * 1000;
/** How long after its webhook a paid brief may take to be assigned before it counts as not assigned. */
const ASSIGN_GIVE_UP_MS = 180_000;
const BURST = WEBHOOKS_PER_SECOND * WEBHOOK_SECONDS;
const PHASES = [
  { name: 'cluster', title: 'cluster (2 of each)' },
  { name: 'single', title: 'one of each' },
];
/** What "one of each" stops of the cluster. */
const SECOND_INSTANCES = ['api2', 'worker2', 'keycloak2'];
/** The anonymous forms' limits, raised as the test profile raises them (scripts/lib/stack-config.mjs). */
const UNLIMITED = '100000/3600';
const BENCH_ENV = {
  RATE_LIMIT_BRIEFS: UNLIMITED,
  RATE_LIMIT_CHECKOUTS: UNLIMITED,
  RATE_CEILING_BRIEFS: UNLIMITED,
  PROOF_OF_WORK_AFTER_BRIEFS: UNLIMITED,
  LIVE_STREAMS_PER_ACCOUNT: String(EDITOR_STREAMS + 5),
};

const log = (...parts) => console.log('[bench:cluster]', ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const ms = (value) => (value === undefined ? '—' : `${Math.round(value)} ms`);
const sorted = (values) => [...values].sort((a, b) => a - b);

/** Brings the cluster up, runs the measuring child against it, kills what it asks, stops it all. */
async function orchestrate() {
  const benchStart = performance.now();
  log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 20)} MiB; load before: ${loadAverage()}`);
  const cluster = await bringUpCluster('cluster-test', { fresh: true, env: BENCH_ENV });
  const { config, services } = cluster;
  log(`cluster up in ${cluster.bootSeconds.toFixed(0)} s (${config.appUrl}); load ${loadAverage()}`);
  let child;
  const budget = setTimeout(() => {
    log(`over the budget of ${BUDGET_MS / 1000} s: stopping`);
    child?.kill('SIGTERM');
  }, BUDGET_MS);
  try {
    child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        ...config.env,
        NODE_EXTRA_CA_CERTS: cluster.rootCertificate,
        BENCH_CLUSTER_CHILD: JSON.stringify({ env: config.env, appUrl: config.appUrl, accounts: cluster.accounts }),
      },
    });
    process.once('SIGINT', () => child.kill('SIGTERM'));
    child.on('message', async (message) => {
      if (message !== 'one-of-each') return;
      const started = performance.now();
      for (const name of SECOND_INSTANCES) await services[name].kill('SIGKILL');
      log(`${SECOND_INSTANCES.join(', ')} SIGKILLed in ${ms(performance.now() - started)}`);
      child.send('killed');
    });
    const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? signal)));
    if (code !== 0) process.exitCode = 1;
  } finally {
    clearTimeout(budget);
    log('stopping the cluster…');
    await cluster.stop();
    log(`cluster stopped; the whole bench took ${((performance.now() - benchStart) / 1000).toFixed(0)} s`);
  }
}

/** The measuring part: both phases, the table. */
async function measure({ env, appUrl, accounts }) {
  const config = { env, appUrl };
  const orm = await initOrm(env.DATABASE_URL);
  const stripe = createStripeClient('', env.STRIPE_API_BASE);
  try {
    // Capacity for every brief of both phases, and more: no project waits for an editor.
    const briefsInAll = PHASES.length * (BURST + SEQUENTIAL);
    await seedBurstEditors(orm, Math.ceil((briefsInAll * 1.5) / 10), 10, 'Banc');
    const signIn = (account) => signInAs(config, account.email, account.password);
    const clientToken = await signIn(accounts.client);
    const editorToken = await signIn(accounts.editor);
    const client = { id: subjectOf(clientToken), email: accounts.client.email };
    const chatProjectId = await seedProject(orm.em.fork(), {
      client,
      editorId: subjectOf(editorToken),
      status: 'in_progress',
      title: 'Projet du banc d’essai',
    });
    for (let index = 1; index < PROJECTS; index += 1)
      await seedProject(orm.em.fork(), {
        client,
        status: index % 2 ? 'in_progress' : 'completed',
        title: `Projet de mesure ${index + 1}`,
        messages: [{ senderId: client.id, senderName: 'Client', content: 'Bonjour' }],
        history: [{ oldStatus: null, newStatus: 'brief_received', comment: 'Paiement reçu' }],
      });
    log(`seeded editors for ${briefsInAll * 1.5} projects and ${PROJECTS} projects of ${client.email}`);

    const results = {};
    for (const phase of PHASES) {
      if (phase.name === 'single') await reduceToOneOfEach(appUrl, () => signIn(accounts.client));
      log(`— ${phase.title} — load ${loadAverage()}`);
      const webhooks = await webhookToAssigned({ appUrl, env, orm, stripe, phase: phase.name });
      // Access tokens live 5 minutes: each measurement signs in afresh (through the live Keycloak nodes).
      const tokens = { client: await signIn(accounts.client), editor: await signIn(accounts.editor) };
      const actions = await actionToOtherParty({ appUrl, tokens, projectId: chatProjectId });
      const reads = await projectsMine({ appUrl, token: await signIn(accounts.client) });
      results[phase.name] = { ...webhooks, actions, reads, load: loadAverage() };
    }
    printTable(results);
  } finally {
    await orm.close();
  }
}

/** Asks the parent to kill the second instances, then waits until Caddy serves from the live ones. */
async function reduceToOneOfEach(appUrl, signIn) {
  process.send('one-of-each');
  await new Promise((resolve) => process.once('message', resolve));
  const started = performance.now();
  // Caddy checks each upstream every second (Keycloak every 2 s): after a few checks, a series of
  // answers in a row and a sign-in (through the live Keycloak node) show the dead ones are out.
  await sleep(5_000);
  for (let inARow = 0; inARow < 20;) {
    const { status } = await request(`${appUrl}/api/config`, { timeoutMs: 10_000 }).catch(() => ({ status: 0 }));
    inARow = status === 200 ? inARow + 1 : 0;
  }
  await signIn();
  log(`Caddy routes to the live instances (${ms(performance.now() - started)} after the kills)`);
}

/** A JSON POST through Caddy that must succeed: its answer's body. */
async function postJson(url, body, headers = {}) {
  const answer = await request(url, { method: 'POST', body, headers });
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`POST ${new URL(url).pathname} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** A brief and its checkout, as an anonymous visitor: what its payment webhook needs. */
async function paidBriefToBe(appUrl, phase, index) {
  const email = `banc-${phase}-${index}-${Date.now()}@example.com`;
  const { briefId } = await postJson(`${appUrl}/api/briefs`, standardWizardBrief(email));
  const checkout = await postJson(`${appUrl}/api/briefs/${briefId}/checkout`, {});
  return { briefId, sessionId: checkout.sessionId, amount: checkout.amount };
}

/** Sends a brief's signed payment webhook; resolves to the moment it was sent (ms since epoch). */
async function sendWebhook({ appUrl, env, stripe }, brief) {
  const payload = JSON.stringify(
    checkoutEvent('checkout.session.completed', { id: brief.sessionId, briefId: brief.briefId, amount: brief.amount }),
  );
  const sentAt = Date.now();
  const status = await deliverWebhook(appUrl, stripe, payload, env.STRIPE_WEBHOOK_SECRET).catch(() => 0);
  if (status < 200 || status >= 300) throw new Error(`the payment webhook of ${brief.briefId} answered ${status}`);
  return sentAt;
}

/** Brief id → when its project's `assigned` row was written (ms since epoch), for those assigned. */
async function assignedAt(orm, briefIds) {
  const rows = await orm.em.getConnection().execute(
    `select p."brief_id", h."created_at" from "status_history" h join "projects" p on p."id" = h."project_id"
      where h."new_status" = 'assigned' and p."brief_id" in (?)`,
    [briefIds],
  );
  return new Map(rows.map((row) => [row.brief_id, new Date(row.created_at).getTime()]));
}

/** 1. Webhooks at a steady rate, then one at a time: from each send to its project's assignment. */
async function webhookToAssigned({ appUrl, env, orm, stripe, phase }) {
  const prepared = performance.now();
  const briefs = [];
  for (let index = 0; index < BURST + SEQUENTIAL; index += 10)
    briefs.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, BURST + SEQUENTIAL - index) }, (_, offset) =>
          paidBriefToBe(appUrl, phase, index + offset),
        ),
      )),
    );
  log(`${briefs.length} briefs and checkouts made in ${ms(performance.now() - prepared)} (not timed)`);
  const burst = briefs.slice(0, BURST);
  const sequential = briefs.slice(BURST);
  const target = { appUrl, env, stripe };

  // The burst: each webhook leaves at its slot, whatever the answers to the previous ones.
  const sentAt = new Map();
  const start = performance.now();
  let refused = 0;
  await Promise.all(
    burst.map(async (brief, index) => {
      await sleep(start + (index * 1000) / WEBHOOKS_PER_SECOND - performance.now());
      try {
        sentAt.set(brief.briefId, await sendWebhook(target, brief));
      } catch {
        refused += 1;
      }
    }),
  );
  const answeredSeconds = (performance.now() - start) / 1000;
  const sendTimes = [...sentAt.values()];
  const sentSeconds = (Math.max(...sendTimes) - Math.min(...sendTimes)) / 1000;
  let assigned = new Map();
  for (const giveUp = Date.now() + ASSIGN_GIVE_UP_MS; Date.now() < giveUp; await sleep(250)) {
    assigned = await assignedAt(
      orm,
      burst.map((brief) => brief.briefId),
    );
    if (assigned.size >= burst.length - refused) break;
  }
  const latencies = sorted(
    [...assigned].filter(([briefId]) => sentAt.has(briefId)).map(([briefId, at]) => at - sentAt.get(briefId)),
  );
  // How fast the cluster turned the burst into assigned projects: from the first send to the last assignment.
  const drainSeconds = (Math.max(...assigned.values()) - Math.min(...sentAt.values())) / 1000;
  const rate = {
    sent: burst.length - refused,
    assigned: latencies.length,
    perSecond: latencies.length / drainSeconds,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    max: latencies.at(-1),
  };
  log(
    `webhook → assigned at ${WEBHOOKS_PER_SECOND}/s: ${rate.assigned}/${burst.length} assigned (${refused} webhooks refused; sent over ${sentSeconds.toFixed(1)} s, all answered after ${answeredSeconds.toFixed(1)} s); ` +
      `p50 ${ms(rate.p50)}, p99 ${ms(rate.p99)}, max ${ms(rate.max)}; ${rate.perSecond.toFixed(1)} assigned/s; load ${loadAverage()}`,
  );

  const oneAtATime = [];
  for (const brief of sequential) {
    const sent = await sendWebhook(target, brief);
    for (const giveUp = Date.now() + ASSIGN_GIVE_UP_MS; Date.now() < giveUp; await sleep(10)) {
      const at = (await assignedAt(orm, [brief.briefId])).get(brief.briefId);
      if (at === undefined) continue;
      oneAtATime.push(at - sent);
      break;
    }
  }
  const single = { assigned: oneAtATime.length, p50: pct(sorted(oneAtATime), 50) };
  log(`webhook → assigned one at a time: ${single.assigned}/${sequential.length}, p50 ${ms(single.p50)}`);
  return { webhooks: rate, oneAtATime: single };
}

/** One live stream through Caddy; `onEvent(event, receivedAt)` for each event; resolves once `ready`. */
function openStream(appUrl, token, onEvent) {
  return new Promise((resolve, reject) => {
    const request = https.get(
      `${appUrl}/api/events`,
      { agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream refused: ${response.statusCode}`));
          return;
        }
        const parser = createParser({
          onEvent: (event) => {
            if (event.event === STREAM_EVENTS.ready) resolve({ close: () => request.destroy() });
            else onEvent(event, performance.now());
          },
        });
        response.setEncoding('utf8');
        response.on('data', (chunk) => parser.feed(chunk));
      },
    );
    request.on('error', reject);
  });
}

/** 2. The client's chat messages, from the POST to each of the editor's streams receiving them. */
async function actionToOtherParty({ appUrl, tokens, projectId }) {
  const receivedAt = new Map();
  const streams = [];
  for (let index = 0; index < EDITOR_STREAMS; index += 1)
    streams.push(
      await openStream(appUrl, tokens.editor, (event, at) => {
        if (event.event !== 'project.message') return;
        const { messageId } = JSON.parse(event.data);
        receivedAt.set(messageId, [...(receivedAt.get(messageId) ?? []), at]);
      }),
    );
  const sentAt = new Map();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: ACTIONS }, async (_, index) => {
      await sleep(start + (index * 1000) / ACTIONS_PER_SECOND - performance.now());
      const posted = performance.now();
      const { message } = await postJson(
        `${appUrl}/api/projects/${projectId}/messages`,
        { content: `Message ${index + 1} du banc d’essai` },
        { authorization: `Bearer ${tokens.client}` },
      );
      sentAt.set(message.id, posted);
    }),
  );
  const due = ACTIONS * EDITOR_STREAMS;
  const received = () => [...receivedAt.values()].reduce((sum, times) => sum + times.length, 0);
  for (let waited = 0; received() < due && waited < 10_000; waited += 50) await sleep(50);
  streams.forEach((stream) => stream.close());
  const latencies = sorted(
    [...sentAt].flatMap(([messageId, posted]) => (receivedAt.get(messageId) ?? []).map((at) => at - posted)),
  );
  const result = { received: latencies.length, due, p50: pct(latencies, 50), p99: pct(latencies, 99) };
  log(
    `action → other party's stream: ${result.received}/${due} receipts (${ACTIONS} messages × ${EDITOR_STREAMS} streams); ` +
      `p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; load ${loadAverage()}`,
  );
  return result;
}

const cannon = (options) =>
  new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));

/** 3. The client's projects page read through Caddy at a fixed concurrency. */
async function projectsMine({ appUrl, token }) {
  const options = {
    url: `${appUrl}/api/projects/mine`,
    connections: CONNECTIONS,
    headers: { authorization: `Bearer ${token}` },
  };
  await cannon({ ...options, duration: WARMUP_SECONDS });
  const result = await cannon({ ...options, duration: SECONDS });
  const reads = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
  log(
    `GET /api/projects/mine (${PROJECTS}): ${Math.round(reads.rps)} req/s, p50 ${reads.p50} ms, p99 ${reads.p99} ms, ` +
      `${reads.failed} not 2xx of ${reads.total}; load ${loadAverage()}`,
  );
  return reads;
}

function printTable(results) {
  const { cluster, single } = results;
  const rows = [
    [
      `webhook → assigned, ${WEBHOOKS_PER_SECOND}/s for ${WEBHOOK_SECONDS} s: assigned`,
      (r) => `${r.webhooks.assigned}/${BURST}`,
    ],
    ['  p50', (r) => ms(r.webhooks.p50)],
    ['  p99', (r) => ms(r.webhooks.p99)],
    ['  max', (r) => ms(r.webhooks.max)],
    ['  assigned/s (first send → last assignment)', (r) => r.webhooks.perSecond.toFixed(1)],
    [`webhook → assigned, one at a time (${SEQUENTIAL}): p50`, (r) => ms(r.oneAtATime.p50)],
    [`action → other party's stream (${ACTIONS} × ${EDITOR_STREAMS}): p50`, (r) => ms(r.actions.p50)],
    ['  p99', (r) => ms(r.actions.p99)],
    ['  receipts', (r) => `${r.actions.received}/${r.actions.due}`],
    [`GET /api/projects/mine, ${CONNECTIONS} connections: req/s`, (r) => String(Math.round(r.reads.rps))],
    ['  p50', (r) => `${r.reads.p50} ms`],
    ['  p99', (r) => `${r.reads.p99} ms`],
    ['  not 2xx', (r) => `${r.reads.failed}/${r.reads.total}`],
    ['load average at the end of the phase', (r) => r.load],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const column = 20;
  log('');
  log(`${''.padEnd(width)}${PHASES.map((phase) => phase.title.padStart(column)).join('')}`);
  for (const [label, cell] of rows)
    log(`${label.padEnd(width)}${cell(cluster).padStart(column)}${cell(single).padStart(column)}`);
  const met = cluster.webhooks.assigned === BURST && cluster.webhooks.p99 <= 1_000;
  log(
    `goal (webhook → assigned p99 ≤ 1 s at ${WEBHOOKS_PER_SECOND} paid briefs/s on the cluster): ${met ? 'met' : 'NOT met'}`,
  );
  console.log(JSON.stringify(results));
}

// Last: the functions above are all defined by now.
if (process.env.BENCH_CLUSTER_CHILD) {
  // The IPC channel and the kept-alive connections would keep the child running: it exits.
  await measure(JSON.parse(process.env.BENCH_CLUSTER_CHILD)).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
} else await orchestrate();
