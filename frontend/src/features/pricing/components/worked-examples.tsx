import { estimate, type EstimateCurrency } from '@domain/pricing';
import { useTranslation } from 'react-i18next';
import { formatHours, formatMoney } from '../lib/format';
import { PRICING_EXAMPLES } from '../lib/examples';
import { PRICING_NAMESPACE } from '../locales';

/** Three typical briefs, priced by the same engine as the simulator and the checkout. */
export function WorkedExamples({ currency, offerActive }: { currency: EstimateCurrency; offerActive: boolean }) {
  const { t, i18n } = useTranslation(PRICING_NAMESPACE);
  const language = i18n.language;
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PRICING_EXAMPLES.map(({ id, input }) => {
        const result = estimate({ ...input, currency });
        return (
          <li
            key={id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            data-testid={`example-${id}`}
          >
            <h3 className="text-lg font-semibold text-slate-900">{t(`examples.${id}.title`)}</h3>
            <p className="mt-2 text-sm text-slate-600">{t(`examples.${id}.text`)}</p>
            <dl className="mt-4 grid flex-1 grid-cols-2 content-end gap-3 border-t border-slate-100 pt-4 text-sm">
              <div>
                <dt className="text-slate-500">{t('time')}</dt>
                <dd className="font-semibold text-slate-900">
                  {t('hoursValue', { hours: formatHours(result.hours, language) })}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('delay')}</dt>
                <dd className="font-semibold text-slate-900">
                  {t('workingDays', { count: result.deliveryWorkingDays })}
                </dd>
              </div>
              <div>
                <dt className="text-slate-500">{t('price')}</dt>
                <dd className="text-xl font-bold text-slate-900">
                  {formatMoney(result.priceCents, currency, language)}
                </dd>
              </div>
              {offerActive && (
                <div>
                  <dt className="text-slate-500">{t('offerPrice')}</dt>
                  <dd className="text-xl font-bold text-violet-700">
                    {formatMoney(result.offerPriceCents, currency, language)}
                  </dd>
                </div>
              )}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
