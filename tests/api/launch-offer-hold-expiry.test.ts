import { randomUUID } from 'node:crypto';
import { Brief, CheckoutSession } from '../../db/entities';
import type { BriefPaymentSummary, CheckoutAnswer, SimulatedCheckoutView } from '../../domain/payments';
import { launchOfferHoldWorkflowId } from '../../workflows/contracts/launch-offer-hold';
import { standardWizardBrief } from '../support/brief-fixtures';
import {
  checkoutEvent,
  deliverWebhook,
  postJson,
  startPaymentStack,
  type PaymentStack,
} from '../support/payment-stack';

/**
 * A launch-offer place held by an unpaid checkout: when the hold lapses, the durable timer closes
 * the discounted session (stripe-mock's expire) so it cannot be paid at the reduced price, and the
 * place goes to the next client. The hold is shortened to seconds here (15 minutes in the product).
 * Real PostgreSQL, Temporal, worker.
 */
jest.setTimeout(300_000);

const HOLD_MS = 8_000;

let stack: PaymentStack;

beforeAll(async () => {
  stack = await startPaymentStack('launch-offer-hold', { launchOfferHoldMs: HOLD_MS });
  await stack.startWorker();
});

afterAll(async () => {
  await stack?.stop();
});

const em = () => stack.db.orm.em.fork();

async function submitBrief(): Promise<string> {
  const { status, body } = await postJson(
    `${stack.baseUrl}/api/briefs`,
    standardWizardBrief(`hold-${randomUUID()}@example.com`),
  );
  expect(status).toBe(201);
  return body.briefId as string;
}

async function checkout(briefId: string): Promise<CheckoutAnswer> {
  const { status, body } = await postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`);
  expect(status).toBe(200);
  return body as unknown as CheckoutAnswer;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Leaves exactly one launch-offer place free from now on. */
async function leaveOnePlace(): Promise<void> {
  const connection = em().getConnection();
  const [{ taken }] = await connection.execute<{ taken: string }[]>(
    `select count(*) as taken from checkout_sessions where launch_offer_claimed and (status in ('processing','paid') or (status = 'open' and hold_expires_at > now()))`,
  );
  await connection.execute(
    `insert into settings (key, value) values ('launch_offer_places', ?::jsonb) on conflict (key) do update set value = excluded.value`,
    [String(Number(taken) + 1)],
  );
}

async function holdOutcome(checkoutSessionId: string): Promise<string> {
  const row = await em().findOneOrFail(CheckoutSession, { sessionId: checkoutSessionId });
  return stack.temporal.workflow.getHandle(launchOfferHoldWorkflowId(row.id)).result();
}

test('an unpaid hold lapses: its discounted session is closed, cannot be paid, and the next client gets the place', async () => {
  await leaveOnePlace();
  const first = await submitBrief();
  const held = await checkout(first);
  expect(held.launchOffer).toBe(true);
  const heldUntil = Date.parse(held.launchOfferHeldUntil ?? '');
  expect(heldUntil).toBeGreaterThan(Date.now());

  // While held, the checkout page and the payment page show the hold and the reduced price.
  const page = await getJson<SimulatedCheckoutView>(`/api/payments/simulated/${held.sessionId}`);
  expect(page).toMatchObject({ status: 'open', launchOffer: true, launchOfferHeldUntil: held.launchOfferHeldUntil });
  expect(await getJson<BriefPaymentSummary>(`/api/briefs/${first}/payment`)).toMatchObject({
    launchOfferAvailable: true,
    launchOfferHeldUntil: held.launchOfferHeldUntil,
  });
  // Nobody else gets the only place meanwhile.
  expect((await checkout(await submitBrief())).launchOffer).toBe(false);

  expect(await holdOutcome(held.sessionId)).toBe('expired');
  expect(Date.now()).toBeGreaterThanOrEqual(heldUntil);
  expect(await em().findOneOrFail(CheckoutSession, { sessionId: held.sessionId })).toMatchObject({
    status: 'expired',
  });
  expect((await getJson<SimulatedCheckoutView>(`/api/payments/simulated/${held.sessionId}`)).status).toBe('expired');
  expect((await postJson(`${stack.baseUrl}/api/payments/simulated/${held.sessionId}/pay`)).status).toBe(409);

  // The place is free again: the next client's checkout is discounted, and the first brief's
  // payment page no longer promises the reduced price.
  const next = await submitBrief();
  const nextCheckout = await checkout(next);
  expect(nextCheckout.launchOffer).toBe(true);
  expect(nextCheckout.amount).toBe((await em().findOneOrFail(Brief, next)).offerPriceCents);
  const summary = await getJson<BriefPaymentSummary>(`/api/briefs/${first}/payment`);
  expect(summary.launchOfferAvailable).toBe(false);
  expect(summary.launchOfferHeldUntil).toBeUndefined();
});

test('a hold paid in time is left as it is when its timer fires', async () => {
  await leaveOnePlace();
  const briefId = await submitBrief();
  const answer = await checkout(briefId);
  expect(answer.launchOffer).toBe(true);
  const payload = JSON.stringify(
    checkoutEvent('checkout.session.completed', { id: answer.sessionId, briefId, amount: answer.amount }),
  );
  expect(await deliverWebhook(stack.baseUrl, stack.stripe, payload, stack.config.STRIPE_WEBHOOK_SECRET)).toBe(200);

  expect(await holdOutcome(answer.sessionId)).toBe('settled');
  expect(await em().findOneOrFail(CheckoutSession, { sessionId: answer.sessionId })).toMatchObject({
    status: 'paid',
    launchOfferClaimed: true,
  });
});
