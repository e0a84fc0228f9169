import { EXPECTED_DELIVERABLES } from '@domain/brief-options';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/fields';
import { ChoiceGroup, FormSection, type FieldMessages } from '../fields';
import type { FullBriefSectionProps } from './section-props';

/** 6. The delivery date (not before `dateMinimum`), the number of versions and the deliverables. */
export function DeadlinesSection({ form, dateMinimum }: Pick<FullBriefSectionProps, 'form'> & { dateMinimum: string }) {
  const { t } = useTranslation('brief');
  const { register, formState } = form;
  const errors = formState.errors as FieldMessages;

  return (
    <FormSection title={t('full.sections.deadlines')}>
      <TextField
        label={t('full.desiredDeliveryDate')}
        error={errors.desiredDeliveryDate?.message}
        type="date"
        min={dateMinimum}
        {...register('desiredDeliveryDate')}
      />
      <TextField
        label={t('full.numberOfVersions')}
        error={errors.numberOfVersions?.message}
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        {...register('numberOfVersions')}
      />
      <ChoiceGroup
        legend={t('full.expectedDeliverables')}
        type="checkbox"
        options={EXPECTED_DELIVERABLES}
        inputProps={register('expectedDeliverables')}
      />
    </FormSection>
  );
}
