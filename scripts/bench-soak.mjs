// The soak (`npm run bench:soak`): a fresh test-profile stack of its own under steady, mixed
// traffic for SOAK_MINUTES (15) while each dependency is killed (SIGKILL) and started again once,
// spaced across the run. Clients behave like real ones: a failed request is tried again with
// backoff (5 tries over 30 s), a Stripe webhook is delivered again until it gets a 2xx, the live
// streams reconnect with their last event id like the browser's client.
//
// Traffic (a few requests per second in all): anonymous estimates; brief submissions; paid briefs
// (brief, checkout on stripe-mock, then the signed `checkout.session.completed` as Stripe sends
// it); chat messages between the demo client and the demo editor on three projects; upload starts
// (session, file, one part straight to storage, removal); four live streams (two per party).
//
// It prints, per kind and overall, the share of operations that succeeded within their retries
// (goal ≥ 99.9 %) and the first-try errors; then, after a bounded drain, what was lost: every paid
// brief has exactly one project and one receipt, every acknowledged chat message is in the
// database and reached every stream; and the resident memory of each service per process lifetime
// (sampled every 30 s: first, last, peak, slope over the second half of the run; goal for the api
// and the worker: flat, not growing by more than 2 MiB/min). A progress line every minute, a JSON
// line at the end.
//
// Bounded: a hard deadline (start-up + run + drain + margin) stops everything; the stack is always
// stopped at the end. Usage: npm run bench:soak (SOAK_MINUTES=3 for a short run). Ports: the test
// profile shifted by RUSHFLOW_PORT_OFFSET (21000 unless set); data: RUSHFLOW_DATA_DIR (.data/soak
// unless set), wiped at start.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import Stripe from 'stripe';
import { loadAverage, signInAs } from './lib/bench-kit.mjs';
import { ROOT, bringUp } from './lib/stack.mjs';
import { initOrm } from '../db/orm.ts';
import { KEEP_ALIVE_MS, reconnectDelay, STREAM_EVENTS } from '../domain/events.ts';
import { seedProject } from '../tests/support/project-seed.ts';
import { standardWizardBrief } from '../tests/support/brief-fixtures.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 15);
const RUN_MS = MINUTES * 60_000;
/** After the traffic stops: in-flight operations finish, projects, receipts and events arrive. */
const DRAIN_MS = 3 * 60_000;
const BRING_UP_BUDGET_MS = 15 * 60_000;
const HARD_DEADLINE_MS = BRING_UP_BUDGET_MS + RUN_MS + DRAIN_MS + 3 * 60_000;
/** A client's waits between its tries of one request: 5 tries over 30 s. */
const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000];
/** Stripe delivers a webhook again until it gets a 2xx (for days; here until the drain ends). */
const WEBHOOK_DELAYS_MS = [5_000, 10_000, 20_000, 30_000];
const REQUEST_TIMEOUT_MS = 15_000;
/** The browser's client gives up on a stream silent for this long (frontend/src/lib/event-stream.ts). */
const SILENCE_LIMIT_MS = 2 * KEEP_ALIVE_MS + 5_000;
const SAMPLE_EVERY_MS = 30_000;
const HEALTH_EVERY_MS = 5_000;
/** Each kind: one operation started every `everyMs`, at most `inFlight` at once (a client that waits). */
const TRAFFIC = {
  estimate: { everyMs: 1_000, inFlight: 3 },
  brief: { everyMs: 4_000, inFlight: 3 },
  paid: { everyMs: 6_000, inFlight: 4 },
  chat: { everyMs: 1_500, inFlight: 3 },
  upload: { everyMs: 10_000, inFlight: 2 },
};
const CHAT_PROJECTS = 3;
const STREAMS_PER_PARTY = 2;
/**
 * Killed and started again in this order: the worker and the api early, so their memory is read
 * over the second half; the worker first, as it takes the longest to settle (its cache of open
 * workflows fills within a few minutes at this traffic).
 */
const RESTART_ORDER = ['worker', 'api', 'postgres', 'temporal', 'keycloak', 'minio', 'mail', 'stripeMock'];

/** The product's processes, whose memory must stay flat (the others are stand-ins run for the soak). */
const OWN_PROCESSES = ['api', 'worker'];
/**
 * A leak grows: 2 MiB/min is 15 MiB over the second half of a 15-minute run, a few % of the worker's
 * 550 MiB. Memory given back (a negative slope, the heap shrinking after a peak) is not a leak.
 */
const FLAT_MIB_PER_MIN = 2;

const log = (...parts) => console.log('[bench:soak]', ...parts);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const since = (start) => ((Date.now() - start) / 1000).toFixed(1);
const clock = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;
const percent = (part, whole) => (whole === 0 ? 100 : (part / whole) * 100);

