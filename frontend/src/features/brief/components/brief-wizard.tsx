import { formatMoney, positiveMinutes, quoteWizardBrief } from '@domain/brief-estimate';
import {
  BRIEF_CURRENCIES,
  CUSTOM_EDITING_STYLE,
  VISUAL_COMPLEXITY_OPTIONS,
  WIZARD_DEADLINES,
  WIZARD_DELIVERY_FORMATS,
  WIZARD_EDITING_STYLES,
  WIZARD_FILE_COUNTS,
  WIZARD_LANGUAGES,
  WIZARD_OBJECTIVES,
  WIZARD_RUSH_QUALITIES,
  WIZARD_SUBTITLE_OPTIONS,
  WIZARD_VIDEO_TYPES,
} from '@domain/brief-options';
import {
  BRIEF_MESSAGES,
  FINAL_DURATION_LIMITS,
  WIZARD_STEP1_REQUIRED,
  wizardBriefSchema,
  type WizardBrief,
  type WizardBriefPayload,
} from '@domain/schemas/brief';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, CheckCircle2, CreditCard, Loader2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { HowItWorksDialog } from '@/components/how-it-works-dialog';
import { DocumentTitle } from '@/components/layout/document-title';
import { PayBriefButton } from '@/components/payments/pay-brief-button';
import { RushUploader } from '@/components/uploader/rush-uploader';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { newIdempotencyKey, useSubmitBrief } from '../requests/submit-brief';
import { registerBriefLabels } from '../labels';
import { EstimatePanel } from './estimate-panel';
import { CheckboxField, ChoiceGroup, Field, FormSection, Select, TextArea, TextInput, useOptionLanguage } from './fields';

registerBriefLabels();

const STEPS = ['brief', 'estimate', 'payment'] as const;
type Step = 1 | 2 | 3;

const DEFAULTS: WizardBriefPayload = {
  email: '',
  video_type: '',
  video_type_custom: '',
  objective: '',
  objective_custom: '',
  final_duration: '',
  total_rush_duration: '',
  number_of_files: '',
  rush_content: '',
  rush_quality: '',
  visual_complexity: 'professional',
  editing_style: '',
  custom_editing_style: '',
  delivery_formats: ['horizontal'],
  deadline: 'standard',
  creative_brief: '',
  constraints: '',
  language: 'fr',
  currency: 'eur',
  needs_subtitles: false,
  subtitle_type: 'full',
  file_links: [],
};

const STEP1_FIELDS = [
  'email',
  'video_type',
  'video_type_custom',
  'objective',
  'objective_custom',
  'final_duration',
  'total_rush_duration',
  'number_of_files',
  'rush_content',
  'rush_quality',
  'visual_complexity',
  'editing_style',
  'custom_editing_style',
  'delivery_formats',
  'deadline',
  'creative_brief',
  'constraints',
  'file_links',
  'language',
  'currency',
] as const;

