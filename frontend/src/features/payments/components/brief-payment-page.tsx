import { formatMoney } from '@domain/brief-estimate';
import { briefNotPayableMessage, PAYMENT_MESSAGES } from '@domain/payments';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useBriefPayment } from '@/lib/brief-payment';
import { startCheckout, type CheckoutBuyer } from '@/lib/start-checkout';
import { PAYMENTS_NAMESPACE } from '../locales';
import { BusinessBuyerFields, EMPTY_BUYER_DRAFT, parseBuyerDraft, type BuyerDraft } from './business-buyer-fields';
import { LaunchOfferHoldNotice } from './launch-offer-hold-notice';

/** The api's per-field messages for the buyer (`buyer.siren` → `siren`), from a 400 answer. */
function buyerFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const fields = (error.body as { fields?: Record<string, unknown> } | undefined)?.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields).flatMap(([path, message]) =>
      path.startsWith('buyer.') && typeof message === 'string' ? [[path.slice('buyer.'.length), message]] : [],
    ),
  );
}

/**
 * The brief's payment page: where the reminders' link and Stripe's "back" lead. It shows the
 * server's price (with the launch offer while places remain) and starts the checkout, with the
 * business to invoice when the client asks for one.
 */
export function BriefPaymentPage() {
  const { t } = useTranslation(PAYMENTS_NAMESPACE);
  const { briefId = '' } = useParams();
  const summary = useBriefPayment(briefId);
  const [business, setBusiness] = useState(false);
  const [buyer, setBuyer] = useState<BuyerDraft>(EMPTY_BUYER_DRAFT);
  const [buyerErrors, setBuyerErrors] = useState<Record<string, string>>({});
  const businessId = useId();
  const checkout = useMutation({
    mutationFn: (details?: CheckoutBuyer) => startCheckout(briefId, details),
    onError: (error) => setBuyerErrors(buyerFieldErrors(error)),
  });
  const data = summary.data;

  // Once the fields were checked, each change checks them again: an error goes as soon as it is fixed.
  const editBuyer = (draft: BuyerDraft) => {
    setBuyer(draft);
    if (Object.keys(buyerErrors).length > 0) setBuyerErrors(parseBuyerDraft(draft).errors ?? {});
  };

  const pay = () => {
    // Unticked, nothing about a business is sent, whatever was typed.
    const parsed = business ? parseBuyerDraft(buyer) : { buyer: undefined, errors: undefined };
    setBuyerErrors(parsed.errors ?? {});
    if (!parsed.errors) checkout.mutate(parsed.buyer);
  };

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
              <div className="flex flex-col gap-4 rounded-lg border border-slate-200 p-4">
                <label htmlFor={businessId} className="flex items-center gap-3 text-sm font-medium text-slate-800">
                  <input
                    id={businessId}
                    type="checkbox"
                    className="size-4 accent-violet-700"
                    checked={business}
                    onChange={(event) => setBusiness(event.target.checked)}
                  />
                  {t('buyer.toggle')}
                </label>
                {business && <BusinessBuyerFields draft={buyer} errors={buyerErrors} onChange={editBuyer} />}
              </div>
              {checkout.isError && (
                <p role="alert" className="text-center text-red-700">
                  {checkout.error instanceof ApiError ? checkout.error.message : PAYMENT_MESSAGES.unexpected}
                </p>
              )}
              <Button size="lg" disabled={checkout.isPending || checkout.isSuccess} onClick={pay}>
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
