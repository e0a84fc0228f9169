import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import type Stripe from 'stripe';
import type { SimulatedCheckoutView } from '../../domain/payments';
import { successUrl } from './checkout-urls';

/**
 * The event Stripe would send when the simulated session is paid: same shape as a real
 * `checkout.session.completed` (the fields the webhook reads, and the usual ones around them).
 */
export function simulatedCompletedEvent(view: SimulatedCheckoutView, checkoutId: string, appUrl: string) {
  const created = Math.floor(Date.now() / 1000);
  return {
    id: `evt_sim_${randomBytes(16).toString('hex')}`,
    object: 'event',
    api_version: null,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: view.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        client_reference_id: view.briefId,
        metadata: { briefId: view.briefId, checkoutId, launchOffer: String(view.launchOffer) },
        amount_subtotal: view.amount,
        amount_total: view.amount,
        currency: view.currency,
        customer_email: view.customerEmail,
        payment_intent: `pi_sim_${randomBytes(12).toString('hex')}`,
        locale: 'fr',
        livemode: false,
        success_url: successUrl(appUrl.replace(/\/$/, '')),
        cancel_url: view.cancelUrl,
        created,
      },
    },
  };
}

/** This server's own address, from the connection it answered on (never from forwarded headers). */
export function selfBaseUrl(ctx: Context): string {
  const socket = ctx.req.socket;
  let host = socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice('::ffff:'.length);
  if (host === '::' || host === '0.0.0.0') host = '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${socket.localPort}`;
}

/**
 * Posts the event, signed with the webhook secret exactly as Stripe signs, to the real webhook
 * endpoint over HTTP: the simulated payment goes through the same verification and handling as a
 * real one. Returns the endpoint's HTTP status.
 */
export async function deliverSignedEvent(
  stripe: Stripe,
  webhookUrl: string,
  secret: string,
  event: object,
): Promise<number> {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
    signal: AbortSignal.timeout(15_000),
  });
  await response.arrayBuffer();
  return response.status;
}