// Its own ports and data folder unless the user chose them.
const ownPorts = !process.env.RUSHFLOW_PORT_OFFSET;
const ownData = !process.env.RUSHFLOW_DATA_DIR;
process.env.RUSHFLOW_PORT_OFFSET ??= '21000';
process.env.RUSHFLOW_DATA_DIR ??= path.join(ROOT, '.data', 'soak');

const loadBefore = loadAverage();
log(`machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 20)} MiB; load before: ${loadBefore}`);
log(
  `a fresh test-profile stack of its own: port offset ${process.env.RUSHFLOW_PORT_OFFSET}${ownPorts ? ' (default; RUSHFLOW_PORT_OFFSET to change)' : ''}, data folder ${process.env.RUSHFLOW_DATA_DIR}${ownData ? ' (default; RUSHFLOW_DATA_DIR to change)' : ''}, wiped now; ${MINUTES} min of traffic, then at most ${DRAIN_MS / 60_000} min of drain`,
);

let stack;
let stopping = false;
async function stopStack(reason) {
  if (stopping) return;
  stopping = true;
  if (reason) log(reason);
  await stack?.stop().catch((error) => log(`stopping the stack failed: ${error.message}`));
}
const hardDeadline = setTimeout(() => {
  void stopStack(`hard deadline (${Math.round(HARD_DEADLINE_MS / 60_000)} min) reached: stopping everything`).then(() =>
    process.exit(2),
  );
}, HARD_DEADLINE_MS);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stopStack(`${signal}: stopping the stack`).then(() => process.exit(130)));
}

// — what the clients saw

/** Per kind: operations, successes within the retries, failures, operations whose first try failed, failed tries. */
const tallies = Object.fromEntries(
  [...Object.keys(TRAFFIC), 'webhook'].map((kind) => [
    kind,
    { ops: 0, ok: 0, failed: 0, firstTryErrors: 0, failedTries: 0, deferred: 0, examples: [] },
  ]),
);
const signIns = { ok: 0, failedTries: 0 };
/** `chat`: message id → when the try the api acknowledged was sent. */
const acknowledged = { briefs: [], paid: [], chat: new Map(), chatSentTries: 0 };

/** From a chat message's POST to its event on each stream, for the messages sent in [from, to): p50 / p99 in ms. */
function deliveryLatency(from, to) {
  const values = [];
  for (const [id, sentAt] of acknowledged.chat) {
    if (sentAt < from || sentAt >= to) continue;
    for (const stream of streams) {
      const at = stream.messages.get(id);
      if (at !== undefined) values.push(at - sentAt);
    }
  }
  values.sort((a, b) => a - b);
  const at = (p) => (values.length ? values[Math.min(values.length - 1, Math.floor(p * values.length))] : null);
  return { receipts: values.length, p50: at(0.5), p99: at(0.99) };
}
const health = { samples: 0, down: 0 };

class Retryable extends Error {}
class Permanent extends Error {}

/** One HTTP request with a timeout: `{ status, body }` (body parsed as JSON when it is). */
async function request(url, { method = 'GET', body, headers = {}, raw } = {}) {
  const response = await fetch(url, {
    method,
    headers: raw !== undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON (storage answers XML) */
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * One step of an operation, tried like a browser's client: network errors, timeouts, 5xx, 408 and
 * 429 are tried again after the backoff, a 401 after a fresh sign-in; any other 4xx is final
 * (`retryAll`: every non-2xx is tried again, as Stripe does with a webhook).
 */
async function step(op, what, send, { delays = RETRY_DELAYS_MS, onUnauthorized, retryAll = false } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    let failure;
    try {
      const answer = await send();
      if (answer.status >= 200 && answer.status < 300) return answer;
      const detail = `${what}: ${answer.status} ${JSON.stringify(answer.body ?? '').slice(0, 160)}`;
      if (answer.status === 401 && onUnauthorized) {
        await onUnauthorized();
        failure = new Retryable(detail);
      } else if (retryAll || answer.status >= 500 || answer.status === 408 || answer.status === 429) {
        failure = new Retryable(detail);
      } else failure = new Permanent(detail);
    } catch (error) {
      failure = new Retryable(`${what}: ${error.cause?.code ?? error.name ?? 'error'} ${error.message}`);
    }
    op.failedTries += 1;
    op.lastError = failure.message;
    if (failure instanceof Permanent || attempt >= delays.length || Date.now() + delays[attempt] > op.giveUpAt) {
      throw failure;
    }
    await sleep(delays[attempt]);
  }
}

/** Runs one operation of `kind` and counts it. */
async function operation(kind, body, giveUpAt = Number.POSITIVE_INFINITY) {
  const tally = tallies[kind];
  const op = { failedTries: 0, lastError: null, giveUpAt };
  tally.ops += 1;
  try {
    await body(op);
    tally.ok += 1;
  } catch (error) {
    tally.failed += 1;
    if (tally.examples.length < 5) tally.examples.push(`${clock(Date.now() - runStart)} ${error.message}`);
  } finally {
    if (op.failedTries > 0) tally.firstTryErrors += 1;
    tally.failedTries += op.failedTries;
  }
}

/** The demo account's access token, signed in again through Keycloak's form well before it expires. */
function tokenKeeper(config, account) {
  let token;
  let expiresAt = 0;
  let signingIn;
  const signIn = async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        token = await signInAs(config, account.email, account.password);
        expiresAt = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).exp * 1000;
        signIns.ok += 1;
        return;
      } catch {
        signIns.failedTries += 1;
        if (stopping) return;
        await sleep(reconnectDelay(attempt));
      }
    }
  };
  const refresh = () => (signingIn ??= signIn().finally(() => (signingIn = undefined)));
  return {
    async get() {
      const left = expiresAt - Date.now();
      // Tokens live 5 min: refreshed each minute, so a Keycloak outage of up to 4 min leaves the clients a valid one.
      if (left < 240_000) {
        const pending = refresh();
        if (left < 10_000) await pending;
      }
      return token;
    },
    async fresh() {
      await refresh();
      return token;
    },
  };
}

