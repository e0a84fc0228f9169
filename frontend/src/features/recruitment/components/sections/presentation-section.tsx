import { CLIENT_TYPES, VIDEO_GENRES } from '@domain/recruitment';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_NAMESPACE } from '../../locales';
import { ChoiceGrid, TextAreaField } from '../fields';
import { FormSection } from '../form-section';
import { countOf, firstMessage, type ApplicationSectionProps } from './section-props';

/** 8. The applicant's experience and motivation, in their own words. */
export function PresentationSection({ form }: Pick<ApplicationSectionProps, 'form'>) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { errors } = form.formState;
  return (
    <FormSection section="presentation">
      <TextAreaField
        label={t('fields.experienceDescription')}
        rows={5}
        placeholder={t('fields.experiencePlaceholder')}
        error={errors.experienceDescription?.message}
        {...form.register('experienceDescription')}
      />
      <TextAreaField
        label={t('fields.motivation')}
        rows={5}
        placeholder={t('fields.motivationPlaceholder')}
        error={errors.motivation?.message}
        {...form.register('motivation')}
      />
    </FormSection>
  );
}

/** 10. The clients and video genres the applicant prefers. */
export function PreferencesSection({ form, values }: ApplicationSectionProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { errors } = form.formState;
  return (
    <FormSection section="preferences">
      <ChoiceGrid
        legend={t('fields.clientTypes')}
        options={CLIENT_TYPES}
        selectedCount={countOf(values.preferredClientTypes)}
        error={firstMessage(errors.preferredClientTypes)}
        inputProps={form.register('preferredClientTypes')}
      />
      <ChoiceGrid
        legend={t('fields.videoGenres')}
        shortLabels
        columns={4}
        options={VIDEO_GENRES}
        selectedCount={countOf(values.preferredVideoGenres)}
        error={firstMessage(errors.preferredVideoGenres)}
        inputProps={form.register('preferredVideoGenres')}
      />
    </FormSection>
  );
}
