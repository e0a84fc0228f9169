import {
  APPLICATION_NUMBER_LIMITS,
  APPLICATION_TIMEZONES,
  UNAVAILABLE_PERIODS_MAX,
  WEEKDAYS,
} from '@domain/recruitment';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_NAMESPACE } from '../../locales';
import { SelectField } from '@/components/form/fields';
import { ChoiceGrid, TextAreaField, TextField } from '../fields';
import { FormSection } from '../form-section';
import { countOf, firstMessage, type ApplicationSectionProps } from './section-props';

/** 7. Time zone, working days and hours, hours per week and the periods away. */
export function AvailabilitySection({ form, values }: ApplicationSectionProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <FormSection section="availability">
      <SelectField
        label={t('fields.timezone')}
        options={APPLICATION_TIMEZONES}
        error={errors.timezone?.message}
        {...register('timezone')}
      />
      <TextField
        label={t('fields.availabilityHours')}
        type="number"
        inputMode="numeric"
        min={APPLICATION_NUMBER_LIMITS.availabilityHours.min}
        max={APPLICATION_NUMBER_LIMITS.availabilityHours.max}
        step={1}
        error={errors.availabilityHours?.message}
        {...register('availabilityHours')}
      />
      <ChoiceGrid
        legend={t('fields.days')}
        shortLabels
        columns={4}
        options={WEEKDAYS}
        selectedCount={countOf(values.availabilityDays)}
        error={firstMessage(errors.availabilityDays)}
        inputProps={register('availabilityDays')}
      />
      <TextField
        label={t('fields.startTime')}
        type="time"
        error={errors.availabilityStartTime?.message}
        {...register('availabilityStartTime', {
          // The end is checked against the start: a new start re-checks it.
          deps: ['availabilityEndTime'],
        })}
      />
      <TextField
        label={t('fields.endTime')}
        type="time"
        error={errors.availabilityEndTime?.message}
        {...register('availabilityEndTime')}
      />
      <TextAreaField
        label={t('fields.unavailablePeriods')}
        hint={t('fields.unavailablePeriodsHint')}
        rows={3}
        maxLength={UNAVAILABLE_PERIODS_MAX * 200}
        error={firstMessage(errors.unavailablePeriods)}
        {...register('unavailablePeriods')}
      />
    </FormSection>
  );
}
