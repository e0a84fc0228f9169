import { FULL_RUSH_QUALITIES, RUSH_TYPES } from '@domain/brief-options';
import { useTranslation } from 'react-i18next';
import { SelectField, TextAreaField, TextField } from '@/components/form/fields';
import { ChoiceGroup, FormSection, type FieldMessages } from '../fields';
import { RushDurationUploader } from '../rush-duration-uploader';
import type { FullBriefSectionProps } from './section-props';

/** 2. The rushes: kinds, length (from the upload's analysis once there is one), quality, links and files. */
export function ContentSection({ form, values }: FullBriefSectionProps) {
  const { t } = useTranslation('brief');
  const { register, setValue, formState } = form;
  const errors = formState.errors as FieldMessages;

  return (
    <FormSection title={t('full.sections.content')}>
      <ChoiceGroup
        legend={t('full.rushTypes')}
        type="checkbox"
        options={RUSH_TYPES}
        inputProps={register('rushTypes')}
      />
      <TextField
        label={t('full.rushDuration')}
        required
        error={errors.totalRushDurationProvided?.message}
        type="number"
        inputMode="decimal"
        min={1}
        step={0.1}
        {...register('totalRushDurationProvided')}
      />
      <SelectField
        label={t('full.rushQuality')}
        error={errors.rushQuality?.message}
        options={FULL_RUSH_QUALITIES}
        placeholder="—"
        {...register('rushQuality')}
      />
      <TextField
        label={t('full.downloadLink')}
        error={errors.downloadLink?.message}
        wide
        type="url"
        placeholder="https://"
        {...register('downloadLink')}
      />
      <div className="sm:col-span-2">
        <RushDurationUploader
          area="brief"
          declared={values.totalRushDurationProvided}
          onDuration={(minutes) => setValue('totalRushDurationProvided', minutes, { shouldValidate: true })}
        />
      </div>
      <TextAreaField
        label={t('full.additionalFiles')}
        error={errors.additionalFiles?.message}
        wide
        placeholder={t('full.additionalFilesPlaceholder')}
        {...register('additionalFiles')}
      />
    </FormSection>
  );
}
