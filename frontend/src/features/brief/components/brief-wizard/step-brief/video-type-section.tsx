import { briefTitle, WIZARD_OBJECTIVES, WIZARD_VIDEO_TYPES } from '@domain/brief-options';
import type { WizardBriefPayload } from '@domain/schemas/brief';
import { useTranslation } from 'react-i18next';
import { SelectField, TextField, useOptionLanguage } from '@/components/form/fields';
import { FormSection } from '../../fields';
import type { BriefSectionProps } from './brief-section-props';

/** The name the brief gives its project, from the answers typed so far (loose until validated). */
function typedProjectName(values: WizardBriefPayload, language: 'fr' | 'en'): string | null {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const videoType = text(values.video_type);
  if (!videoType) return null;
  return briefTitle(
    {
      videoType,
      videoTypeCustom: text(values.video_type_custom),
      objective: text(values.objective),
      objectiveCustom: text(values.objective_custom),
    },
    language,
  );
}

/** The brief's first section: the e-mail, the video type and objective, and the project's name they give. */
export function VideoTypeSection({ form: { register }, values, errors }: BriefSectionProps) {
  const { t } = useTranslation('brief');
  const projectName = typedProjectName(values, useOptionLanguage());
  return (
    <FormSection title={t('wizard.sections.type')}>
      <TextField
        label={t('wizard.email')}
        required
        error={errors.email?.message}
        wide
        type="email"
        autoComplete="email"
        {...register('email')}
      />
      <SelectField
        label={t('wizard.videoType')}
        required
        error={errors.video_type?.message}
        options={WIZARD_VIDEO_TYPES}
        placeholder="—"
        {...register('video_type')}
      />
      {values.video_type === 'autre' ? (
        <TextField
          label={t('wizard.videoTypeCustom')}
          error={errors.video_type_custom?.message}
          {...register('video_type_custom')}
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      <SelectField
        label={t('wizard.objective')}
        error={errors.objective?.message}
        options={WIZARD_OBJECTIVES}
        placeholder="—"
        {...register('objective')}
      />
      {values.objective === 'autre' && (
        <TextField
          label={t('wizard.objectiveCustom')}
          error={errors.objective_custom?.message}
          {...register('objective_custom')}
        />
      )}
      {projectName && (
        <p className="text-sm text-slate-600 sm:col-span-2" aria-live="polite" data-testid="wizard-project-name">
          {t('wizard.projectName', { name: projectName })}
        </p>
      )}
    </FormSection>
  );
}
