import { FULL_OBJECTIVES, FULL_VIDEO_TYPES } from '@domain/brief-options';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField } from '@/components/form/fields';
import { ChoiceGroup, FormSection, type FieldMessages } from '../fields';
import type { FullBriefSectionProps } from './section-props';

/** 1. The client, the project, its kinds of video, objective and audience. */
export function ProjectSection({ form, values }: FullBriefSectionProps) {
  const { t } = useTranslation('brief');
  const { register, formState } = form;
  const errors = formState.errors as FieldMessages;

  return (
    <FormSection title={t('full.sections.project')}>
      <TextField
        label={t('full.clientEmail')}
        required
        error={errors.clientEmail?.message}
        type="email"
        {...register('clientEmail')}
      />
      <TextField
        label={t('full.projectName')}
        required
        error={errors.projectName?.message}
        type="text"
        {...register('projectName')}
      />
      <ChoiceGroup
        legend={t('full.videoTypes')}
        type="checkbox"
        options={FULL_VIDEO_TYPES}
        inputProps={register('videoTypes')}
        error={errors.videoTypes?.message}
      />
      {(values.videoTypes as string[] | undefined)?.includes('Autre') && (
        <TextField
          label={t('full.videoTypeCustom')}
          error={errors.videoTypeCustom?.message}
          type="text"
          {...register('videoTypeCustom')}
        />
      )}
      <SelectField
        label={t('full.mainObjective')}
        error={errors.mainObjective?.message}
        options={FULL_OBJECTIVES}
        placeholder="—"
        {...register('mainObjective')}
      />
      {values.mainObjective === 'autre' && (
        <TextField
          label={t('full.objectiveCustom')}
          error={errors.objectiveCustom?.message}
          type="text"
          {...register('objectiveCustom')}
        />
      )}
      <TextField
        label={t('full.targetAudience')}
        error={errors.targetAudience?.message}
        wide
        type="text"
        {...register('targetAudience')}
      />
    </FormSection>
  );
}
