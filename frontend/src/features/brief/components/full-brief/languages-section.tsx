import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/fields';
import { CheckboxField, FormSection, type FieldMessages } from '../fields';
import type { FullBriefSectionProps } from './section-props';

/** 5. The video's language, subtitles and voice-over. */
export function LanguagesSection({ form, values }: FullBriefSectionProps) {
  const { t } = useTranslation('brief');
  const { register, formState } = form;
  const errors = formState.errors as FieldMessages;

  return (
    <FormSection title={t('full.sections.languages')}>
      <TextField
        label={t('full.mainLanguage')}
        error={errors.mainLanguageBrief?.message}
        wide
        type="text"
        {...register('mainLanguageBrief')}
      />
      <CheckboxField label={t('full.subtitlesNeeded')} {...register('subtitlesNeeded')} />
      {values.subtitlesNeeded ? (
        <TextField
          label={t('full.subtitlesLanguage')}
          error={errors.subtitlesLanguage?.message}
          type="text"
          {...register('subtitlesLanguage')}
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      <CheckboxField label={t('full.voiceoverNeeded')} {...register('voiceoverNeeded')} />
      {values.voiceoverNeeded && (
        <div className="flex flex-col gap-3">
          <TextField
            label={t('full.voiceoverLanguage')}
            error={errors.voiceoverLanguage?.message}
            type="text"
            {...register('voiceoverLanguage')}
          />
          <CheckboxField label={t('full.voiceoverProvided')} {...register('voiceoverProvided')} />
        </div>
      )}
    </FormSection>
  );
}
