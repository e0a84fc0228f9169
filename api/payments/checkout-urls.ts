import { briefPaymentPath } from '../../domain/payments';

/** Where Stripe sends the payer back after paying (Stripe fills in the session id). */
export function successUrl(appUrl: string): string {
  return `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
}

/** Stripe's "back" link: the brief's payment page. */
export function briefPaymentUrl(appUrl: string, briefId: string): string {
  return `${appUrl}${briefPaymentPath(briefId)}`;
}

/** The simulated checkout's own page, used when no Stripe key is configured. */
export function simulatedCheckoutUrl(appUrl: string, sessionId: string): string {
  return `${appUrl}/checkout/simulated?session_id=${encodeURIComponent(sessionId)}`;
}
