import { formatMoney } from '@domain/brief-estimate';
import { PAYMENT_MESSAGES } from '@domain/payments';
import { FlaskConical, Loader2 } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePaySimulatedCheckout, useSimulatedCheckout } from '../api/payments';
import { LaunchOfferHoldNotice } from './launch-offer-hold-notice';

/**
 * The local stand-in for Stripe Checkout (no STRIPE_SECRET_KEY): clearly marked as a test, it
 * shows the amount the server decided; "Payer" makes the api post a correctly signed
 * `checkout.session.completed` to the real webhook endpoint.
 */
export function SimulatedCheckoutPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id') ?? '';
  const session = useSimulatedCheckout(sessionId);
  const pay = usePaySimulatedCheckout(sessionId, { onSuccess: ({ redirectUrl }) => navigate(redirectUrl) });

  const view = session.data;
  const payable = view?.status === 'open';
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-12">
      <div
        role="note"
        className="flex items-center gap-3 rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 px-4 py-3 font-semibold text-amber-900"
      >
        <FlaskConical className="size-5 shrink-0" aria-hidden />
        {PAYMENT_MESSAGES.simulatedBanner}
      </div>
      <Card>
        <CardHeader>
          {/* The page's only title, so its h1. */}
          <h1 className="text-lg font-semibold text-slate-900">Paiement sécurisé (simulation)</h1>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {!sessionId || session.isError ? (
            <p role="alert" className="text-red-700">
              {session.error instanceof ApiError ? session.error.message : PAYMENT_MESSAGES.noPendingBrief}
            </p>
          ) : !view ? (
            <Spinner />
          ) : (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="text-slate-500">Client</dt>
                <dd className="font-medium break-all">{view.customerEmail}</dd>
                <dt className="text-slate-500">Référence</dt>
                <dd className="font-medium">{view.briefId.slice(0, 8).toUpperCase()}</dd>
                {view.launchOffer && (
                  <>
                    <dt className="text-slate-500">Offre</dt>
                    <dd className="font-medium text-emerald-700">Offre de lancement -30 %</dd>
                  </>
                )}
              </dl>
              <p className="text-center text-4xl font-bold text-slate-900" data-testid="simulated-amount">
                {formatMoney(view.amount, view.currency)}
              </p>
              {payable && view.launchOfferHeldUntil && <LaunchOfferHoldNotice heldUntil={view.launchOfferHeldUntil} />}
              {!payable && (
                <p role="alert" className="text-center text-slate-700">
                  {PAYMENT_MESSAGES.checkoutSessionClosed}
                </p>
              )}
              {pay.isError && (
                <p role="alert" className="text-center text-red-700">
                  {pay.error instanceof ApiError ? pay.error.message : PAYMENT_MESSAGES.unexpected}
                </p>
              )}
              <div className="flex flex-col gap-3 sm:flex-row-reverse">
                <Button
                  size="lg"
                  className="sm:flex-1"
                  disabled={!payable || pay.isPending || pay.isSuccess}
                  onClick={() => pay.mutate()}
                >
                  {pay.isPending && <Loader2 className="animate-spin" aria-hidden />}
                  Payer {formatMoney(view.amount, view.currency)}
                </Button>
                <Button
                  size="lg"
                  variant="outline"
                  className="sm:flex-1"
                  onClick={() => window.location.assign(view.cancelUrl)}
                >
                  Annuler
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
