import {
  SERVICE_CATEGORIES,
  SERVICE_CATEGORY_TABLE,
  type EstimateCurrency,
  type ServiceCategory,
} from '@domain/pricing';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { ChoiceCard } from './choice-card';
import { PRICING_NAMESPACE } from '../../locales';

/** A category chosen by the client, or 'auto' to let the features decide. */
export type CategoryChoice = ServiceCategory | 'auto';

interface CategoryTabProps {
  category: CategoryChoice;
  onCategoryChange: (category: CategoryChoice) => void;
  currency: EstimateCurrency;
}

/** The "category" tab: automatic, or one of the service categories with its hourly rate. */
export function CategoryTab({ category, onCategoryChange, currency }: CategoryTabProps) {
  const { t, i18n } = useTranslation(PRICING_NAMESPACE);
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-900">{t('simulator.categoryLabel')}</legend>
      <div className="mt-2 grid grid-cols-1 gap-3">
        <ChoiceCard
          name="service-category"
          value="auto"
          checked={category === 'auto'}
          onSelect={() => onCategoryChange('auto')}
          title={t('simulator.categoryAuto')}
        >
          {t('simulator.categoryAutoText')}
        </ChoiceCard>
        {SERVICE_CATEGORIES.map((key) => (
          <ChoiceCard
            key={key}
            name="service-category"
            value={key}
            checked={category === key}
            onSelect={() => onCategoryChange(key)}
            title={t(`categories.${key}.name`)}
            detail={t('perHour', {
              price: formatMoney(SERVICE_CATEGORY_TABLE[key].hourlyRates[currency] * 100, currency, i18n.language),
            })}
          >
            {t(`categories.${key}.description`)}
          </ChoiceCard>
        ))}
      </div>
    </fieldset>
  );
}
