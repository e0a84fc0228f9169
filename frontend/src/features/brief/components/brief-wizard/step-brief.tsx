import type { BriefQuote } from '@domain/brief-estimate';
import {
  BRIEF_CURRENCIES,
  CUSTOM_EDITING_STYLE,
  VISUAL_COMPLEXITY_OPTIONS,
  WIZARD_DELIVERY_FORMATS,
  WIZARD_EDITING_STYLES,
  WIZARD_FILE_COUNTS,
  WIZARD_LANGUAGES,
  WIZARD_RUSH_QUALITIES,
  WIZARD_SUBTITLE_OPTIONS,
} from '@domain/brief-options';
import { FINAL_DURATION_LIMITS } from '@domain/schemas/brief';
import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Select, SelectField, TextAreaField, TextField } from '@/components/form/fields';
import { CheckboxField, ChoiceGroup, FormSection, type FieldMessages } from '../fields';
import { useDeadlineOptions } from './deadline-options';
import type { BriefSectionProps } from './step-brief/brief-section-props';
import { RushUploadSection } from './step-brief/rush-upload-section';
import { VideoTypeSection } from './step-brief/video-type-section';

interface StepBriefProps extends Pick<BriefSectionProps, 'form' | 'values'> {
  quote: BriefQuote;
  onNext: () => void;
}

/** Step 1: the brief's six sections, then language, currency and "Obtenir mon estimation". */
export function StepBrief({ form, values, quote, onNext }: StepBriefProps) {
  const { t } = useTranslation('brief');
  const { register, formState } = form;
  const errors = formState.errors as FieldMessages;
  const deadlines = useDeadlineOptions(form, quote);

  return (
    <>
      <VideoTypeSection form={form} values={values} errors={errors} />

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

      <RushUploadSection form={form} values={values} errors={errors} />

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
