import { briefNotPayableMessage } from '@domain/payments';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PayBriefButton } from '@/components/payments/pay-brief-button';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useBriefPayment } from '@/lib/brief-payment';

/**
 * The payment of a brief just sent (or shown again after a reload): « Payer … » while the server
 * says it awaits payment, else why it cannot be paid (paid, cancelled, expired) — then the device
 * need not keep it (`onNotPayable`). `payLabel` gets what a checkout started now would charge.
 */
export function SentBriefPayment({
  briefId,
  payNow,
  payLabel,
  onNotPayable,
  children,
}: {
  briefId: string;
  /** Start the checkout at once (the click that sent the brief was the payment's). */
  payNow: boolean;
  payLabel: (amountCents: number | undefined) => string;
  onNotPayable: () => void;
  /** Shown beside the pay button. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('brief');
  const { data: payment } = useBriefPayment(briefId);
  const payable = !payment || payment.status === 'pending_payment';

  useEffect(() => {
    if (!payable) onNotPayable();
  }, [payable, onNotPayable]);

  if (payable) {
    const amountCents = payment && (payment.launchOfferAvailable ? payment.offerPriceCents : payment.priceCents);
    return (
      <>
        <PayBriefButton briefId={briefId} startAtOnce={payNow}>
          {payLabel(amountCents)}
        </PayBriefButton>
        {children}
      </>
    );
  }
  return (
    <>
      <p role="alert" className="text-slate-700">
        {briefNotPayableMessage(payment.status)}
      </p>
      {payment.projectId && (
        <Button asChild variant="outline" className="self-start">
          <Link to={paths.project.getHref(payment.projectId)}>{t('wizard.viewProject')}</Link>
        </Button>
      )}
    </>
  );
}
