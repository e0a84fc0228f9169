import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { Brief, CheckoutSession, Project, SentEmail } from '../../db/entities';
import { PAYMENT_MESSAGES, type CheckoutAnswer, type PaymentState } from '../../domain/payments';
import { PAYMENT_RECEIPT_TEMPLATE } from '../../workflows/contracts/brief';
import { waitUntil } from '../support/mail-server';
import {
  checkoutEvent,
  deliverWebhook,
  postJson,
  startPaymentStack,
  type PaymentStack,
} from '../support/payment-stack';
import { standardWizardBrief } from '../support/brief-fixtures';

/**
 * The payment saga through the api in process: checkout (stripe-mock validates the Stripe call),
 * the verified webhook, the payment state, the simulated checkout; a webhook storm with faults;
 * the launch-offer race. Real PostgreSQL (scratch database), Temporal dev server (own namespace),
 * this suite's worker and MailDev.
 */
jest.setTimeout(300_000);

/** Event ids whose next delivery fails inside the handler's transaction (an injected fault → 500). */
const faults = new Map<string, number>();
let stack: PaymentStack;

beforeAll(async () => {
  stack = await startPaymentStack('payments-api', {
    webhookBeforeCommit: (event: Stripe.Event) => {
      const pending = faults.get(event.id) ?? 0;
      if (pending > 0) {
        faults.set(event.id, pending - 1);
        throw new Error(`injected fault for ${event.id}`);
      }
    },
  });
  await stack.startWorker();
});

afterAll(async () => {
  await stack?.stop();
});

async function submitBrief(email: string): Promise<string> {
  const { status, body } = await postJson(`${stack.baseUrl}/api/briefs`, standardWizardBrief(email));
  expect(status).toBe(201);
  return body.briefId as string;
}

async function checkout(briefId: string) {
  return postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`) as Promise<{
    status: number;
    body: CheckoutAnswer & Record<string, unknown>;
  }>;
}

async function paymentState(sessionId: string): Promise<PaymentState> {
  return (await (await fetch(`${stack.baseUrl}/api/payments/${sessionId}`)).json()) as PaymentState;
}

const secret = () => stack.config.STRIPE_WEBHOOK_SECRET;

test('checkout: the server decides the amount, reuses the open session, and the simulated payment creates the project', async () => {
  const email = `checkout-${randomUUID()}@example.com`;
  const briefId = await submitBrief(email);
  const brief = await stack.db.orm.em.fork().findOneOrFail(Brief, briefId);

  const first = await checkout(briefId);
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({
    amount: brief.offerPriceCents,
    currency: 'eur',
    launchOffer: true,
    simulated: true,
  });
  expect(first.body.sessionId).toMatch(/^cs_test_sim_/);
  expect(first.body.checkoutUrl).toBe(`${stack.config.APP_URL}/checkout/simulated?session_id=${first.body.sessionId}`);
  // A double click or a second tab gets the same session (and the same offer place).
  const again = await checkout(briefId);
  expect(again.body.sessionId).toBe(first.body.sessionId);
  expect(await stack.db.orm.em.fork().count(CheckoutSession, { brief: briefId })).toBe(1);

  expect(await paymentState(first.body.sessionId)).toEqual({ state: 'creating' });
  expect((await fetch(`${stack.baseUrl}/api/payments/cs_test_unknown_session`)).status).toBe(404);
  expect(await paymentState('cs_test_unknown_session')).toEqual({
    state: 'error',
    message: PAYMENT_MESSAGES.noPendingBrief,
  });
  expect((await checkout('not-a-uuid')).status).toBe(400);
  expect((await checkout(randomUUID())).status).toBe(404);

  // A forged or stale delivery changes nothing.
  const forged = JSON.stringify(
    checkoutEvent('checkout.session.completed', { id: first.body.sessionId, briefId, amount: 1 }),
  );
  expect(await deliverWebhook(stack.baseUrl, stack.stripe, forged, 'whsec_wrong')).toBe(400);
  expect(
    await deliverWebhook(stack.baseUrl, stack.stripe, forged, secret(), Math.floor(Date.now() / 1000) - 3600),
  ).toBe(400);
  const unsigned = await fetch(`${stack.baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: forged,
  });
  expect(unsigned.status).toBe(400);
  expect(
    (await stack.db.orm.em.fork().findOneOrFail(CheckoutSession, { sessionId: first.body.sessionId })).status,
  ).toBe('open');

  // The simulated page's "Payer": a correctly signed event through the real endpoint.
  const view = await (await fetch(`${stack.baseUrl}/api/payments/simulated/${first.body.sessionId}`)).json();
  expect(view).toMatchObject({
    briefId,
    amount: brief.offerPriceCents,
    currency: 'eur',
    customerEmail: email,
    status: 'open',
  });
  const paid = await postJson(`${stack.baseUrl}/api/payments/simulated/${first.body.sessionId}/pay`);
  expect(paid).toEqual({ status: 200, body: { redirectUrl: `/payment-success?session_id=${first.body.sessionId}` } });

  await waitUntil(async () => (await paymentState(first.body.sessionId)).state === 'success', 60_000, 'the project');
  const state = await paymentState(first.body.sessionId);
  const project = await stack.db.orm.em.fork().findOneOrFail(Project, { brief: briefId });
  expect(state).toEqual({ state: 'success', projectId: project.id });
  expect(project).toMatchObject({ totalPriceCents: brief.offerPriceCents, clientEmail: email });
  // Created as `brief_received`; its workflow may already have moved on to the assignment.
  expect(['brief_received', 'waiting_for_editor', 'assigned']).toContain(project.status);
  expect((await checkout(briefId)).status).toBe(409);
  await waitUntil(
    async () =>
      (await stack.db.orm.em
        .fork()
        .count(SentEmail, { recipient: email, template: PAYMENT_RECEIPT_TEMPLATE, sentAt: { $ne: null } })) === 1,
    30_000,
    'the receipt',
  );
});

