import { LAUNCH_OFFER_HOLD_MS } from '../../domain/payments';
import type { CheckoutServiceDeps } from './checkout-deps';
import { briefPaymentSummary, paymentState, simulatedSession, unpaidBriefs } from './payment-reads';
import { startCheckout } from './start-checkout';

/** Checkout: opening a brief's payment (Stripe or simulated) and the pages that read its state. */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const context = {
    ...deps,
    now: deps.now ?? (() => new Date()),
    launchOfferHoldMs: deps.launchOfferHoldMs ?? LAUNCH_OFFER_HOLD_MS,
    appUrl: deps.appUrl.replace(/\/$/, ''),
  };
  return {
    startCheckout: startCheckout.bind(null, context),
    briefPaymentSummary: briefPaymentSummary.bind(null, context),
    unpaidBriefs: unpaidBriefs.bind(null, context),
    paymentState: paymentState.bind(null, context),
    simulatedSession: simulatedSession.bind(null, context),
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
