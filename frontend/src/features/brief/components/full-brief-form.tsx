import { formatMoney, fullFormEstimateInput, positiveMinutes, quoteFullFormBrief } from '@domain/brief-estimate';
import {
  ASPECT_RATIOS,
  categorySpecialFeature,
  DISTRIBUTION_PLATFORMS,
  EXPECTED_DELIVERABLES,
  FULL_OBJECTIVES,
  FULL_RUSH_QUALITIES,
  FULL_VIDEO_TYPES,
  MUSIC_OPTIONS,
  OUTPUT_FORMATS,
  REFERENCE_VIDEO_SLOTS,
  RESOLUTIONS,
  RHYTHMS,
  RUSH_TYPES,
  SERVICE_CATEGORY_DESCRIPTIONS,
  SERVICE_CATEGORY_OPTIONS,
  SPECIAL_FEATURES,
  TECHNICAL_REQUIREMENTS,
  VISUAL_COMPLEXITY_OPTIONS,
  VISUAL_STYLES,
} from '@domain/brief-options';
import { deliveryDateInputMinimum, todayIn } from '@domain/delivery';
import { deriveServiceCategory, SERVICE_CATEGORY_TABLE, type ServiceCategory } from '@domain/pricing';
import { BRIEF_MESSAGES, createFullBriefSchema, type FullBrief, type FullBriefPayload } from '@domain/schemas/brief';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Loader2, Send } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { HowItWorksDialog } from '@/components/how-it-works-dialog';
import { DocumentTitle } from '@/components/layout/document-title';
import { PayBriefButton } from '@/components/payments/pay-brief-button';
import { RushUploader } from '@/components/uploader/rush-uploader';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey, useSubmitBrief } from '../requests/submit-brief';
import { registerBriefLabels } from '../labels';
import { EstimatePanel } from './estimate-panel';
import { CheckboxField, ChoiceGroup, Field, FormSection, Select, TextArea, TextInput, useOptionLanguage } from './fields';

registerBriefLabels();

const DEFAULTS: FullBriefPayload = {
  clientEmail: '',
  projectName: '',
  videoTypes: [],
  videoTypeCustom: '',
  mainObjective: '',
  objectiveCustom: '',
  targetAudience: '',
  serviceCategory: '',
  visualComplexity: 'professional',
  technicalRequirements: [],
  specialFeatures: [],
  rushTypes: [],
  totalRushDurationProvided: '',
  rushQuality: '',
  downloadLink: '',
  additionalFiles: '',
  desiredFinalDuration: '',
  outputFormat: '',
  resolution: '',
  aspectRatio: '',
  maxFileSize: '',
  distributionPlatforms: [],
  visualStyle: '',
  rhythm: '',
  referenceVideos: Array.from({ length: REFERENCE_VIDEO_SLOTS }, () => ''),
  colorPaletteAmbiance: '',
  musicOption: '',
  mainLanguageBrief: '',
  subtitlesNeeded: false,
  subtitlesLanguage: '',
  voiceoverNeeded: false,
  voiceoverLanguage: '',
  voiceoverProvided: false,
  desiredDeliveryDate: '',
  numberOfVersions: '1',
  expectedDeliverables: [],
  confirmRushesRights: false,
  confirmMusicRights: false,
};

const REQUIRED_FIELDS = ['clientEmail', 'projectName', 'confirmRushesRights', 'confirmMusicRights'];

/** The toast of 001 §5.1 for the first rule the form breaks. */
function invalidFormToast(errors: FieldErrors<FullBriefPayload>) {
  const failed = Object.keys(errors);
  if (failed.some((field) => REQUIRED_FIELDS.includes(field))) {
    toast.error(BRIEF_MESSAGES.fullRequiredTitle, { description: BRIEF_MESSAGES.fullRequired });
  } else if (errors.totalRushDurationProvided) {
    toast.error(BRIEF_MESSAGES.rushDurationTitle, { description: BRIEF_MESSAGES.rushDuration });
  } else if (errors.desiredDeliveryDate) {
    toast.error(BRIEF_MESSAGES.deliveryDateTitle, { description: errors.desiredDeliveryDate.message });
  } else {
    toast.error(BRIEF_MESSAGES.submitErrorTitle, { description: String(Object.values(errors)[0]?.message ?? BRIEF_MESSAGES.submitError) });
  }
}