/** A small seeded generator, so a failing storm can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

test('webhook storm: 200 deliveries over 20 briefs → exactly one project per paid brief, none for unpaid, one receipt each', async () => {
  const random = seeded(20261203);
  const briefs = await Promise.all(
    Array.from({ length: 20 }, (_, index) => submitBrief(`storm-${index}-${randomUUID()}@example.com`)),
  );
  const sessions = [];
  for (const briefId of briefs) {
    const { body } = await checkout(briefId);
    sessions.push({ briefId, id: body.sessionId, amount: body.amount });
  }
  // 0–5: paid; 6–9: expired then completed (either order: payment wins); 10–11: asynchronous method,
  // then succeeded; 12–13: asynchronous, then failed; 14–19: expired, unpaid.
  const events: { payload: string; paid: boolean }[] = [];
  sessions.forEach((session, index) => {
    const add = (type: Parameters<typeof checkoutEvent>[0], paymentStatus?: 'paid' | 'unpaid') =>
      events.push({ payload: JSON.stringify(checkoutEvent(type, { ...session, paymentStatus })), paid: index < 12 });
    if (index < 6) add('checkout.session.completed');
    else if (index < 10) {
      add('checkout.session.expired');
      add('checkout.session.completed');
    } else if (index < 12) {
      add('checkout.session.completed', 'unpaid');
      add('checkout.session.async_payment_succeeded');
    } else if (index < 14) {
      add('checkout.session.completed', 'unpaid');
      add('checkout.session.async_payment_failed', 'unpaid');
    } else add('checkout.session.expired');
  });

  type Delivery = { payload: string; secret: string; timestamp?: number };
  const deliveries: Delivery[] = [];
  for (const event of events) {
    const copies = 1 + Math.floor(random() * 3);
    for (let copy = 0; copy < copies; copy += 1) deliveries.push({ payload: event.payload, secret: secret() });
  }
  while (deliveries.length < 200) {
    const event = events[Math.floor(random() * events.length)];
    const stale = random() < 0.5;
    deliveries.push({
      payload: event.payload,
      secret: stale ? secret() : 'whsec_attacker',
      timestamp: stale ? Math.floor(Date.now() / 1000) - 900 : undefined,
    });
  }
  deliveries.splice(200);
  for (let index = deliveries.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [deliveries[index], deliveries[other]] = [deliveries[other], deliveries[index]];
  }
  // 10 % of the deliveries (20) meet a fault: the first processing of 20 events fails inside the
  // handler's transaction, is answered 500 and is redelivered.
  const faulted = events.slice(0, 20).map((event) => (JSON.parse(event.payload) as { id: string }).id);
  for (const id of faulted) faults.set(id, 1);

  const statuses = { ok: 0, badSignature: 0, serverError: 0 };
  const queue = [...deliveries];
  const workers = Array.from({ length: 8 }, async () => {
    for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
      const status = await deliverWebhook(
        stack.baseUrl,
        stack.stripe,
        delivery.payload,
        delivery.secret,
        delivery.timestamp,
      );
      if (status === 200) statuses.ok += 1;
      else if (status === 400) statuses.badSignature += 1;
      else {
        statuses.serverError += 1;
        // Stripe redelivers what we answered 5xx (later, signed anew).
        queue.push({ ...delivery, timestamp: undefined });
      }
    }
  });
  await Promise.all(workers);
  expect(statuses.serverError).toBe(20);
  expect(faulted.every((id) => faults.get(id) === 0)).toBe(true);
  expect(statuses.badSignature).toBeGreaterThan(0);

  const paidBriefs = briefs.slice(0, 12);
  const unpaidBriefs = briefs.slice(12);
  await waitUntil(
    async () => (await stack.db.orm.em.fork().count(Project, { brief: { $in: paidBriefs } })) === 12,
    120_000,
    '12 projects',
  );
  const em = stack.db.orm.em.fork();
  for (const briefId of paidBriefs) expect(await em.count(Project, { brief: briefId })).toBe(1);
  expect(await em.count(Project, { brief: { $in: unpaidBriefs } })).toBe(0);
  const statusesByBrief = await em.find(CheckoutSession, { brief: { $in: briefs } }, { orderBy: { createdAt: 'asc' } });
  expect(statusesByBrief.filter((row) => row.status === 'paid')).toHaveLength(12);
  expect(statusesByBrief.filter((row) => row.status === 'failed')).toHaveLength(2);
  expect(statusesByBrief.filter((row) => row.status === 'expired')).toHaveLength(6);

  const emails = await Promise.all(
    paidBriefs.map((briefId) => em.findOneOrFail(Brief, briefId).then((brief) => brief.email)),
  );
  await waitUntil(
    async () =>
      (await stack.db.orm.em.fork().count(SentEmail, {
        recipient: { $in: emails },
        template: PAYMENT_RECEIPT_TEMPLATE,
        sentAt: { $ne: null },
      })) === 12,
    60_000,
    'the receipts',
  );
  // Settle: a late duplicate must not add a second receipt.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const email of emails)
    expect(
      await stack.db.orm.em.fork().count(SentEmail, { recipient: email, template: PAYMENT_RECEIPT_TEMPLATE }),
    ).toBe(1);
  expect(
    await stack.mail
      .emails()
      .then(
        (all) =>
          all.filter((m) => m.subject.startsWith('Paiement confirmé') && emails.includes(m.to[0].address)).length,
      ),
  ).toBe(12);
});

test('launch-offer race: 20 concurrent checkouts for the last 3 places → exactly 3 discounted', async () => {
  const em = stack.db.orm.em.fork();
  const taken = Number(
    (
      await em
        .getConnection()
        .execute<{ taken: string }[]>(
          `select count(*) as taken from checkout_sessions where launch_offer_claimed and (status in ('processing','paid') or (status = 'open' and hold_expires_at > now()))`,
        )
    )[0].taken,
  );
  await em
    .getConnection()
    .execute(`update settings set value = ?::jsonb where key = 'launch_offer_places'`, [String(taken + 3)]);
  const { storeWizardBrief } = await import('../support/payment-stack');
  const briefs = await Promise.all(Array.from({ length: 20 }, () => storeWizardBrief(stack.db)));
  const answers = await Promise.all(briefs.map((brief) => checkout(brief.id)));
  expect(answers.every((answer) => answer.status === 200)).toBe(true);
  const discounted = answers.filter((answer) => answer.body.launchOffer);
  expect(discounted).toHaveLength(3);
  briefs.forEach((brief, index) => {
    expect(answers[index].body.amount).toBe(answers[index].body.launchOffer ? brief.offerPriceCents : brief.priceCents);
  });
  const settings = (await (await fetch(`${stack.baseUrl}/api/pricing/settings`)).json()) as { launchOffer: unknown };
  expect(settings.launchOffer).toMatchObject({ placesLeft: 0, active: false });
});
