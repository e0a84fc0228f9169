import { MESSAGES } from '@domain/messages';
import type { BriefPaymentSummary, CheckoutAnswer } from '@domain/payments';
import { createFullBriefSchema, wizardBriefSchema } from '@domain/schemas/brief';
import { CheckoutInputSchema } from '@domain/schemas/payments';
import { todayIn } from '@domain/delivery';
import { http, HttpResponse } from 'msw';
import { accepting, type ApiRefusal } from '../network';

const BRIEF_ID = '3f2a9c4e-8b1d-4e6f-a2c3-5d7e9f1b2a4c';

/** `POST /api/briefs` from the wizard: the brief is stored (201 `{ briefId }`). */
export const acceptWizardBrief = () =>
  accepting('post', '/api/briefs', wizardBriefSchema, () => ({ status: 201, json: { briefId: BRIEF_ID } }));

/** `POST /api/briefs` from the full form (checked against today's delivery dates, as the api does). */
export const acceptFullBrief = () =>
  accepting('post', '/api/briefs', createFullBriefSchema(todayIn()), () => ({
    status: 201,
    json: { briefId: BRIEF_ID },
  }));

/** The stored brief awaiting its payment (`GET /api/briefs/:id/payment`). */
const pendingPayment: BriefPaymentSummary = {
  briefId: BRIEF_ID,
  status: 'pending_payment',
  currency: 'eur',
  priceCents: 30_000,
  offerPriceCents: 21_000,
  launchOfferAvailable: true,
};

const checkout: CheckoutAnswer = {
  checkoutUrl: '/simulated-checkout/cs_test_1',
  sessionId: 'cs_test_1',
  amount: 21_000,
  currency: 'eur',
  launchOffer: true,
  simulated: true,
};

/** The payment side of a stored brief: its summary and the checkout it opens. */
export const briefPaymentHandlers = [
  http.get('/api/briefs/:briefId/payment', () => HttpResponse.json(pendingPayment)),
  http.post('/api/briefs/:briefId/checkout', () => HttpResponse.json(checkout)),
];

/**
 * `POST /api/briefs/:id/checkout` checked with the api's schema: each body as sent (`null` when
 * the page sent none) is kept in `sent`; a body the schema refuses gets the api's 400 naming its fields.
 */
export function acceptCheckout() {
  const sent: unknown[] = [];
  const handler = http.post('/api/briefs/:briefId/checkout', async ({ request }) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    sent.push(body);
    const parsed = CheckoutInputSchema.safeParse(body ?? {});
    if (parsed.success) return HttpResponse.json(checkout);
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    return HttpResponse.json<ApiRefusal>({ error: MESSAGES.invalidInput, fields }, { status: 400 });
  });
  return { handler, sent };
}
