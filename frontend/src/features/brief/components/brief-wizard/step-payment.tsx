import { formatMoney } from '@domain/brief-estimate';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useOptionLanguage } from '@/components/form/fields';
import { AddressConfirmationNote } from '../address-confirmation-note';
import { NextSteps } from '../next-steps';
import { SentBriefPayment } from '../sent-brief-payment';

/** The stored brief and the price it is paid at (the offer price the estimate showed). */
export interface SentBrief {
  briefId: string;
  email: string;
  offerPriceCents: number;
  currency: string;
  /** Absent for a brief kept before the address confirmation existed. */
  addressConfirmationNeeded?: boolean;
}

/**
 * Step 3: the brief is stored; what happens next and the payment. Right after « Procéder au
 * paiement » the checkout starts at once (`payNow`: one click); shown again after a reload, it
 * offers « Payer … » while the brief can still be paid, or says why not.
 */
export function StepPayment({
  brief,
  payNow,
  onNewBrief,
  onNotPayable,
}: {
  brief: SentBrief;
  payNow: boolean;
  onNewBrief: () => void;
  /** The brief was paid, cancelled or expired meanwhile: the device need not keep it. */
  onNotPayable: () => void;
}) {
  const { t } = useTranslation('brief');
  const language = useOptionLanguage();

  return (
    <section
      className="rounded-2xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8"
      aria-labelledby="wizard-success-title"
    >
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
      <h2 id="wizard-success-title" className="mt-4 text-2xl font-bold text-slate-900">
        {t('wizard.successTitle')}
      </h2>
      <p className="mt-2 text-slate-700">{t('wizard.successText', { email: brief.email })}</p>
      {brief.addressConfirmationNeeded ? <AddressConfirmationNote /> : null}
      <p className="mt-1 text-sm text-slate-500">
        {t('wizard.reference', { id: brief.briefId.slice(0, 8).toUpperCase() })}
      </p>
      <h3 className="mt-6 font-semibold text-slate-900">{t('wizard.nextStepsTitle')}</h3>
      <NextSteps steps={t('wizard.nextSteps', { returnObjects: true }) as string[]} />
      <div className="mt-8 flex flex-col gap-3 rounded-xl bg-slate-50 p-4" aria-live="polite">
        <SentBriefPayment
          briefId={brief.briefId}
          payNow={payNow}
          onNotPayable={onNotPayable}
          payLabel={(amountCents) =>
            t('wizard.payButton', {
              amount: formatMoney(amountCents ?? brief.offerPriceCents, brief.currency, language),
            })
          }
        >
          <p className="text-sm text-slate-600">{t('wizard.payLater')}</p>
        </SentBriefPayment>
      </div>
      <Button variant="link" className="mt-4 px-0" onClick={onNewBrief}>
        {t('wizard.newBrief')}
      </Button>
    </section>
  );
}
