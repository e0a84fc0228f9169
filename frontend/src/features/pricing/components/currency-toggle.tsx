import { ESTIMATE_CURRENCIES, type EstimateCurrency } from '@domain/pricing';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { PRICING_NAMESPACE } from '../locales';

/** EUR/USD segmented switch; the whole page (rates, examples, simulator) follows it. */
export function CurrencyToggle({
  value,
  onChange,
}: {
  value: EstimateCurrency;
  onChange: (currency: EstimateCurrency) => void;
}) {
  const { t } = useTranslation(PRICING_NAMESPACE);
  return (
    <div role="group" aria-label={t('currencyLabel')} className="inline-flex rounded-xl bg-slate-100 p-1">
      {ESTIMATE_CURRENCIES.map((currency) => (
        <button
          key={currency}
          type="button"
          aria-pressed={value === currency}
          onClick={() => onChange(currency)}
          className={cn(
            'rounded-lg px-4 py-2 text-sm font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
            value === currency ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {t(`currencies.${currency}`)}
        </button>
      ))}
    </div>
  );
}