/** The 7-section brief at /brief-old (001 §2.1, §4.1, §5.1). */
export function FullBriefForm() {
  const { t } = useTranslation('brief');
  const language = useOptionLanguage();
  const [thanks, setThanks] = useState<{ email: string; briefId: string } | null>(null);
  const idempotencyKey = useRef(newIdempotencyKey());
  const submitBrief = useSubmitBrief();
  const today = todayIn();
  const schema = useMemo(() => createFullBriefSchema(today), [today]);

  const { register, control, formState, handleSubmit, setValue, getValues, reset } = useForm<FullBriefPayload, unknown, FullBrief>({
    resolver: zodResolver(schema),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const errors = formState.errors as Partial<Record<string, { message?: string }>>;
  const values = useWatch({ control }) as FullBriefPayload;
  const pricing = values as Parameters<typeof quoteFullFormBrief>[0];
  const quote = useMemo(() => quoteFullFormBrief(pricing), [pricing]);
  const engineInput = fullFormEstimateInput(pricing);
  const dateMinimum = deliveryDateInputMinimum({
    serviceCategory: engineInput.serviceCategory ?? deriveServiceCategory(engineInput.features),
    visualComplexity: engineInput.visualComplexity,
    today,
    standardDays: quote.estimate.standardDays,
  });
  const rightsConfirmed = values.confirmRushesRights === true && values.confirmMusicRights === true;
  const sending = submitBrief.isPending;

  const category = register('serviceCategory');
  const chooseCategory = (serviceCategory: ServiceCategory) => {
    // 001 §4.4: choosing a category switches on its feature.
    const feature = categorySpecialFeature(serviceCategory);
    const features = (getValues('specialFeatures') as string[] | undefined) ?? [];
    if (feature && !features.includes(feature)) setValue('specialFeatures', [...features, feature] as FullBriefPayload['specialFeatures']);
  };

  const onValid = async (brief: FullBrief) => {
    try {
      const { briefId } = await submitBrief.mutateAsync({
        funnel: { kind: 'full', payload: { ...brief, pricingEstimate: quote.priceCents / 100 } },
        idempotencyKey: idempotencyKey.current,
      });
      toast.success(BRIEF_MESSAGES.submitted);
      setThanks({ email: brief.clientEmail, briefId });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (error) {
      const description = error instanceof ApiError && error.status === 400 ? error.message : BRIEF_MESSAGES.submitError;
      toast.error(BRIEF_MESSAGES.submitErrorTitle, { description });
    }
  };

  const another = () => {
    reset(DEFAULTS);
    idempotencyKey.current = newIdempotencyKey();
    setThanks(null);
  };

  if (thanks) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
        <DocumentTitle title={t('full.metaTitle')} />
        <section aria-labelledby="thanks-title" className="rounded-2xl border border-emerald-200 bg-white p-6 shadow-sm sm:p-8">
          <CheckCircle2 className="size-10 text-emerald-600" aria-hidden="true" />
          <h1 id="thanks-title" className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">
            {t('full.thanksTitle')}
          </h1>
          <p className="mt-2 text-slate-700">{t('full.thanksText', { email: thanks.email })}</p>
          <h2 className="mt-6 font-semibold text-slate-900">{t('full.nextStepsTitle')}</h2>
          <ol className="mt-3 flex flex-col gap-2">
            {(t('full.nextSteps', { returnObjects: true }) as string[]).map((text, index) => (
              <li key={text} className="flex gap-3 text-slate-700">
                <span className="grid size-6 shrink-0 place-items-center rounded-full bg-violet-100 text-xs font-semibold text-violet-800">{index + 1}</span>
                {text}
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <PayBriefButton briefId={thanks.briefId}>{t('full.payNow')}</PayBriefButton>
            <Button variant="outline" size="lg" onClick={another}>
              {t('full.another')}
            </Button>
          </div>
        </section>
      </div>
    );
  }

  const text = (name: keyof FullBriefPayload, label: string, options: { wide?: boolean; required?: boolean; type?: string; placeholder?: string; area?: boolean } = {}) => (
    <Field label={label} required={options.required} error={errors[name]?.message} wide={options.wide}>
      {({ id, describedBy, invalid }) =>
        options.area ? (
          <TextArea id={id} placeholder={options.placeholder} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />
        ) : (
          <TextInput id={id} type={options.type ?? 'text'} placeholder={options.placeholder} aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />
        )
      }
    </Field>
  );
  const select = (name: keyof FullBriefPayload, label: string, options: Parameters<typeof Select>[0]['options']) => (
    <Field label={label} error={errors[name]?.message}>
      {({ id, describedBy, invalid }) => <Select id={id} options={options} placeholder="—" aria-describedby={describedBy} aria-invalid={invalid} {...register(name)} />}
    </Field>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('full.metaTitle')} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('full.title')}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t('full.subtitle')}</p>
        </div>
        <HowItWorksDialog triggerClassName="self-start sm:self-auto" />
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form noValidate onSubmit={handleSubmit(onValid, invalidFormToast)} className="flex min-w-0 flex-col gap-6" aria-busy={sending}>
          <FormSection title={t('full.sections.project')}>
            {text('clientEmail', t('full.clientEmail'), { required: true, type: 'email' })}
            {text('projectName', t('full.projectName'), { required: true })}
            <ChoiceGroup legend={t('full.videoTypes')} type="checkbox" options={FULL_VIDEO_TYPES} inputProps={register('videoTypes')} error={errors.videoTypes?.message} />
            {(values.videoTypes as string[] | undefined)?.includes('Autre') && text('videoTypeCustom', t('full.videoTypeCustom'))}
            {select('mainObjective', t('full.mainObjective'), FULL_OBJECTIVES)}
            {values.mainObjective === 'autre' && text('objectiveCustom', t('full.objectiveCustom'))}
            {text('targetAudience', t('full.targetAudience'), { wide: true })}
          </FormSection>

          <FormSection title={t('full.sections.category')}>
            <fieldset className="flex flex-col gap-2 sm:col-span-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('full.serviceCategory')}</legend>
              <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {SERVICE_CATEGORY_OPTIONS.map((option) => (
                  <label
                    key={option.value}
                    className="flex cursor-pointer flex-col gap-1 rounded-xl border border-slate-200 p-4 hover:bg-slate-50 has-checked:border-violet-600 has-checked:bg-violet-50 has-focus-visible:ring-2 has-focus-visible:ring-violet-600"
                  >
                    <span className="flex items-center gap-2">
                      <input
                        type="radio"
                        value={option.value}
                        className="size-4 accent-violet-700"
                        {...category}
                        onChange={(event) => {
                          void category.onChange(event);
                          chooseCategory(option.value);
                        }}
                      />
                      <span className="font-semibold text-slate-900">{option[language]}</span>
                    </span>
                    <span className="text-xs text-slate-600">{SERVICE_CATEGORY_DESCRIPTIONS[option.value][language]}</span>
                    <span className="text-sm font-semibold text-violet-800">
                      {t('full.hourlyRate', {
                        rate: formatMoney(SERVICE_CATEGORY_TABLE[option.value].hourlyRates[quote.estimate.currency] * 100, quote.estimate.currency, language),
                      })}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <ChoiceGroup legend={t('full.visualComplexity')} type="radio" options={VISUAL_COMPLEXITY_OPTIONS} columns={4} inputProps={register('visualComplexity')} />
            <ChoiceGroup legend={t('full.technicalRequirements')} type="checkbox" options={TECHNICAL_REQUIREMENTS} inputProps={register('technicalRequirements')} />
            <ChoiceGroup legend={t('full.specialFeatures')} type="checkbox" options={SPECIAL_FEATURES} inputProps={register('specialFeatures')} />
          </FormSection>

          <FormSection title={t('full.sections.content')}>
            <ChoiceGroup legend={t('full.rushTypes')} type="checkbox" options={RUSH_TYPES} inputProps={register('rushTypes')} />
            <Field label={t('full.rushDuration')} required error={errors.totalRushDurationProvided?.message}>
              {({ id, describedBy, invalid }) => (
                <TextInput id={id} type="number" inputMode="decimal" min={1} step={0.1} aria-describedby={describedBy} aria-invalid={invalid} {...register('totalRushDurationProvided')} />
              )}
            </Field>
            {select('rushQuality', t('full.rushQuality'), FULL_RUSH_QUALITIES)}
            {text('downloadLink', t('full.downloadLink'), { wide: true, type: 'url', placeholder: 'https://' })}
            <div className="sm:col-span-2">
              <RushUploader
                area="brief"
                declaredDurationMinutes={positiveMinutes(values.totalRushDurationProvided)}
                onAnalysed={(result) => {
                  if (result && result.totalRushDurationMinutes > 0) {
                    setValue('totalRushDurationProvided', String(Math.round(result.totalRushDurationMinutes * 10) / 10), { shouldValidate: true });
                  }
                }}
              />
            </div>
            {text('additionalFiles', t('full.additionalFiles'), { wide: true, area: true, placeholder: t('full.additionalFilesPlaceholder') })}
          </FormSection>

          <FormSection title={t('full.sections.technical')}>
            {text('desiredFinalDuration', t('full.desiredFinalDuration'), { placeholder: t('full.desiredFinalDurationPlaceholder') })}
            {select('outputFormat', t('full.outputFormat'), OUTPUT_FORMATS)}
            {select('resolution', t('full.resolution'), RESOLUTIONS)}
            {select('aspectRatio', t('full.aspectRatio'), ASPECT_RATIOS)}
            {text('maxFileSize', t('full.maxFileSize'))}
            <ChoiceGroup legend={t('full.distributionPlatforms')} type="checkbox" options={DISTRIBUTION_PLATFORMS} inputProps={register('distributionPlatforms')} />
          </FormSection>

          <FormSection title={t('full.sections.style')}>
            {select('visualStyle', t('full.visualStyle'), VISUAL_STYLES)}
            {select('rhythm', t('full.rhythm'), RHYTHMS)}
            {Array.from({ length: REFERENCE_VIDEO_SLOTS }, (_, index) => (
              <Field key={index} label={t('full.referenceVideo', { n: index + 1 })} wide>
                {({ id }) => <TextInput id={id} type="url" placeholder="https://" {...register(`referenceVideos.${index}`)} />}
              </Field>
            ))}
            {text('colorPaletteAmbiance', t('full.colorPalette'))}
            {select('musicOption', t('full.music'), MUSIC_OPTIONS)}
          </FormSection>

          <FormSection title={t('full.sections.languages')}>
            {text('mainLanguageBrief', t('full.mainLanguage'), { wide: true })}
            <CheckboxField label={t('full.subtitlesNeeded')} {...register('subtitlesNeeded')} />
            {values.subtitlesNeeded ? text('subtitlesLanguage', t('full.subtitlesLanguage')) : <div className="hidden sm:block" />}
            <CheckboxField label={t('full.voiceoverNeeded')} {...register('voiceoverNeeded')} />
            {values.voiceoverNeeded && (
              <div className="flex flex-col gap-3">
                {text('voiceoverLanguage', t('full.voiceoverLanguage'))}
                <CheckboxField label={t('full.voiceoverProvided')} {...register('voiceoverProvided')} />
              </div>
            )}
          </FormSection>

          <FormSection title={t('full.sections.deadlines')}>
            <Field label={t('full.desiredDeliveryDate')} error={errors.desiredDeliveryDate?.message}>
              {({ id, describedBy, invalid }) => (
                <TextInput id={id} type="date" min={dateMinimum} aria-describedby={describedBy} aria-invalid={invalid} {...register('desiredDeliveryDate')} />
              )}
            </Field>
            <Field label={t('full.numberOfVersions')} error={errors.numberOfVersions?.message}>
              {({ id, describedBy, invalid }) => (
                <TextInput id={id} type="number" min={1} step={1} inputMode="numeric" aria-describedby={describedBy} aria-invalid={invalid} {...register('numberOfVersions')} />
              )}
            </Field>
            <ChoiceGroup legend={t('full.expectedDeliverables')} type="checkbox" options={EXPECTED_DELIVERABLES} inputProps={register('expectedDeliverables')} />
          </FormSection>

          <section aria-labelledby="rights-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="rights-title" className="text-lg font-semibold text-slate-900">
              {t('full.sections.rights')}
            </h2>
            <div className="mt-4 flex flex-col gap-3">
              <CheckboxField label={t('full.confirmRushesRights')} error={errors.confirmRushesRights?.message} {...register('confirmRushesRights')} />
              <CheckboxField label={t('full.confirmMusicRights')} error={errors.confirmMusicRights?.message} {...register('confirmMusicRights')} />
            </div>
            <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              {!rightsConfirmed && (
                <p id="rights-note" className="text-sm text-slate-600">
                  {t('full.rightsNote')}
                </p>
              )}
              <Button type="submit" size="lg" className="sm:ml-auto" disabled={sending || !rightsConfirmed} aria-describedby={rightsConfirmed ? undefined : 'rights-note'}>
                {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                {sending ? t('full.sending') : t('full.submit')}
              </Button>
            </div>
          </section>
        </form>

        <div className="lg:sticky lg:top-24 lg:self-start">
          <EstimatePanel quote={quote} variant="full" />
        </div>
      </div>
    </div>
  );
}
