import { ASPECT_RATIOS, DISTRIBUTION_PLATFORMS, OUTPUT_FORMATS, RESOLUTIONS } from '@domain/brief-options';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/form/fields';
import { ChoiceGroup, FormSection, type FieldMessages } from '../fields';
import type { FullBriefSectionProps } from './section-props';

/** 3. Length, file format, resolution, ratio, size limit and where the video will be shown. */
export function TechnicalSection({ form }: Pick<FullBriefSectionProps, 'form'>) {
  const { t } = useTranslation('brief');
  const { register, formState } = form;
  const errors = formState.errors as FieldMessages;

  return (
    <FormSection title={t('full.sections.technical')}>
      <TextField
        label={t('full.desiredFinalDuration')}
        error={errors.desiredFinalDuration?.message}
        type="text"
        placeholder={t('full.desiredFinalDurationPlaceholder')}
        {...register('desiredFinalDuration')}
      />
      <SelectField
        label={t('full.outputFormat')}
        error={errors.outputFormat?.message}
        options={OUTPUT_FORMATS}
        placeholder="—"
        {...register('outputFormat')}
      />
      <SelectField
        label={t('full.resolution')}
        error={errors.resolution?.message}
        options={RESOLUTIONS}
        placeholder="—"
        {...register('resolution')}
      />
      <SelectField
        label={t('full.aspectRatio')}
        error={errors.aspectRatio?.message}
        options={ASPECT_RATIOS}
        placeholder="—"
        {...register('aspectRatio')}
      />
      <TextField
        label={t('full.maxFileSize')}
        error={errors.maxFileSize?.message}
        type="text"
        {...register('maxFileSize')}
      />
      <ChoiceGroup
        legend={t('full.distributionPlatforms')}
        type="checkbox"
        options={DISTRIBUTION_PLATFORMS}
        inputProps={register('distributionPlatforms')}
      />
    </FormSection>
  );
}
