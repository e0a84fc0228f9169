import { randomUUID } from 'node:crypto';
import { AuditLogEntry, Brief, CheckoutSession, Project, SentEmail } from '../../db/entities';
import type { CheckoutAnswer } from '../../domain/payments';
import { PAYMENT_REFUND_TEMPLATE } from '../../workflows/contracts/payment-refund';
import { standardWizardBrief } from '../support/brief-fixtures';
import { waitUntil } from '../support/mail-server';
import {
  checkoutEvent,
  deliverWebhook,
  postJson,
  startPaymentStack,
  type PaymentStack,
} from '../support/payment-stack';

/**
 * The launch offer as an attacker tries it: one place per client, places held 15 minutes and
 * claimed by the payment, and payments that cannot be kept refunded once through Stripe
 * (stripe-mock), with the payer's e-mail and an audit line. Real PostgreSQL, Temporal, worker, MailDev.
 */
jest.setTimeout(300_000);

let stack: PaymentStack;

beforeAll(async () => {
  stack = await startPaymentStack('launch-offer');
  await stack.startWorker();
});

afterAll(async () => {
  await stack?.stop();
});

const em = () => stack.db.orm.em.fork();

async function submitBrief(email: string): Promise<string> {
  const { status, body } = await postJson(`${stack.baseUrl}/api/briefs`, standardWizardBrief(email));
  expect(status).toBe(201);
  return body.briefId as string;
}

