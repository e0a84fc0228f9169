import { formatMoney } from '@domain/brief-estimate';
import { briefNotPayableMessage, PAYMENT_MESSAGES } from '@domain/payments';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, Loader2 } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useBriefPayment } from '@/lib/brief-payment';
import { startCheckout } from '@/lib/start-checkout';
import { LaunchOfferHoldNotice } from './launch-offer-hold-notice';

/**
 * The brief's payment page: where the reminders' link and Stripe's "back" lead. It shows the
 * server's price (with the launch offer while places remain) and starts the checkout.
 */
export function BriefPaymentPage() {
  const { briefId = '' } = useParams();
  const summary = useBriefPayment(briefId);
  const checkout = useMutation({ mutationFn: () => startCheckout(briefId) });
  const data = summary.data;

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-6 px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle>Paiement de votre brief</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {summary.isError ? (
            <p role="alert" className="text-red-700">
              {summary.error instanceof ApiError ? summary.error.message : PAYMENT_MESSAGES.unexpected}
            </p>
          ) : !data ? (
            <Spinner />
          ) : data.status === 'paid' && data.projectId ? (
            <>
              <p className="text-slate-700">{PAYMENT_MESSAGES.briefAlreadyPaid}</p>
              <Button asChild>
                <Link to={paths.project.getHref(data.projectId)}>Voir mon projet</Link>
              </Button>
            </>
          ) : data.status !== 'pending_payment' ? (
            <p role="alert" className="text-slate-700">
              {briefNotPayableMessage(data.status)}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-500">Référence {briefId.slice(0, 8).toUpperCase()}</p>
              <div className="text-center">
                {data.launchOfferAvailable && data.offerPriceCents < data.priceCents ? (
                  <>
                    <p className="text-lg text-slate-500 line-through">{formatMoney(data.priceCents, data.currency)}</p>
                    <p className="text-4xl font-bold text-slate-900" data-testid="amount-to-pay">
                      {formatMoney(data.offerPriceCents, data.currency)}
                    </p>
                    <p className="mt-1 text-sm font-medium text-emerald-700">
                      Offre de lancement -30 % (10 premiers clients)
                    </p>
                  </>
                ) : (
                  <p className="text-4xl font-bold text-slate-900" data-testid="amount-to-pay">
                    {formatMoney(data.priceCents, data.currency)}
                  </p>
                )}
              </div>
              {data.launchOfferHeldUntil && <LaunchOfferHoldNotice heldUntil={data.launchOfferHeldUntil} />}
              {checkout.isError && (
                <p role="alert" className="text-center text-red-700">
                  {checkout.error instanceof ApiError ? checkout.error.message : PAYMENT_MESSAGES.unexpected}
                </p>
              )}
              <Button size="lg" disabled={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate()}>
                {checkout.isPending || checkout.isSuccess ? (
                  <Loader2 className="animate-spin" aria-hidden />
                ) : (
                  <CreditCard aria-hidden />
                )}
                {checkout.isSuccess ? PAYMENT_MESSAGES.redirecting : 'Procéder au paiement'}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