// — the live streams

function openStreamOnce(base, token, stream) {
  return new Promise((resolve) => {
    const openedAt = Date.now();
    let outcome = { ready: false, reason: 'closed' };
    let silence;
    const request = http.get(
      `${base}/api/events`,
      {
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'text/event-stream',
          ...(stream.lastEventId ? { 'last-event-id': stream.lastEventId } : {}),
        },
      },
      (response) => {
        if (response.statusCode !== 200) {
          outcome = { ready: false, reason: response.statusCode === 401 ? 'unauthorized' : 'failed' };
          response.resume();
          response.on('end', () => request.destroy());
          return;
        }
        const armSilence = () => {
          clearTimeout(silence);
          silence = setTimeout(() => {
            stream.silences += 1;
            request.destroy();
          }, SILENCE_LIMIT_MS);
        };
        armSilence();
        const parser = createParser({
          onEvent: (event) => {
            if (event.id) stream.lastEventId = event.id;
            if (event.event === STREAM_EVENTS.ready) {
              outcome.ready = true;
              stream.open = true;
              stream.readyAt ??= Date.now();
              if (stream.downSince) stream.downtimeMs += Date.now() - stream.downSince;
              stream.downSince = null;
            } else if (event.event === STREAM_EVENTS.reauthenticate) outcome.reason = 'reauthenticate';
            else if (event.event === STREAM_EVENTS.resync) stream.resyncs += 1;
            else if (event.event === 'project.message') {
              if (stream.outboxIds.has(event.id)) stream.duplicates += 1;
              stream.outboxIds.add(event.id);
              const { messageId } = JSON.parse(event.data);
              if (!stream.messages.has(messageId)) stream.messages.set(messageId, Date.now());
            }
          },
          onComment: armSilence,
        });
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          armSilence();
          parser.feed(chunk);
        });
      },
    );
    stream.request = request;
    request.on('error', () => {});
    request.on('close', () => {
      clearTimeout(silence);
      if (stream.open) {
        stream.open = false;
        stream.drops += 1;
        stream.downSince = Date.now();
      }
      resolve({ ...outcome, livedMs: Date.now() - openedAt });
    });
  });
}

/** One stream as the browser keeps it: reconnects after 1, 2, 5, 10 s with its last event id and a fresh token. */
async function keepStreamOpen(base, keeper, stream) {
  let failures = 0;
  let forceFresh = false;
  while (!stream.stop) {
    const token = forceFresh ? await keeper.fresh() : await keeper.get();
    forceFresh = false;
    stream.connects += 1;
    const ended = await openStreamOnce(base, token, stream);
    if (stream.stop) return;
    if (ended.ready) failures = 0;
    if (ended.reason === 'unauthorized' || ended.reason === 'reauthenticate') forceFresh = true;
    const healthy = ended.reason === 'reauthenticate' && ended.livedMs > 5_000;
    await sleep(healthy ? 0 : reconnectDelay(failures++));
  }
}

// — memory

