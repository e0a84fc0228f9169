import type { BriefQuote } from '@domain/brief-estimate';
import {
  briefTitle,
  BRIEF_CURRENCIES,
  CUSTOM_EDITING_STYLE,
  VISUAL_COMPLEXITY_OPTIONS,
  WIZARD_DELIVERY_FORMATS,
  WIZARD_EDITING_STYLES,
  WIZARD_FILE_COUNTS,
  WIZARD_LANGUAGES,
  WIZARD_OBJECTIVES,
  WIZARD_RUSH_QUALITIES,
  WIZARD_SUBTITLE_OPTIONS,
  WIZARD_VIDEO_TYPES,
} from '@domain/brief-options';
import { FINAL_DURATION_LIMITS, type WizardBrief, type WizardBriefPayload } from '@domain/schemas/brief';
import { ArrowRight } from 'lucide-react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Field,
  Select,
  SelectField,
  TextArea,
  TextAreaField,
  TextField,
  useOptionLanguage,
} from '@/components/form/fields';
import { CheckboxField, ChoiceGroup, FormSection, type FieldMessages } from '../fields';
import { useDeadlineOptions } from './deadline-options';
import { RushDurationUploader } from '../rush-duration-uploader';

interface StepBriefProps {
  form: UseFormReturn<WizardBriefPayload, unknown, WizardBrief>;
  values: WizardBriefPayload;
  quote: BriefQuote;
  onNext: () => void;
}

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

/** Step 1: the brief's six sections, then language, currency and "Obtenir mon estimation". */
export function StepBrief({ form, values, quote, onNext }: StepBriefProps) {
  const { t } = useTranslation('brief');
  const projectName = typedProjectName(values, useOptionLanguage());
  const { register, control, setValue, formState } = form;
  const errors = formState.errors as FieldMessages;
  const deadlines = useDeadlineOptions(form, quote);

  return (
    <>
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

      <FormSection title={t('wizard.sections.content')}>
        <TextField
          label={t('wizard.finalDuration')}
          required
          hint={t('wizard.finalDurationHint')}
          error={errors.final_duration?.message}
          type="number"
          inputMode="decimal"
          min={FINAL_DURATION_LIMITS.min}
          step={FINAL_DURATION_LIMITS.step}
          {...register('final_duration')}
        />
        <TextField
          label={t('wizard.rushDuration')}
          error={errors.total_rush_duration?.message}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.1}
          {...register('total_rush_duration')}
        />
        <SelectField
          label={t('wizard.fileCount')}
          error={errors.number_of_files?.message}
          options={WIZARD_FILE_COUNTS}
          placeholder="—"
          {...register('number_of_files')}
        />
        <SelectField
          label={t('wizard.rushQuality')}
          error={errors.rush_quality?.message}
          options={WIZARD_RUSH_QUALITIES}
          placeholder="—"
          {...register('rush_quality')}
        />
        <TextAreaField
          label={t('wizard.rushContent')}
          error={errors.rush_content?.message}
          wide
          placeholder={t('wizard.rushContentPlaceholder')}
          {...register('rush_content')}
        />
      </FormSection>

      <FormSection title={t('wizard.sections.style')}>
        <ChoiceGroup
          legend={t('wizard.complexity')}
          type="radio"
          options={VISUAL_COMPLEXITY_OPTIONS}
          columns={4}
          inputProps={register('visual_complexity')}
          error={errors.visual_complexity?.message}
        />
        <SelectField
          label={t('wizard.editingStyle')}
          error={errors.editing_style?.message}
          options={WIZARD_EDITING_STYLES}
          placeholder="—"
          {...register('editing_style')}
        />
        {values.editing_style === CUSTOM_EDITING_STYLE && (
          <TextField
            label={t('wizard.customStyle')}
            error={errors.custom_editing_style?.message}
            {...register('custom_editing_style')}
          />
        )}
      </FormSection>

      <FormSection title={t('wizard.sections.formats')}>
        <ChoiceGroup
          legend={t('wizard.formats')}
          type="checkbox"
          options={WIZARD_DELIVERY_FORMATS}
          columns={4}
          hint={t('wizard.formatsHint')}
          inputProps={register('delivery_formats')}
          error={errors.delivery_formats?.message ?? errors['delivery_formats.0']?.message}
        />
        <ChoiceGroup
          legend={t('wizard.deadline')}
          type="radio"
          options={deadlines.options}
          columns={4}
          hint={deadlines.hint}
          inputProps={register('deadline')}
          error={errors.deadline?.message}
        />
      </FormSection>

      <FormSection title={t('wizard.sections.instructions')}>
        <TextAreaField
          label={t('wizard.creativeBrief')}
          error={errors.creative_brief?.message}
          wide
          rows={4}
          placeholder={t('wizard.creativeBriefPlaceholder')}
          {...register('creative_brief')}
        />
        <TextAreaField
          label={t('wizard.constraints')}
          error={errors.constraints?.message}
          wide
          placeholder={t('wizard.constraintsPlaceholder')}
          {...register('constraints')}
        />
        <CheckboxField label={t('wizard.subtitles')} {...register('needs_subtitles')} />
        {values.needs_subtitles && (
          <SelectField
            label={t('wizard.subtitleType')}
            error={errors.subtitle_type?.message}
            options={WIZARD_SUBTITLE_OPTIONS}
            {...register('subtitle_type')}
          />
        )}
      </FormSection>

      <FormSection title={t('wizard.sections.upload')}>
        <div className="flex flex-col gap-3 sm:col-span-2">
          <p className="text-sm text-slate-600">{t('wizard.uploadLabel')}</p>
          <RushDurationUploader
            area="wizard"
            declared={values.total_rush_duration}
            onDuration={(minutes) => setValue('total_rush_duration', minutes, { shouldValidate: true })}
          />
        </div>
        <Controller
          control={control}
          name="file_links"
          render={({ field, fieldState }) => (
            <Field
              label={t('wizard.fileLinks')}
              hint={t('wizard.fileLinksHint')}
              error={fieldState.error?.message ?? errors['file_links.0']?.message}
              wide
            >
              {({ id, describedBy, invalid }) => (
                <TextArea
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  defaultValue={(field.value as string[] | undefined)?.join('\n') ?? ''}
                  onBlur={field.onBlur}
                  onChange={(event) =>
                    field.onChange(
                      event.target.value
                        .split(/\s*\n\s*/)
                        .map((link) => link.trim())
                        .filter(Boolean),
                    )
                  }
                />
              )}
            </Field>
          )}
        />
      </FormSection>

      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:flex-row sm:items-end">
        <Field label={t('wizard.language')}>
          {({ id }) => <Select id={id} options={WIZARD_LANGUAGES} {...register('language')} />}
        </Field>
        <Field label={t('wizard.currency')}>
          {({ id }) => <Select id={id} options={BRIEF_CURRENCIES} {...register('currency')} />}
        </Field>
        <Button size="lg" className="sm:ml-auto" onClick={onNext}>
          {t('wizard.getEstimate')}
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </>
  );
}
