import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { AddressConfirmationNote } from '../address-confirmation-note';
import { NextSteps } from '../next-steps';
import { SentBriefPayment } from '../sent-brief-payment';

/**
 * The full form's thank-you screen: what happens next, "Payer et lancer mon projet" (while the
 * brief can still be paid) and another brief.
 */
export function Thanks({
  email,
  briefId,
  addressConfirmationNeeded,
  onAnother,
  onNotPayable,
}: {
  email: string;
  briefId: string;
  addressConfirmationNeeded?: boolean;
  onAnother: () => void;
  onNotPayable: () => void;
}) {
  const { t } = useTranslation('brief');
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <DocumentTitle title={t('full.metaTitle')} />
      <section
        aria-labelledby="thanks-title"
        className="rounded-2xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8"
      >
        <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
        <h1 id="thanks-title" className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('full.thanksTitle')}
        </h1>
        <p className="mt-2 text-slate-700">{t('full.thanksText', { email })}</p>
        {addressConfirmationNeeded ? <AddressConfirmationNote /> : null}
        <h2 className="mt-6 font-semibold text-slate-900">{t('full.nextStepsTitle')}</h2>
        <NextSteps steps={t('full.nextSteps', { returnObjects: true }) as string[]} />
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <SentBriefPayment
            briefId={briefId}
            payNow={false}
            payLabel={() => t('full.payNow')}
            onNotPayable={onNotPayable}
          />
          <Button variant="outline" size="lg" onClick={onAnother}>
            {t('full.another')}
          </Button>
        </div>
      </section>
    </div>
  );
}
