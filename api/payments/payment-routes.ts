import Router from '@koa/router';
import type { Context } from 'koa';
import { PAYMENT_MESSAGES, type PaymentState } from '../../domain/payments';
import { briefIdParamsSchema, CheckoutInputSchema, sessionIdParamsSchema } from '../../domain/schemas/payments';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireAuth, type AuthState } from '../middleware/auth';
import type { CheckoutService } from '../payments/checkout-service';
import { deliverSignedEvent, selfBaseUrl, simulatedCompletedEvent } from '../payments/simulated';
import { WebhookSignatureError, type createStripeWebhookHandler } from '../payments/webhook';
import type Stripe from 'stripe';

export interface PaymentRouteDeps {
  checkout: CheckoutService;
  webhook: ReturnType<typeof createStripeWebhookHandler>;
  stripe: Stripe;
  webhookSecret: string;
  appUrl: string;
  /** The simulated checkout's endpoints exist only without a Stripe key (never beside a live key). */
  simulatedCheckout: boolean;
}

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** koa-body 8 with `includeUnparsed` keeps the exact bytes received here (Stripe signs them). */
function rawBodyOf(ctx: Context): string {
  const raw = (ctx.request as unknown as { rawBody?: unknown }).rawBody;
  return typeof raw === 'string' ? raw : '';
}

/**
 * Payment routes: checkout (the server decides the amount), the verified Stripe webhook, the
 * payment return's state, and — without a Stripe key only — the simulated checkout.
 */
export function paymentRoutes(deps: PaymentRouteDeps): Router {
  const router = new Router();

  router.post('/api/briefs/:briefId/checkout', async (ctx) => {
    const { briefId } = parseInput(briefIdParamsSchema, ctx.params);
    const { buyer } = parseInput(CheckoutInputSchema, ctx.request.body ?? {});
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.checkout.startCheckout(briefId, (ctx.state as AuthState).user, buyer);
  });

  /** The signed-in client's briefs still waiting for payment, for the dashboard's "Payer". */
  router.get('/api/briefs/unpaid', requireAuth, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { briefs: await deps.checkout.unpaidBriefs(currentUser(ctx)) };
  });

  router.get('/api/briefs/:briefId/payment', async (ctx) => {
    const { briefId } = parseInput(briefIdParamsSchema, ctx.params);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.checkout.briefPaymentSummary(briefId);
  });

  router.get('/api/payments/:sessionId', async (ctx) => {
    const { sessionId } = parseInput(sessionIdParamsSchema, ctx.params);
    ctx.set('Cache-Control', 'no-store');
    const state = await deps.checkout.paymentState(sessionId);
    if (!state) {
      ctx.status = 404;
      ctx.body = { state: 'error', message: PAYMENT_MESSAGES.noPendingBrief } satisfies PaymentState;
      return;
    }
    ctx.body = state;
  });

  router.post(STRIPE_WEBHOOK_PATH, async (ctx) => {
    try {
      const outcome = await deps.webhook(rawBodyOf(ctx), ctx.get('stripe-signature') || undefined);
      ctx.body = { received: true, outcome };
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(400, PAYMENT_MESSAGES.badSignature);
      // Anything else is a 500 (error middleware): nothing was committed and Stripe retries.
      throw error;
    }
  });

  if (deps.simulatedCheckout) {
    router.get('/api/payments/simulated/:sessionId', async (ctx) => {
      const { sessionId } = parseInput(sessionIdParamsSchema, ctx.params);
      const found = await deps.checkout.simulatedSession(sessionId);
      if (!found) throw new HttpError(404, PAYMENT_MESSAGES.noPendingBrief);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = found.view;
    });

    router.post('/api/payments/simulated/:sessionId/pay', async (ctx) => {
      const { sessionId } = parseInput(sessionIdParamsSchema, ctx.params);
      const found = await deps.checkout.simulatedSession(sessionId);
      if (!found) throw new HttpError(404, PAYMENT_MESSAGES.noPendingBrief);
      if (found.view.status !== 'open' && found.view.status !== 'paid')
        throw new HttpError(409, PAYMENT_MESSAGES.checkoutSessionClosed);
      if (found.view.status === 'open') {
        const event = simulatedCompletedEvent(found.view, found.checkoutId, deps.appUrl);
        const status = await deliverSignedEvent(
          deps.stripe,
          `${selfBaseUrl(ctx)}${STRIPE_WEBHOOK_PATH}`,
          deps.webhookSecret,
          event,
        );
        if (status < 200 || status >= 300) throw new HttpError(502, PAYMENT_MESSAGES.unexpected);
      }
      ctx.body = { redirectUrl: `/payment-success?session_id=${encodeURIComponent(sessionId)}` };
    });
  }

  return router;
}