async function checkout(briefId: string): Promise<CheckoutAnswer> {
  const { status, body } = await postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`);
  expect(status).toBe(200);
  return body as unknown as CheckoutAnswer;
}

/** Stripe's event for a paid session, signed with the webhook secret; returns the payload (to replay it). */
async function pay(briefId: string, answer: { sessionId: string; amount: number }): Promise<string> {
  const payload = JSON.stringify(
    checkoutEvent('checkout.session.completed', { id: answer.sessionId, briefId, amount: answer.amount }),
  );
  expect(await deliverWebhook(stack.baseUrl, stack.stripe, payload, stack.config.STRIPE_WEBHOOK_SECRET)).toBe(200);
  return payload;
}

/** Leaves `places` launch-offer places free from now on. */
async function freePlaces(places: number): Promise<void> {
  const connection = em().getConnection();
  const [{ taken }] = await connection.execute<{ taken: string }[]>(
    `select count(*) as taken from checkout_sessions where launch_offer_claimed and (status in ('processing','paid') or (status = 'open' and hold_expires_at > now()))`,
  );
  await connection.execute(
    `insert into settings (key, value) values ('launch_offer_places', ?::jsonb) on conflict (key) do update set value = excluded.value`,
    [String(Number(taken) + places)],
  );
}

async function brief(briefId: string) {
  return em().findOneOrFail(Brief, briefId);
}

test('one place per client: a client who paid a place gets the full price on any other brief, whatever the +tag or case', async () => {
  await freePlaces(5);
  const name = `ana-${randomUUID()}`;
  const first = await submitBrief(`${name}@example.com`);
  const firstCheckout = await checkout(first);
  expect(firstCheckout.launchOffer).toBe(true);
  expect(firstCheckout.launchOfferHeldUntil).toBeDefined();
  await pay(first, firstCheckout);

  const second = await submitBrief(`${name.toUpperCase()}+deux@Example.com`);
  const secondCheckout = await checkout(second);
  expect(secondCheckout.launchOffer).toBe(false);
  expect(secondCheckout.amount).toBe((await brief(second)).priceCents);
  // A place only held (not yet paid) also keeps the client from a second one.
  const other = `bea-${randomUUID()}@example.com`;
  expect((await checkout(await submitBrief(other))).launchOffer).toBe(true);
  expect((await checkout(await submitBrief(other))).launchOffer).toBe(false);
});

test('the 11th client pays full price: 10 distinct clients pay discounted, the 11th checkout is at full price', async () => {
  await freePlaces(10);
  for (let index = 0; index < 10; index += 1) {
    const briefId = await submitBrief(`client-${index}-${randomUUID()}@example.com`);
    const answer = await checkout(briefId);
    expect(answer.launchOffer).toBe(true);
    expect(answer.amount).toBe((await brief(briefId)).offerPriceCents);
    await pay(briefId, answer);
  }
  const eleventh = await submitBrief(`client-11-${randomUUID()}@example.com`);
  const answer = await checkout(eleventh);
  expect(answer.launchOffer).toBe(false);
  expect(answer.amount).toBe((await brief(eleventh)).priceCents);
});

test('an expired hold gives its place back, and its late discounted payment is refunded once the places ran out', async () => {
  await freePlaces(1);
  const late = await submitBrief(`late-${randomUUID()}@example.com`);
  const lateCheckout = await checkout(late);
  expect(lateCheckout.launchOffer).toBe(true);
  expect((await checkout(await submitBrief(`other-${randomUUID()}@example.com`))).launchOffer).toBe(false);

  // Fifteen minutes later, unpaid: the hold lapses and the next client gets the place.
  await em().nativeUpdate(
    CheckoutSession,
    { sessionId: lateCheckout.sessionId },
    { holdExpiresAt: new Date(Date.now() - 1000) },
  );
  const next = await submitBrief(`next-${randomUUID()}@example.com`);
  expect((await checkout(next)).launchOffer).toBe(true);

  // The first client's discounted payment arrives anyway: its place is gone, it is refunded.
  await pay(late, lateCheckout);
  await waitUntil(
    async () => (await em().findOneOrFail(CheckoutSession, { sessionId: lateCheckout.sessionId })).refundId !== null,
    60_000,
    'the refund',
  );
  const row = await em().findOneOrFail(CheckoutSession, { sessionId: lateCheckout.sessionId });
  expect(row).toMatchObject({ status: 'refunded', refundReason: 'offer_gone' });
  expect(await em().count(Project, { brief: late })).toBe(0);
  expect((await brief(late)).status).toBe('pending_payment');
});

test('a second payment of the same brief is refunded once (replayed webhook: still one refund), with the e-mail and the audit line', async () => {
  await freePlaces(5);
  const email = `twice-${randomUUID()}@example.com`;
  const briefId = await submitBrief(email);
  const old = await checkout(briefId);
  // The old session is in its last minute: a new checkout opens beside it.
  await em().nativeUpdate(
    CheckoutSession,
    { sessionId: old.sessionId },
    { expiresAt: new Date(Date.now() + 30_000), holdExpiresAt: new Date(Date.now() + 30_000) },
  );
  const fresh = await checkout(briefId);
  expect(fresh.sessionId).not.toBe(old.sessionId);

  await pay(briefId, fresh);
  await waitUntil(async () => (await em().count(Project, { brief: briefId })) === 1, 60_000, 'the project');
  const second = await pay(briefId, old);
  // Stripe redelivers the same event, and sends another one for the same session.
  await deliverWebhook(stack.baseUrl, stack.stripe, second, stack.config.STRIPE_WEBHOOK_SECRET);
  await pay(briefId, old);

  await waitUntil(
    async () =>
      (await em().count(SentEmail, { recipient: email, template: PAYMENT_REFUND_TEMPLATE, sentAt: { $ne: null } })) ===
      1,
    60_000,
    'the refund e-mail',
  );
  const row = await em().findOneOrFail(CheckoutSession, { sessionId: old.sessionId });
  expect(row).toMatchObject({ status: 'refunded', refundReason: 'duplicate' });
  expect(row.refundId).toMatch(/^re_/);
  expect(await em().count(Project, { brief: briefId })).toBe(1);
  const audit = await em().find(AuditLogEntry, { action: 'payment.refund', targetId: briefId });
  expect(audit).toHaveLength(1);
  expect(audit[0].after).toMatchObject({ refundId: row.refundId, reason: 'duplicate' });
  const mails = (await stack.mail.emails()).filter(
    (mail) => mail.to[0].address === email && mail.subject.startsWith('Remboursement'),
  );
  expect(mails).toHaveLength(1);
  expect(mails[0].text).toContain(briefId.slice(0, 8).toUpperCase());
  expect(mails[0].text).toContain('déjà payé');
});

test('a payment of the wrong amount is refunded and creates no project', async () => {
  await freePlaces(5);
  const email = `amount-${randomUUID()}@example.com`;
  const briefId = await submitBrief(email);
  const answer = await checkout(briefId);
  await pay(briefId, { sessionId: answer.sessionId, amount: answer.amount - 100 });
  await waitUntil(
    async () =>
      (await em().count(SentEmail, { recipient: email, template: PAYMENT_REFUND_TEMPLATE, sentAt: { $ne: null } })) ===
      1,
    60_000,
    'the refund e-mail',
  );
  expect(await em().findOneOrFail(CheckoutSession, { sessionId: answer.sessionId })).toMatchObject({
    status: 'refunded',
    refundReason: 'amount',
  });
  expect(await em().count(Project, { brief: briefId })).toBe(0);
  expect((await brief(briefId)).status).toBe('pending_payment');
});
