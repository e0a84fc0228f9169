// The soak's clients and their traffic (a few requests per second in all): anonymous estimates;
// brief submissions; paid briefs (brief, checkout on stripe-mock, then the signed
// `checkout.session.completed` as Stripe sends it); chat messages between the demo client and the
// demo editor; upload starts (session, file, one part straight to storage, removal). Each kind runs
// on its own clock and behaves like a real client: a failed request is tried again with backoff
// (5 tries over 30 s), a Stripe webhook is delivered again until it gets a 2xx.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { simulatedCompletedEvent } from '../../api/payments/simulated.ts';
import { reconnectDelay } from '../../domain/events.ts';
import { briefPaymentPath } from '../../domain/payments.ts';
import { standardWizardBrief } from '../../tests/support/brief-fixtures.ts';
import { claimsOf, signInAs } from '../lib/kit.mjs';
import { clock, sleep } from './log.mjs';

/** Each kind: one operation started every `everyMs`, at most `inFlight` at once (a client that waits). */
const TRAFFIC = {
  estimate: { everyMs: 1_000, inFlight: 3 },
  brief: { everyMs: 4_000, inFlight: 3 },
  paid: { everyMs: 6_000, inFlight: 4 },
  chat: { everyMs: 1_500, inFlight: 3 },
  upload: { everyMs: 10_000, inFlight: 2 },
};
/** A client's waits between its tries of one request: 5 tries over 30 s. */
const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000];
/** Stripe delivers a webhook again until it gets a 2xx (for days; here until the drain ends). */
const WEBHOOK_DELAYS_MS = [5_000, 10_000, 20_000, 30_000];
const REQUEST_TIMEOUT_MS = 15_000;

/** What the clients saw: per kind, the operations and their tries; the sign-ins; what the api acknowledged. */
export function newClientRecord() {
  return {
    tallies: Object.fromEntries(
      [...Object.keys(TRAFFIC), 'webhook'].map((kind) => [
        kind,
        { ops: 0, ok: 0, failed: 0, firstTryErrors: 0, failedTries: 0, deferred: 0, examples: [] },
      ]),
    ),
    signIns: { ok: 0, failedTries: 0 },
    /** `chat`: message id → when the try the api acknowledged was sent. */
    acknowledged: { briefs: [], paid: [], chat: new Map(), chatSentTries: 0 },
  };
}

class Retryable extends Error {}
class Permanent extends Error {}

/** One HTTP request with a timeout: `{ status, body }` (body parsed as JSON when it is). */
export async function request(url, { method = 'GET', body, headers = {}, raw } = {}) {
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

/**
 * The demo account's access token, signed in again through Keycloak's form well before it expires
 * (`stopping()`: the soak is ending, stop trying).
 */
export function tokenKeeper(config, account, signIns, stopping) {
  let token;
  let expiresAt = 0;
  let signingIn;
  const signIn = async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        token = await signInAs(config, account.email, account.password);
        expiresAt = claimsOf(token).exp * 1000;
        signIns.ok += 1;
        return;
      } catch {
        signIns.failedTries += 1;
        if (stopping()) return;
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

/**
 * Starts the traffic at `runStart` until `runEnd` (each operation given up a minute after it; a
 * webhook's deliveries at `drainEnd`), counted into `record`. `stop()` stops starting operations;
 * `settled()` waits for those in flight.
 */
export function startTraffic({ base, keepers, chatProjects, webhookSecret, record, runStart, runEnd, drainEnd }) {
  const { tallies, acknowledged } = record;
  const stripe = new Stripe('sk_test_soak');
  let sequence = 0;
  const auth = async (party) => ({ authorization: `Bearer ${await keepers[party].get()}` });

  /** Runs one operation of `kind` and counts it. */
  async function operation(kind, body, giveUpAt) {
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

  function submitBrief(email, idempotencyKey) {
    return request(`${base}/api/briefs`, {
      method: 'POST',
      headers: { 'idempotency-key': idempotencyKey },
      body: standardWizardBrief(email),
    });
  }

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
      // Stripe's delivery is its own operation: one event id, signed afresh at each delivery. The
      // session lives on stripe-mock, which keeps nothing: our row's id is not known here, and the
      // webhook finds the row by the session's id.
      const view = {
        ...checkout,
        briefId: brief.briefId,
        customerEmail: email,
        status: 'paid',
        cancelUrl: `${base}${briefPaymentPath(brief.briefId)}`,
      };
      const payload = JSON.stringify(simulatedCompletedEvent(view, undefined, base));
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
      const projectId = chatProjects[n % chatProjects.length];
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

  // Each kind on its own clock, never more than its in-flight limit.
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
  return {
    stop: () => tickers.forEach(clearInterval),
    settled: () => Promise.all([...inFlight]),
  };
}
