import {
  CORRECTIONS_MULTIPLIER,
  FEATURE_MULTIPLIERS,
  FEATURES,
  SERVICE_CATEGORY_TABLE,
  type Estimate,
  type Feature,
} from '@domain/pricing';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatPercentChange } from '../../lib/format';
import { PRICING_NAMESPACE } from '../../locales';

interface OptionsTabProps {
  result: Estimate;
  onFeatureChange: (feature: Feature, on: boolean) => void;
  express: boolean;
  /** Absent: express is not offered. */
  onExpressChange?: (express: boolean) => void;
}

/** The "options" tab: corrections (always in), the features (the category's own is included) and express. */
export function OptionsTab({ result, onFeatureChange, express, onExpressChange }: OptionsTabProps) {
  const { t, i18n } = useTranslation(PRICING_NAMESPACE);
  const language = i18n.language;
  const includedFeature = SERVICE_CATEGORY_TABLE[result.serviceCategory].includedFeature;

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-900">{t('simulator.optionsLabel')}</legend>
      <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        <li>
          <label className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm">
            <span className="flex items-center gap-2">
              <input type="checkbox" checked disabled className="size-4 accent-violet-700" />
              <span>
                {t('features.corrections')} <span className="text-slate-500">({t('simulator.alwaysIncluded')})</span>
              </span>
            </span>
            <span className="font-semibold text-slate-700">
              {formatPercentChange(CORRECTIONS_MULTIPLIER, language)}
            </span>
          </label>
        </li>
        {FEATURES.map((feature) => {
          const included = feature === includedFeature;
          return (
            <li key={feature}>
              <label
                className={cn(
                  'flex items-center justify-between gap-3 rounded-lg border px-3 py-2.5 text-sm',
                  result.features[feature] ? 'border-violet-300 bg-violet-50' : 'border-slate-200 bg-white',
                  included ? 'cursor-default' : 'cursor-pointer',
                )}
              >
                <span className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={result.features[feature] ?? false}
                    disabled={included}
                    onChange={(event) => onFeatureChange(feature, event.target.checked)}
                    className="size-4 accent-violet-700"
                  />
                  <span>
                    {t(`features.${feature}`)}
                    {included && <span className="text-slate-500"> ({t('simulator.includedInCategory')})</span>}
                  </span>
                </span>
                <span className="font-semibold text-slate-700">
                  {included ? '—' : formatPercentChange(FEATURE_MULTIPLIERS[feature], language)}
                </span>
              </label>
            </li>
          );
        })}
        {onExpressChange ? (
          <li className="sm:col-span-2">
            <label className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm">
              <span className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={express}
                  onChange={(event) => onExpressChange(event.target.checked)}
                  className="size-4 accent-violet-700"
                />
                {t('features.express')}
              </span>
              <span className="font-semibold text-slate-700">
                {formatPercentChange(result.expressMultiplier, language)}
              </span>
            </label>
          </li>
        ) : null}
      </ul>
    </fieldset>
  );
}