function procStat(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), pgrp: Number(fields[2]) };
}
function rssKib(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}
function allPids() {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** Each service's processes: its process group, or PostgreSQL's postmaster and its backends. */
function serviceProcesses(config, services) {
  const table = new Map();
  for (const pid of allPids()) {
    try {
      table.set(pid, procStat(pid));
    } catch {
      /* ended meanwhile */
    }
  }
  const found = {};
  for (const [name, service] of Object.entries(services)) {
    if (name === 'postgres') {
      const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
      if (!fs.existsSync(pidFile)) continue;
      const leader = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (!table.has(leader)) continue;
      found[name] = {
        leader,
        pids: [leader, ...[...table].filter(([, stat]) => stat.ppid === leader).map(([pid]) => pid)],
      };
    } else if (service.child?.pid && table.has(service.child.pid)) {
      const leader = service.child.pid;
      found[name] = { leader, pids: [...table].filter(([, stat]) => stat.pgrp === leader).map(([pid]) => pid) };
    }
  }
  return found;
}

const memory = []; // { at, service, leader, kib }
function sampleMemory(config, services) {
  const at = Date.now();
  for (const [service, { leader, pids }] of Object.entries(serviceProcesses(config, services))) {
    let kib = 0;
    for (const pid of pids) {
      try {
        kib += rssKib(pid);
      } catch {
        /* ended meanwhile */
      }
    }
    // A killed process not yet reaped has no resident memory: not a sample.
    if (kib > 0) memory.push({ at, service, leader, kib });
  }
}

/** Least-squares slope of MiB over minutes. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

// — the run

let runStart = Date.now();
let exitCode = 0;
const restarts = [];
const streams = [];
let pool;
try {
  const bootStart = Date.now();
  stack = await bringUp('test', { fresh: true });
  const { config, accounts, services } = stack;
  const base = `http://127.0.0.1:${config.ports.app}`;
  log(`stack ready in ${since(bootStart)} s (app on ${base}); load ${loadAverage()}`);

  // Three projects of the demo client, assigned to the demo editor: the chat's rooms.
  const orm = await initOrm(config.env.DATABASE_URL);
  const chatProjects = [];
  try {
    for (let index = 0; index < CHAT_PROJECTS; index += 1) {
      chatProjects.push(
        await seedProject(orm.em.fork(), {
          client: { id: accounts.client.id, email: accounts.client.email },
          editorId: accounts.editor.id,
          status: 'in_progress',
          title: `Projet d’endurance ${index + 1}`,
        }),
      );
    }
  } finally {
    await orm.close();
  }
  const keepers = { client: tokenKeeper(config, accounts.client), editor: tokenKeeper(config, accounts.editor) };
  await Promise.all([keepers.client.get(), keepers.editor.get()]);

  for (const party of ['client', 'editor']) {
    for (let index = 0; index < STREAMS_PER_PARTY; index += 1) {
      const stream = {
        name: `${party} ${index + 1}`,
        connects: 0,
        drops: 0,
        silences: 0,
        resyncs: 0,
        duplicates: 0,
        downtimeMs: 0,
        downSince: null,
        open: false,
        lastEventId: undefined,
        /** Chat message id → when this stream first received its event. */
        messages: new Map(),
        outboxIds: new Set(),
      };
      stream.loop = keepStreamOpen(base, keepers[party], stream);
      streams.push(stream);
    }
  }
  for (let waited = 0; streams.some((stream) => !stream.readyAt); waited += 200) {
    if (waited > 60_000) throw new Error('the live streams did not open');
    await sleep(200);
  }

  const stripe = new Stripe('sk_test_soak');
  const webhookSecret = config.env.STRIPE_WEBHOOK_SECRET;
  let sequence = 0;
  const auth = async (party) => ({ authorization: `Bearer ${await keepers[party].get()}` });

  const kinds = {
    estimate: async (op) => {
      await step(op, 'estimate', () =>
        request(`${base}/api/estimate`, {
          method: 'POST',
          body: {
            visualComplexity: ['professional', 'premium', 'expert'][sequence % 3],
            rushMinutes: 30 + (sequence % 90),
            finalMinutes: 2 + (sequence % 8),
            currency: 'eur',
            features: { subtitles: sequence % 2 === 0 },
          },
        }),
      );
    },
    brief: async (op) => {
      const n = (sequence += 1);
      const key = randomUUID();
      const { body } = await step(op, 'brief', () => submitBrief(`soak-brief-${n}@example.com`, key));
      acknowledged.briefs.push(body.briefId);
    },
    paid: async (op) => {
      const n = (sequence += 1);
      const email = `soak-paid-${n}@example.com`;
      const key = randomUUID();
      const { body: brief } = await step(op, 'brief', () => submitBrief(email, key));
      const { body: checkout } = await step(op, 'checkout', () =>
        request(`${base}/api/briefs/${brief.briefId}/checkout`, { method: 'POST', body: {} }),
      );
      const paid = { briefId: brief.briefId, email, sessionId: checkout.sessionId, delivered: false };
      acknowledged.paid.push(paid);
      // Stripe's delivery is its own operation: one event id, signed afresh at each delivery.
      const event = completedEvent(checkout, brief.briefId, email);
      const payload = JSON.stringify(event);
      await operation(
        'webhook',
        async (delivery) => {
          await step(
            delivery,
            'webhook',
            () =>
              request(`${base}/api/webhooks/stripe`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
                },
                raw: payload,
              }),
            { delays: [...WEBHOOK_DELAYS_MS, ...Array(60).fill(30_000)], retryAll: true },
          );
          paid.delivered = true;
        },
        drainEnd,
      );
      if (!paid.delivered) throw new Error(`webhook for ${brief.briefId} never got a 2xx`);
    },
    chat: async (op) => {
      const n = (sequence += 1);
      const projectId = chatProjects[n % CHAT_PROJECTS];
      const party = n % 2 ? 'editor' : 'client';
      let sentAt;
      const { body } = await step(
        op,
        'chat',
        async () => {
          acknowledged.chatSentTries += 1;
          const headers = await auth(party);
          sentAt = Date.now();
          return request(`${base}/api/projects/${projectId}/messages`, {
            method: 'POST',
            headers,
            body: { content: `Message d’endurance ${n} (${party})` },
          });
        },
        { onUnauthorized: () => keepers[party].fresh() },
      );
      acknowledged.chat.set(body.message.id, sentAt);
    },
    upload: async (op) => {
      const n = (sequence += 1);
      const { body: session } = await step(op, 'upload session', () =>
        request(`${base}/api/uploads/sessions`, { method: 'POST', body: { area: 'brief' } }),
      );
      const headers = { 'x-upload-session': session.secret };
      const { body: file } = await step(op, 'upload file', () =>
        request(`${base}/api/uploads/sessions/${session.sessionId}/files`, {
          method: 'POST',
          headers,
          body: { name: `rush-${n}.mp4`, size: 65_536, type: 'video/mp4' },
        }),
      );
      const fileUrl = `${base}/api/uploads/sessions/${session.sessionId}/files/${file.fileId}`;
      await step(op, 'upload part', async () => {
        const signed = await request(`${fileUrl}/sign`, {
          method: 'POST',
          headers,
          body: { operation: 'uploadPart', partNumber: 1 },
        });
        if (signed.status !== 200) return signed;
        return request(signed.body.url, { method: 'PUT', raw: Buffer.alloc(65_536, n % 251) });
      });
      await step(op, 'remove file', () => request(fileUrl, { method: 'DELETE', headers }));
    },
  };

  function submitBrief(email, idempotencyKey) {
    return request(`${base}/api/briefs`, {
      method: 'POST',
      headers: { 'idempotency-key': idempotencyKey },
      body: standardWizardBrief(email),
    });
  }

  /** `checkout.session.completed` for the session, shaped as Stripe sends it. */
  function completedEvent(checkout, briefId, email) {
    const created = Math.floor(Date.now() / 1000);
    return {
      id: `evt_soak_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: null,
      created,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'checkout.session.completed',
      data: {
        object: {
          id: checkout.sessionId,
          object: 'checkout.session',
          mode: 'payment',
          status: 'complete',
          payment_status: 'paid',
          client_reference_id: briefId,
          metadata: { briefId },
          amount_total: checkout.amount,
          currency: checkout.currency,
          customer_email: email,
          payment_intent: `pi_soak_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
          created,
        },
      },
    };
  }

  runStart = Date.now();
  const runEnd = runStart + RUN_MS;
  const drainEnd = runEnd + DRAIN_MS;
  log(`traffic started; load ${loadAverage()}`);

  // Traffic: each kind on its own clock, never more than its in-flight limit.
  const inFlight = new Set();
  const tickers = Object.entries(TRAFFIC).map(([kind, { everyMs, inFlight: limit }]) => {
    let running = 0;
    return setInterval(() => {
      if (Date.now() >= runEnd) return;
      if (running >= limit) {
        tallies[kind].deferred += 1;
        return;
      }
      running += 1;
      const done = operation(kind, kinds[kind], runEnd + 60_000).finally(() => {
        running -= 1;
        inFlight.delete(done);
      });
      inFlight.add(done);
    }, everyMs);
  });

  // Health, memory and progress.
  const healthTimer = setInterval(async () => {
    health.samples += 1;
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(4_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (!ok) health.down += 1;
  }, HEALTH_EVERY_MS);
  sampleMemory(config, services);
  const memoryTimer = setInterval(() => sampleMemory(config, services), SAMPLE_EVERY_MS);
  const progressTimer = setInterval(() => {
    const all = Object.values(tallies);
    const ops = all.reduce((sum, t) => sum + t.ops, 0);
    const failed = all.reduce((sum, t) => sum + t.failed, 0);
    const firstTry = all.reduce((sum, t) => sum + t.firstTryErrors, 0);
    const latency = deliveryLatency(Date.now() - 65_000, Date.now() - 5_000);
    log(
      `${clock(Date.now() - runStart)} elapsed: ${ops} operations, ${failed} failed after retries, ${firstTry} with a failed first try; streams open ${streams.filter((s) => s.open).length}/${streams.length}, chat → streams p50 ${latency.p50} ms, p99 ${latency.p99} ms; load ${loadAverage()}`,
    );
  }, 60_000);

  // Each dependency killed and started again once, spaced across the run.
  const order = RESTART_ORDER.filter((name) => services[name]);
  const skipped = RESTART_ORDER.filter((name) => !services[name]);
  if (skipped.length) log(`not started by the soak (configured as external), not restarted: ${skipped.join(', ')}`);
  /** How long until the api says every component is up again (watched beside the next restarts). */
  const watchHealth = async (entry, started) => {
    while (Date.now() < drainEnd) {
      const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(4_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) {
        entry.healthySeconds = Number(since(started));
        return;
      }
      await sleep(1_000);
    }
  };
  const healthWatches = [];
  const chaos = (async () => {
    for (const [index, name] of order.entries()) {
      const at = runStart + ((index + 1) * RUN_MS) / (order.length + 1);
      await sleep(Math.max(0, at - Date.now()));
      if (Date.now() >= runEnd) {
        log(`${name}: not restarted, the run is over (the restarts before it took longer than their slots)`);
        continue;
      }
      const started = Date.now();
      const entry = { service: name, atSeconds: Math.round((started - runStart) / 1000), healthySeconds: null };
      restarts.push(entry);
      try {
        await services[name].restart();
        entry.downSeconds = Number(since(started));
        log(
          `${clock(started - runStart)} ${name}: killed (SIGKILL) and started again in ${entry.downSeconds} s; load ${loadAverage()}`,
        );
      } catch (error) {
        entry.error = error.message;
        log(`${clock(started - runStart)} ${name}: did not come back: ${error.message}`);
      }
      healthWatches.push(watchHealth(entry, started));
    }
  })();

  await sleep(Math.max(0, runEnd - Date.now()));
  tickers.forEach(clearInterval);
  clearInterval(progressTimer);
  log(
    `traffic stopped at ${clock(Date.now() - runStart)}; draining (at most ${DRAIN_MS / 60_000} min); load ${loadAverage()}`,
  );
  await chaos;
  await Promise.all([...inFlight, ...healthWatches]);

  // Drain: projects of paid briefs, their receipts, and the chat events on every stream.
  pool = new pg.Pool({ connectionString: config.env.DATABASE_URL, max: 2 });
  const paidBriefIds = acknowledged.paid.filter((paid) => paid.delivered).map((paid) => paid.briefId);
  const paidEmails = acknowledged.paid.filter((paid) => paid.delivered).map((paid) => paid.email);
  const chatIds = [...acknowledged.chat.keys()];
  const settled = async () => {
    const { rows: projects } = await pool.query(
      'select count(*)::int as n from "projects" where "brief_id" = any($1::uuid[])',
      [paidBriefIds],
    );
    const { rows: receipts } = await pool.query(
      `select count(*)::int as n from "sent_emails" where "template" = 'payment_receipt' and "sent_at" is not null and "recipient" = any($1)`,
      [paidEmails],
    );
    const streamsComplete = streams.every((stream) => chatIds.every((id) => stream.messages.has(id)));
    return projects[0].n === paidBriefIds.length && receipts[0].n >= paidEmails.length && streamsComplete;
  };
  while (Date.now() < drainEnd && !(await settled().catch(() => false))) await sleep(2_000);
  const drainedSeconds = Math.max(0, (Date.now() - runEnd) / 1000);
  clearInterval(healthTimer);
  clearInterval(memoryTimer);
  sampleMemory(config, services);
  for (const stream of streams) {
    stream.stop = true;
    stream.request?.destroy();
  }

  // — what is in the database
  const { rows: projectRows } = await pool.query(
    `select b."id", count(p."id")::int as "projects"
       from "briefs" b left join "projects" p on p."brief_id" = b."id"
      where b."id" = any($1::uuid[]) group by b."id"`,
    [paidBriefIds],
  );
  const { rows: receiptRows } = await pool.query(
    `select "recipient", count(*)::int as "sent" from "sent_emails"
      where "template" = 'payment_receipt' and "sent_at" is not null and "recipient" = any($1) group by "recipient"`,
    [paidEmails],
  );
  const { rows: messageRows } = await pool.query('select "id" from "project_messages" where "id" = any($1::uuid[])', [
    chatIds,
  ]);
  const { rows: chatTotal } = await pool.query(
    `select count(*)::int as n from "project_messages" where "project_id" = any($1::uuid[]) and "content" like 'Message d’endurance %'`,
    [chatProjects],
  );
  const { rows: briefRows } = await pool.query('select count(*)::int as n from "briefs" where "id" = any($1::uuid[])', [
    acknowledged.briefs,
  ]);
  const finalHealth = await request(`${base}/api/health`).catch((error) => ({ status: 0, body: error.message }));

  const projectsPerBrief = new Map(projectRows.map((row) => [row.id, row.projects]));
  const lost = {
    paidBriefs: paidBriefIds.length,
    paidBriefsNotDelivered: acknowledged.paid.filter((paid) => !paid.delivered).length,
    withOneProject: paidBriefIds.filter((id) => projectsPerBrief.get(id) === 1).length,
    withoutProject: paidBriefIds.filter((id) => !projectsPerBrief.get(id)).length,
    withSeveralProjects: paidBriefIds.filter((id) => projectsPerBrief.get(id) > 1).length,
    receiptsOnce: receiptRows.filter((row) => row.sent === 1).length,
    receiptsTwice: receiptRows.filter((row) => row.sent > 1).length,
    briefsAcknowledged: acknowledged.briefs.length,
    briefsInDatabase: briefRows[0].n,
    chatAcknowledged: chatIds.length,
    chatInDatabase: messageRows.length,
    chatRowsWritten: chatTotal[0].n,
    chatTries: acknowledged.chatSentTries,
    streams: streams.map((stream) => ({
      name: stream.name,
      received: chatIds.filter((id) => stream.messages.has(id)).length,
      duplicates: stream.duplicates,
      connects: stream.connects,
      drops: stream.drops,
      silences: stream.silences,
      resyncs: stream.resyncs,
      downSeconds: Math.round(stream.downtimeMs / 1000),
    })),
  };
  const nothingLost =
    lost.paidBriefsNotDelivered === 0 &&
    lost.withOneProject === lost.paidBriefs &&
    lost.receiptsOnce === lost.paidBriefs &&
    lost.briefsInDatabase === lost.briefsAcknowledged &&
    lost.chatInDatabase === lost.chatAcknowledged &&
    lost.streams.every((stream) => stream.received === lost.chatAcknowledged);

  // — the report
  const loadAfter = loadAverage();
  log('');
  log(
    `${MINUTES} min of traffic, drained in ${drainedSeconds.toFixed(0)} s; load before ${loadBefore}, after ${loadAfter}`,
  );
  log('restarts (SIGKILL, then started on the same data and ports):');
  for (const entry of restarts) {
    log(
      `  ${clock(entry.atSeconds * 1000)} ${entry.service.padEnd(10)} ${entry.error ? `FAILED: ${entry.error}` : `started again in ${entry.downSeconds} s`}, /api/health 200 again after ${entry.healthySeconds === null ? 'never (by the end of the drain)' : `${entry.healthySeconds} s`}`,
    );
  }
  log('');
  log(
    `${'kind'.padEnd(10)}${'ops'.padStart(7)}${'ok'.padStart(7)}${'failed'.padStart(8)}${'success %'.padStart(11)}${'1st-try errors'.padStart(16)}${'failed tries'.padStart(14)}${'deferred'.padStart(10)}`,
  );
  const kindRows = {};
  for (const [kind, tally] of Object.entries(tallies)) {
    kindRows[kind] = {
      ops: tally.ops,
      ok: tally.ok,
      failed: tally.failed,
      successPercent: Number(percent(tally.ok, tally.ops).toFixed(3)),
      firstTryErrors: tally.firstTryErrors,
      failedTries: tally.failedTries,
      deferred: tally.deferred,
    };
    log(
      `${kind.padEnd(10)}${String(tally.ops).padStart(7)}${String(tally.ok).padStart(7)}${String(tally.failed).padStart(8)}${percent(tally.ok, tally.ops).toFixed(2).padStart(11)}${String(tally.firstTryErrors).padStart(16)}${String(tally.failedTries).padStart(14)}${String(tally.deferred).padStart(10)}`,
    );
  }
  const ops = Object.values(tallies).reduce((sum, t) => sum + t.ops, 0);
  const ok = Object.values(tallies).reduce((sum, t) => sum + t.ok, 0);
  const successPercent = percent(ok, ops);
  log(
    `overall: ${ok}/${ops} operations succeeded within their retries = ${successPercent.toFixed(3)} % (goal ≥ 99.9 %: ${successPercent >= 99.9 ? 'met' : 'NOT met'})`,
  );
  log(`sign-ins through Keycloak's form (token refreshes): ${signIns.ok} made, ${signIns.failedTries} failed tries`);
  for (const [kind, tally] of Object.entries(tallies)) {
    for (const example of tally.examples) log(`  failed ${kind}: ${example}`);
  }
  log(
    `api health: ${health.down} of ${health.samples} checks (every ${HEALTH_EVERY_MS / 1000} s) not 200; at the end: ${finalHealth.status} ${JSON.stringify(finalHealth.body?.components ?? finalHealth.body)}`,
  );
  log('');
  log(
    `nothing lost: ${nothingLost ? 'yes' : 'NO'} — paid briefs ${lost.paidBriefs} (webhook never accepted: ${lost.paidBriefsNotDelivered}): ${lost.withOneProject} with exactly one project, ${lost.withoutProject} without, ${lost.withSeveralProjects} with more; receipts sent once ${lost.receiptsOnce}, more than once ${lost.receiptsTwice}`,
  );
  log(
    `  briefs acknowledged ${lost.briefsAcknowledged}, in the database ${lost.briefsInDatabase}; chat messages acknowledged ${lost.chatAcknowledged}, in the database ${lost.chatInDatabase} (${lost.chatRowsWritten} rows written by ${lost.chatTries} tries)`,
  );
  for (const stream of lost.streams) {
    log(
      `  stream ${stream.name}: ${stream.received}/${lost.chatAcknowledged} chat events, ${stream.duplicates} duplicates, ${stream.connects} connections (${stream.drops} drops, ${stream.silences} silent, ${stream.resyncs} resyncs), down ${stream.downSeconds} s in all`,
    );
  }

  log('chat message → the streams, by minute of sending (ms):');
  const latencyByMinute = [];
  for (let minute = 0; minute < MINUTES; minute += 1) {
    const latency = deliveryLatency(runStart + minute * 60_000, runStart + (minute + 1) * 60_000);
    latencyByMinute.push(latency);
    log(`  minute ${minute + 1}: p50 ${latency.p50}, p99 ${latency.p99} over ${latency.receipts} receipts`);
  }

  // Memory per process lifetime; the slope over the run's second half.
  log('');
  log('resident memory per process lifetime (MiB; a restart starts a new lifetime):');
  const half = runStart + RUN_MS / 2;
  const memoryRows = [];
  for (const service of [...new Set(memory.map((sample) => sample.service))]) {
    const lifetimes = [...new Set(memory.filter((s) => s.service === service).map((s) => s.leader))];
    for (const leader of lifetimes) {
      const samples = memory.filter((s) => s.service === service && s.leader === leader);
      const late = samples.filter((s) => s.at >= half);
      const row = {
        service,
        pid: leader,
        samples: samples.length,
        firstMiB: Math.round(samples[0].kib / 1024),
        lastMiB: Math.round(samples.at(-1).kib / 1024),
        peakMiB: Math.round(Math.max(...samples.map((s) => s.kib)) / 1024),
        slopeMiBPerMin:
          late.length >= 4
            ? Number(slope(late.map((s) => ({ x: (s.at - half) / 60_000, y: s.kib / 1024 }))).toFixed(2))
            : null,
      };
      memoryRows.push(row);
      log(
        `  ${service.padEnd(10)} pid ${String(leader).padEnd(8)} ${row.firstMiB} → ${row.lastMiB} (peak ${row.peakMiB}) over ${samples.length} samples; second-half slope ${row.slopeMiBPerMin === null ? '—' : `${row.slopeMiBPerMin} MiB/min`}`,
      );
      // The product's own processes: every sample, so a slope can be told from a step or a peak.
      if (OWN_PROCESSES.includes(service))
        log(`             every 30 s: ${samples.map((sample) => Math.round(sample.kib / 1024)).join(' ')}`);
    }
  }

  // Flat: the product's own processes do not grow over the second half beyond the collector's saw-tooth.
  const ownLifetimes = memoryRows.filter((row) => OWN_PROCESSES.includes(row.service) && row.slopeMiBPerMin !== null);
  const memoryFlat = ownLifetimes.length > 0 && ownLifetimes.every((row) => row.slopeMiBPerMin <= FLAT_MIB_PER_MIN);
  log(
    `memory flat (${OWN_PROCESSES.join(' and ')}, second-half slope at most +${FLAT_MIB_PER_MIN} MiB/min): ` +
      `${memoryFlat ? 'met' : 'NOT met'} (${ownLifetimes.map((row) => `${row.service} ${row.slopeMiBPerMin}`).join(', ') || 'no lifetime over the second half'})`,
  );

  if (!nothingLost || successPercent < 99.9) exitCode = 1;
  console.log(
    JSON.stringify({
      minutes: MINUTES,
      loadBefore,
      loadAfter,
      drainedSeconds: Math.round(drainedSeconds),
      kinds: kindRows,
      overall: { ops, ok, successPercent: Number(successPercent.toFixed(3)) },
      signIns,
      restarts,
      health: { checks: health.samples, notOk: health.down, final: finalHealth.status },
      lost: { nothingLost, ...lost },
      chatToStreamsByMinute: latencyByMinute,
      memory: memoryRows,
      memoryFlat,
    }),
  );
} catch (error) {
  log(`failed: ${error.stack ?? error.message}`);
  exitCode = 1;
} finally {
  for (const stream of streams) {
    stream.stop = true;
    stream.request?.destroy();
  }
  await pool?.end().catch(() => {});
  await stopStack();
  clearTimeout(hardDeadline);
}
process.exit(exitCode);
