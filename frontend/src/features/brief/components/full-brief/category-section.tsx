import { formatMoney } from '@domain/brief-estimate';
import {
  categorySpecialFeature,
  SERVICE_CATEGORY_DESCRIPTIONS,
  SERVICE_CATEGORY_OPTIONS,
  SPECIAL_FEATURES,
  TECHNICAL_REQUIREMENTS,
  VISUAL_COMPLEXITY_OPTIONS,
} from '@domain/brief-options';
import { SERVICE_CATEGORY_TABLE, type EstimateCurrency, type ServiceCategory } from '@domain/pricing';
import type { FullBriefPayload } from '@domain/schemas/brief';
import { useTranslation } from 'react-i18next';
import { useOptionLanguage } from '@/components/form/fields';
import { ChoiceGroup, FormSection } from '../fields';
import type { FullBriefSectionProps } from './section-props';

/** 1.5 The service category (cards with their hourly rate), the visual complexity and the features. */
export function CategorySection({
  form,
  currency,
}: Pick<FullBriefSectionProps, 'form'> & { currency: EstimateCurrency }) {
  const { t } = useTranslation('brief');
  const language = useOptionLanguage();
  const { register, getValues, setValue } = form;

  const category = register('serviceCategory');
  const chooseCategory = (serviceCategory: ServiceCategory) => {
    // 001 §4.4: choosing a category switches on its feature.
    const feature = categorySpecialFeature(serviceCategory);
    const features = (getValues('specialFeatures') as string[] | undefined) ?? [];
    if (feature && !features.includes(feature))
      setValue('specialFeatures', [...features, feature] as FullBriefPayload['specialFeatures']);
  };

  return (
    <FormSection title={t('full.sections.category')}>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('full.serviceCategory')}</legend>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {SERVICE_CATEGORY_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer flex-col gap-1 rounded-xl border border-slate-200 p-4 hover:bg-slate-50 has-checked:border-violet-600 has-checked:bg-violet-50 has-focus-visible:ring-2 has-focus-visible:ring-violet-600"
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  value={option.value}
                  className="size-4 accent-violet-700"
                  {...category}
                  onChange={(event) => {
                    void category.onChange(event);
                    chooseCategory(option.value);
                  }}
                />
                <span className="font-semibold text-slate-900">{option[language]}</span>
              </span>
              <span className="text-xs text-slate-600">{SERVICE_CATEGORY_DESCRIPTIONS[option.value][language]}</span>
              <span className="text-sm font-semibold text-violet-800">
                {t('full.hourlyRate', {
                  rate: formatMoney(
                    SERVICE_CATEGORY_TABLE[option.value].hourlyRates[currency] * 100,
                    currency,
                    language,
                  ),
                })}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ChoiceGroup
        legend={t('full.visualComplexity')}
        type="radio"
        options={VISUAL_COMPLEXITY_OPTIONS}
        columns={4}
        inputProps={register('visualComplexity')}
      />
      <ChoiceGroup
        legend={t('full.technicalRequirements')}
        type="checkbox"
        options={TECHNICAL_REQUIREMENTS}
        inputProps={register('technicalRequirements')}
      />
      <ChoiceGroup
        legend={t('full.specialFeatures')}
        type="checkbox"
        options={SPECIAL_FEATURES}
        inputProps={register('specialFeatures')}
      />
    </FormSection>
  );
}
