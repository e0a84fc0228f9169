import { SERVICE_CATEGORIES, SERVICE_CATEGORY_TABLE, type EstimateCurrency } from '@domain/pricing';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { formatMoney } from '../lib/format';
import { PRICING_NAMESPACE } from '../locales';

/** One tier of the category table (§3.5): names, descriptions and hourly rates in the chosen currency. */
export function ServiceCards({ tier, currency }: { tier: 'base' | 'premium'; currency: EstimateCurrency }) {
  const { t, i18n } = useTranslation(PRICING_NAMESPACE);
  const categories = SERVICE_CATEGORIES.filter((key) => SERVICE_CATEGORY_TABLE[key].tier === tier);
  return (
    <ul className={tier === 'base' ? 'grid gap-4 md:grid-cols-2' : 'grid gap-4 md:grid-cols-3'}>
      {categories.map((key) => (
        <li key={key} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-start justify-between gap-3">
            <h3 className="text-lg font-semibold text-slate-900">{t(`categories.${key}.name`)}</h3>
            {tier === 'premium' && <Badge>{t('premiumBadge')}</Badge>}
          </div>
          <p className="mt-2 flex-1 text-sm text-slate-600">{t(`categories.${key}.description`)}</p>
          <p className="mt-4 text-2xl font-bold text-violet-700">
            {t('perHour', {
              price: formatMoney(SERVICE_CATEGORY_TABLE[key].hourlyRates[currency] * 100, currency, i18n.language),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
