import { randomUUID } from 'node:crypto';
import { Brief } from '../../db/entities';
import { briefTitle } from '../../domain/brief-options';
import { PAYMENT_MESSAGES, type BriefPaymentSummary, type UnpaidBrief } from '../../domain/payments';
import { standardWizardBrief } from '../support/brief-fixtures';
import { waitUntil, type CapturedEmail } from '../support/mail-server';
import { postJson, startPaymentStack, type PaymentStack } from '../support/payment-stack';
import { testStack } from '../support/stack-env';

/**
 * A brief saved but not paid is paid later: from the link of its confirmation e-mail (read from
 * the SMTP server) and from the client's dashboard, which lists it with what paying now costs.
 * The api runs in process with its worker, signed-in callers carry real Keycloak tokens.
 */
jest.setTimeout(120_000);

const { accounts, signIn, keycloakAdmin } = testStack();
const keycloak = keycloakAdmin();

let stack: PaymentStack;
let clientToken = '';
let otherToken = '';
let otherId = '';
const otherEmail = `brief-later-${Date.now()}@example.com`;

beforeAll(async () => {
  stack = await startPaymentStack('brief-pay-later');
  await stack.startWorker();
  otherId = await keycloak.createUser({
    email: otherEmail,
    firstName: 'Autre',
    lastName: 'Client',
    password: 'Autre123!',
    emailVerified: true,
  });
  [clientToken, otherToken] = await Promise.all([
    signIn(accounts.client.email, accounts.client.password),
    signIn(otherEmail, 'Autre123!'),
  ]);
});

afterAll(async () => {
  if (otherId) await keycloak.deleteUser(otherId).catch(() => undefined);
  await stack?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function submitBrief(email: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await postJson(`${stack.baseUrl}/api/briefs`, standardWizardBrief(email), headers);
  expect(answer.status).toBe(201);
  return answer.body.briefId as string;
}

async function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as T };
}

const unpaidOf = async (token: string) =>
  (await getJson<{ briefs: UnpaidBrief[] }>('/api/briefs/unpaid', bearer(token))).body.briefs;

test('the confirmation e-mail links to the brief’s payment page, whose button opens the checkout at the server’s amount', async () => {
  const email = `pay-later-${randomUUID()}@example.com`;
  const briefId = await submitBrief(email);

  let confirmation: CapturedEmail | undefined;
  await waitUntil(
    async () => {
      confirmation = (await stack.mail.emailsTo(email)).find((mail) => mail.subject.includes('bien reçu'));
      return Boolean(confirmation);
    },
    30_000,
    'the confirmation e-mail',
  );
  const link = new RegExp(`${stack.config.APP_URL.replace(/\/$/, '')}/brief/[0-9a-f-]{36}/payment`).exec(
    confirmation!.text,
  )?.[0];
  expect(link).toBe(`${stack.config.APP_URL.replace(/\/$/, '')}/brief/${briefId}/payment`);
  expect(confirmation!.html).toContain(`href="${link}"`);
  expect(confirmation!.text).toContain('Payer mon brief');

  // What the page behind the link reads, then its « Procéder au paiement ».
  const linkedId = /\/brief\/([0-9a-f-]{36})\/payment$/.exec(link!)![1];
  const summary = await getJson<BriefPaymentSummary>(`/api/briefs/${linkedId}/payment`);
  expect(summary.status).toBe(200);
  expect(summary.body.status).toBe('pending_payment');
  const checkout = await postJson(`${stack.baseUrl}/api/briefs/${linkedId}/checkout`);
  expect(checkout.status).toBe(200);
  const brief = await stack.db.orm.em.fork().findOneOrFail(Brief, briefId);
  expect([brief.priceCents, brief.offerPriceCents]).toContain(checkout.body.amount);
  expect(checkout.body.checkoutUrl).toBe(
    `${stack.config.APP_URL}/checkout/simulated?session_id=${String(checkout.body.sessionId)}`,
  );
  const view = await getJson<{ briefId: string; amount: number; status: string }>(
    `/api/payments/simulated/${String(checkout.body.sessionId)}`,
  );
  expect(view.body).toMatchObject({ briefId, amount: checkout.body.amount, status: 'open' });
});

test('the dashboard lists each client’s own unpaid briefs with what paying now costs, and only while payable', async () => {
  const mine = await submitBrief(`dashboard-${randomUUID()}@example.com`, bearer(clientToken));
  // Sent signed out, to the other client's verified address: theirs.
  const theirs = await submitBrief(otherEmail);

  expect((await getJson('/api/briefs/unpaid')).status).toBe(401);

  const listed = await unpaidOf(clientToken);
  expect(listed.map((brief) => brief.briefId)).toEqual([mine]);
  const stored = await stack.db.orm.em.fork().findOneOrFail(Brief, mine);
  const summary = (await getJson<BriefPaymentSummary>(`/api/briefs/${mine}/payment`)).body;
  expect(listed[0]).toEqual({
    briefId: mine,
    title: briefTitle(stored),
    createdAt: stored.createdAt.toISOString(),
    currency: 'eur',
    priceCents: stored.priceCents,
    amountDueCents: summary.launchOfferAvailable ? stored.offerPriceCents : stored.priceCents,
  });
  expect((await unpaidOf(otherToken)).map((brief) => brief.briefId)).toEqual([theirs]);

  // The list's « Payer »: the owner opens the checkout; another account may not.
  expect((await postJson(`${stack.baseUrl}/api/briefs/${mine}/checkout`, {}, bearer(otherToken))).status).toBe(403);
  const paying = await postJson(`${stack.baseUrl}/api/briefs/${mine}/checkout`, {}, bearer(clientToken));
  expect(paying.status).toBe(200);
  expect(paying.body.amount).toBe(listed[0].amountDueCents);

  // An expired brief leaves the list; its page and its checkout say why in French.
  await stack.db.orm.em.fork().nativeUpdate(Brief, { id: theirs }, { status: 'expired' });
  expect(await unpaidOf(otherToken)).toEqual([]);
  expect((await getJson<BriefPaymentSummary>(`/api/briefs/${theirs}/payment`)).body.status).toBe('expired');
  expect(await postJson(`${stack.baseUrl}/api/briefs/${theirs}/checkout`, {}, bearer(otherToken))).toEqual({
    status: 409,
    body: { error: PAYMENT_MESSAGES.briefExpired },
  });
});
