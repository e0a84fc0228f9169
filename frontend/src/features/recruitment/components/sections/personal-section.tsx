import { APPLICATION_NUMBER_LIMITS, APPLICATION_PAYMENT_METHODS } from '@domain/recruitment';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_NAMESPACE } from '../../locales';
import { ChoiceGrid, TextField } from '../fields';
import { FormSection } from '../form-section';
import { PhotoField, type PhotoStatus } from '../photo-field';
import type { ApplicationSectionProps } from './section-props';

/** 1. Who the applicant is, how to reach and pay them, the photo and the rate. */
export function PersonalSection({
  form,
  photoKey,
  onPhotoStatus,
}: Pick<ApplicationSectionProps, 'form'> & { photoKey: number; onPhotoStatus: (status: PhotoStatus) => void }) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <FormSection section="personal">
      <TextField
        label={t('fields.firstName')}
        required
        autoComplete="given-name"
        error={errors.firstName?.message}
        {...register('firstName')}
      />
      <TextField
        label={t('fields.lastName')}
        required
        autoComplete="family-name"
        error={errors.lastName?.message}
        {...register('lastName')}
      />
      <TextField
        label={t('fields.email')}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        hint={t('fields.emailHint')}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={t('fields.phone')}
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        label={t('fields.address')}
        wide
        autoComplete="street-address"
        placeholder={t('fields.addressPlaceholder')}
        error={errors.address?.message}
        {...register('address')}
      />
      <PhotoField key={photoKey} onStatusChange={onPhotoStatus} />
      <TextField
        label={t('fields.hourlyRate')}
        type="number"
        inputMode="decimal"
        min={APPLICATION_NUMBER_LIMITS.hourlyRate.min}
        max={APPLICATION_NUMBER_LIMITS.hourlyRate.max}
        step={0.5}
        hint={t('fields.hourlyRateHint')}
        error={errors.hourlyRate?.message}
        {...register('hourlyRate')}
      />
      <TextField
        label={t('fields.experienceYears')}
        type="number"
        inputMode="numeric"
        min={APPLICATION_NUMBER_LIMITS.experienceYears.min}
        max={APPLICATION_NUMBER_LIMITS.experienceYears.max}
        step={1}
        error={errors.experienceYears?.message}
        {...register('experienceYears')}
      />
      <ChoiceGrid
        legend={t('fields.paymentMethod')}
        shortLabels
        type="radio"
        columns={4}
        options={APPLICATION_PAYMENT_METHODS}
        error={errors.paymentMethod?.message}
        inputProps={register('paymentMethod')}
      />
    </FormSection>
  );
}