/** The 3-step order funnel at /brief (001 §2.2, §4.2, §5.3). */
export function BriefWizard() {
  const { t } = useTranslation('brief');
  const language = useOptionLanguage();
  const [step, setStep] = useState<Step>(1);
  const [submitted, setSubmitted] = useState<{ briefId: string; email: string; offerPriceCents: number; currency: string } | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const submitBrief = useSubmitBrief();

  const form = useForm<WizardBriefPayload, unknown, WizardBrief>({
    resolver: zodResolver(wizardBriefSchema),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const { register, control, formState, trigger, handleSubmit, setValue, reset } = form;
  const errors = formState.errors as Partial<Record<keyof WizardBriefPayload | `${string}.${number}`, { message?: string }>>;
  const values = useWatch({ control }) as WizardBriefPayload;
  const quote = useMemo(() => quoteWizardBrief(values as Parameters<typeof quoteWizardBrief>[0]), [values]);

  const goTo = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    requestAnimationFrame(() => stepHeading.current?.focus());
  };

  const toEstimate = async () => {
    const requiredOk = await trigger([...WIZARD_STEP1_REQUIRED]);
    if (!requiredOk) {
      toast.error(BRIEF_MESSAGES.requiredTitle, { description: BRIEF_MESSAGES.wizardBasicsMissing });
      return;
    }
    if (!(await trigger([...STEP1_FIELDS]))) {
      toast.error(BRIEF_MESSAGES.errorTitle, { description: BRIEF_MESSAGES.wizardRequired });
      return;
    }
    goTo(2);
  };

  const onValid = async (brief: WizardBrief) => {
    try {
      const { briefId } = await submitBrief.mutateAsync({
        funnel: {
          kind: 'wizard',
          payload: {
            ...brief,
            // The spec's payload joins the formats with commas (001 §3.2).
            delivery_formats: brief.delivery_formats.join(','),
            estimated_editing_hours: Math.round(quote.estimate.hours * 100) / 100,
            total_price: quote.offerPriceCents / 100,
          },
        },
        idempotencyKey: idempotencyKey.current,
      });
      setSubmitted({ briefId, email: brief.email, offerPriceCents: quote.offerPriceCents, currency: quote.estimate.currency });
      toast.success(BRIEF_MESSAGES.submitted);
      goTo(3);
    } catch (error) {
      const description = error instanceof ApiError && error.status === 400 ? error.message : BRIEF_MESSAGES.submitError;
      toast.error(BRIEF_MESSAGES.errorTitle, { description });
    }
  };

  const onInvalid = () => toast.error(BRIEF_MESSAGES.errorTitle, { description: BRIEF_MESSAGES.wizardRequired });

  const startOver = () => {
    reset(DEFAULTS);
    idempotencyKey.current = newIdempotencyKey();
    setSubmitted(null);
    goTo(1);
  };

  const stepKey = STEPS[step - 1];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('wizard.metaTitle')} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('wizard.title')}</h1>
          <p className="mt-2 text-slate-600">{t('wizard.subtitle')}</p>
        </div>
        <HowItWorksDialog triggerClassName="self-start sm:self-auto" />
      </div>

      <nav aria-label={t('wizard.stepCounter', { current: step, total: STEPS.length })} className="mt-8">
        <p className="text-sm font-medium text-violet-800" aria-live="polite">
          {t('wizard.stepCounter', { current: step, total: STEPS.length })} — {t(`wizard.steps.${stepKey}`)}
        </p>
        <div
          role="progressbar"
          aria-valuemin={1}
          aria-valuemax={STEPS.length}
          aria-valuenow={step}
          aria-label={t('wizard.stepCounter', { current: step, total: STEPS.length })}
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full rounded-full bg-violet-700 transition-all" style={{ width: `${(step / STEPS.length) * 100}%` }} />
        </div>
        <ol className="mt-3 grid grid-cols-3 gap-2 text-xs sm:text-sm">
          {STEPS.map((key, index) => (
            <li
              key={key}
              aria-current={index + 1 === step ? 'step' : undefined}
              className={cn('flex items-center gap-2', index + 1 <= step ? 'font-semibold text-slate-900' : 'text-slate-500')}
            >
              <span
                className={cn(
                  'grid size-6 shrink-0 place-items-center rounded-full text-xs',
                  index + 1 < step ? 'bg-violet-700 text-white' : index + 1 === step ? 'bg-violet-100 text-violet-800 ring-2 ring-violet-700' : 'bg-slate-100',
                )}
              >
                {index + 1}
              </span>
              {t(`wizard.steps.${key}`)}
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="flex min-w-0 flex-col gap-6">
          <h2 ref={stepHeading} tabIndex={-1} className="sr-only">
            {t(`wizard.steps.${stepKey}`)}
          </h2>

          {step === 1 && (
            <>
              <FormSection title={t('wizard.sections.type')}>
                <Field label={t('wizard.email')} required error={errors.email?.message} wide>
                  {({ id, describedBy, invalid }) => (
                    <TextInput id={id} type="email" autoComplete="email" aria-describedby={describedBy} aria-invalid={invalid} {...register('email')} />
                  )}
                </Field>
                <Field label={t('wizard.videoType')} required error={errors.video_type?.message}>
                  {({ id, describedBy, invalid }) => (
                    <Select id={id} options={WIZARD_VIDEO_TYPES} placeholder="—" aria-describedby={describedBy} aria-invalid={invalid} {...register('video_type')} />
                  )}
                </Field>
                {values.video_type === 'autre' ? (
                  <Field label={t('wizard.videoTypeCustom')} error={errors.video_type_custom?.message}>
                    {({ id, describedBy, invalid }) => <TextInput id={id} aria-describedby={describedBy} aria-invalid={invalid} {...register('video_type_custom')} />}
                  </Field>
                ) : (
                  <div className="hidden sm:block" />
                )}
                <Field label={t('wizard.objective')} error={errors.objective?.message}>
                  {({ id, describedBy, invalid }) => (
                    <Select id={id} options={WIZARD_OBJECTIVES} placeholder="—" aria-describedby={describedBy} aria-invalid={invalid} {...register('objective')} />
                  )}
                </Field>
                {values.objective === 'autre' && (
                  <Field label={t('wizard.objectiveCustom')} error={errors.objective_custom?.message}>
                    {({ id, describedBy, invalid }) => <TextInput id={id} aria-describedby={describedBy} aria-invalid={invalid} {...register('objective_custom')} />}
                  </Field>
                )}
              </FormSection>

              <FormSection title={t('wizard.sections.content')}>
                <Field label={t('wizard.finalDuration')} required hint={t('wizard.finalDurationHint')} error={errors.final_duration?.message}>
                  {({ id, describedBy, invalid }) => (
                    <TextInput
                      id={id}
                      type="number"
                      inputMode="decimal"
                      min={FINAL_DURATION_LIMITS.min}
                      step={FINAL_DURATION_LIMITS.step}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      {...register('final_duration')}
                    />
                  )}
                </Field>
                <Field label={t('wizard.rushDuration')} error={errors.total_rush_duration?.message}>
                  {({ id, describedBy, invalid }) => (
                    <TextInput id={id} type="number" inputMode="decimal" min={0} step={0.1} aria-describedby={describedBy} aria-invalid={invalid} {...register('total_rush_duration')} />
                  )}
                </Field>
                <Field label={t('wizard.fileCount')} error={errors.number_of_files?.message}>
                  {({ id, describedBy, invalid }) => (
                    <Select id={id} options={WIZARD_FILE_COUNTS} placeholder="—" aria-describedby={describedBy} aria-invalid={invalid} {...register('number_of_files')} />
                  )}
                </Field>
                <Field label={t('wizard.rushQuality')} error={errors.rush_quality?.message}>
                  {({ id, describedBy, invalid }) => (
                    <Select id={id} options={WIZARD_RUSH_QUALITIES} placeholder="—" aria-describedby={describedBy} aria-invalid={invalid} {...register('rush_quality')} />
                  )}
                </Field>
                <Field label={t('wizard.rushContent')} error={errors.rush_content?.message} wide>
                  {({ id, describedBy, invalid }) => (
                    <TextArea id={id} placeholder={t('wizard.rushContentPlaceholder')} aria-describedby={describedBy} aria-invalid={invalid} {...register('rush_content')} />
                  )}
                </Field>
              </FormSection>

              <FormSection title={t('wizard.sections.style')}>
                <ChoiceGroup legend={t('wizard.complexity')} type="radio" options={VISUAL_COMPLEXITY_OPTIONS} columns={4} inputProps={register('visual_complexity')} error={errors.visual_complexity?.message} />
                <Field label={t('wizard.editingStyle')} error={errors.editing_style?.message}>
                  {({ id, describedBy, invalid }) => (
                    <Select id={id} options={WIZARD_EDITING_STYLES} placeholder="—" aria-describedby={describedBy} aria-invalid={invalid} {...register('editing_style')} />
                  )}
                </Field>
                {values.editing_style === CUSTOM_EDITING_STYLE && (
                  <Field label={t('wizard.customStyle')} error={errors.custom_editing_style?.message}>
                    {({ id, describedBy, invalid }) => <TextInput id={id} aria-describedby={describedBy} aria-invalid={invalid} {...register('custom_editing_style')} />}
                  </Field>
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
                <ChoiceGroup legend={t('wizard.deadline')} type="radio" options={WIZARD_DEADLINES} columns={4} inputProps={register('deadline')} error={errors.deadline?.message} />
              </FormSection>

              <FormSection title={t('wizard.sections.instructions')}>
                <Field label={t('wizard.creativeBrief')} error={errors.creative_brief?.message} wide>
                  {({ id, describedBy, invalid }) => (
                    <TextArea id={id} rows={4} placeholder={t('wizard.creativeBriefPlaceholder')} aria-describedby={describedBy} aria-invalid={invalid} {...register('creative_brief')} />
                  )}
                </Field>
                <Field label={t('wizard.constraints')} error={errors.constraints?.message} wide>
                  {({ id, describedBy, invalid }) => (
                    <TextArea id={id} placeholder={t('wizard.constraintsPlaceholder')} aria-describedby={describedBy} aria-invalid={invalid} {...register('constraints')} />
                  )}
                </Field>
                <CheckboxField label={t('wizard.subtitles')} {...register('needs_subtitles')} />
                {values.needs_subtitles && (
                  <Field label={t('wizard.subtitleType')} error={errors.subtitle_type?.message}>
                    {({ id, describedBy, invalid }) => (
                      <Select id={id} options={WIZARD_SUBTITLE_OPTIONS} aria-describedby={describedBy} aria-invalid={invalid} {...register('subtitle_type')} />
                    )}
                  </Field>
                )}
              </FormSection>

              <FormSection title={t('wizard.sections.upload')}>
                <div className="flex flex-col gap-3 sm:col-span-2">
                  <p className="text-sm text-slate-600">{t('wizard.uploadLabel')}</p>
                  <RushUploader
                    area="wizard"
                    declaredDurationMinutes={positiveMinutes(values.total_rush_duration)}
                    onAnalysed={(result) => {
                      if (result && result.totalRushDurationMinutes > 0) {
                        setValue('total_rush_duration', String(Math.round(result.totalRushDurationMinutes * 10) / 10), { shouldValidate: true });
                      }
                    }}
                  />
                </div>
                <Controller
                  control={control}
                  name="file_links"
                  render={({ field, fieldState }) => (
                    <Field label={t('wizard.fileLinks')} hint={t('wizard.fileLinksHint')} error={fieldState.error?.message ?? errors['file_links.0']?.message} wide>
                      {({ id, describedBy, invalid }) => (
                        <TextArea
                          id={id}
                          aria-describedby={describedBy}
                          aria-invalid={invalid}
                          defaultValue={(field.value as string[] | undefined)?.join('\n') ?? ''}
                          onBlur={field.onBlur}
                          onChange={(event) => field.onChange(event.target.value.split(/\s*\n\s*/).map((link) => link.trim()).filter(Boolean))}
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
                <Button size="lg" className="sm:ml-auto" onClick={() => void toEstimate()}>
                  {t('wizard.getEstimate')}
                  <ArrowRight aria-hidden="true" />
                </Button>
              </div>
            </>
          )}

          {step === 2 && (
            <>
              <div>
                <h2 className="text-2xl font-semibold text-slate-900">{t('wizard.estimateTitle')}</h2>
                <p className="mt-1 text-sm text-slate-600">{t('panel.indicative')}</p>
              </div>
              <FormSection title={t('wizard.optionsTitle')}>
                <ChoiceGroup legend={t('wizard.deadline')} type="radio" options={WIZARD_DEADLINES} columns={4} inputProps={register('deadline')} />
                <ChoiceGroup legend={t('wizard.formats')} type="checkbox" options={WIZARD_DELIVERY_FORMATS} columns={4} hint={t('wizard.formatsHint')} inputProps={register('delivery_formats')} />
                <CheckboxField label={t('wizard.subtitles')} {...register('needs_subtitles')} />
                {values.needs_subtitles && (
                  <Field label={t('wizard.subtitleType')}>
                    {({ id }) => <Select id={id} options={WIZARD_SUBTITLE_OPTIONS} {...register('subtitle_type')} />}
                  </Field>
                )}
                <Field label={t('wizard.currency')}>{({ id }) => <Select id={id} options={BRIEF_CURRENCIES} {...register('currency')} />}</Field>
              </FormSection>
              <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                <Button variant="outline" size="lg" onClick={() => goTo(1)} disabled={submitBrief.isPending}>
                  <ArrowLeft aria-hidden="true" />
                  {t('wizard.back')}
                </Button>
                <Button type="submit" size="lg" disabled={submitBrief.isPending}>
                  {submitBrief.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
                  {submitBrief.isPending ? t('wizard.sending') : t('wizard.proceed')}
                </Button>
              </div>
            </>
          )}

          {step === 3 && submitted && (
            <section className="rounded-2xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="wizard-success-title">
              <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
              <h2 id="wizard-success-title" className="mt-4 text-2xl font-bold text-slate-900">
                {t('wizard.successTitle')}
              </h2>
              <p className="mt-2 text-slate-700">{t('wizard.successText', { email: submitted.email })}</p>
              <p className="mt-1 text-sm text-slate-500">{t('wizard.reference', { id: submitted.briefId.slice(0, 8).toUpperCase() })}</p>
              <h3 className="mt-6 font-semibold text-slate-900">{t('wizard.nextStepsTitle')}</h3>
              <ol className="mt-3 flex flex-col gap-2">
                {(t('wizard.nextSteps', { returnObjects: true }) as string[]).map((text, index) => (
                  <li key={text} className="flex gap-3 text-slate-700">
                    <span className="grid size-6 shrink-0 place-items-center rounded-full bg-violet-100 text-xs font-semibold text-violet-800">{index + 1}</span>
                    {text}
                  </li>
                ))}
              </ol>
              <div className="mt-8 flex flex-col gap-3 rounded-xl bg-slate-50 p-4">
                <PayBriefButton briefId={submitted.briefId}>
                  {t('wizard.payButton', { amount: formatMoney(submitted.offerPriceCents, submitted.currency, language) })}
                </PayBriefButton>
              </div>
              <Button variant="link" className="mt-4 px-0" onClick={startOver}>
                {t('wizard.newBrief')}
              </Button>
            </section>
          )}
        </form>

        {step !== 3 && (
          <div className="lg:sticky lg:top-24 lg:self-start">
            <EstimatePanel quote={quote} variant="wizard" />
          </div>
        )}
      </div>
    </div>
  );
}
