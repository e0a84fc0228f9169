import { quoteWizardBrief } from '@domain/brief-estimate';
import {
  BRIEF_MESSAGES,
  WIZARD_STEP1_REQUIRED,
  wizardBriefSchema,
  type WizardBrief,
  type WizardBriefPayload,
} from '@domain/schemas/brief';
import { scrollBehavior } from '@/lib/motion';
import { zodResolver } from '@/lib/zod-resolver';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useProofOfWork } from '@/components/form/proof-of-work';
import { DocumentTitle } from '@/components/layout/document-title';
import { useMediaQuery, WIDE_SCREEN } from '@/lib/use-media-query';
import { submitErrorDescription, useSubmitBrief } from '../api/submit-brief';
import { BRIEF_NAMESPACE } from '../locales';
import { StepBrief } from './brief-wizard/step-brief';
import { StepEstimate } from './brief-wizard/step-estimate';
import { StepPayment, type SentBrief } from './brief-wizard/step-payment';
import { StepProgress } from './brief-wizard/step-progress';
import { EstimatePanel } from './estimate-panel';
import { EstimateSummaryBar } from './estimate-summary-bar';
import { DraftFilesProvider, DraftNotice, useBriefDraft } from './brief-draft';
import { FunnelHeader } from './funnel-header';
import { useAccountEmail } from './use-account-email';

const STEPS = ['brief', 'estimate', 'payment'] as const;
const ESTIMATE_PANEL_ID = 'wizard-estimate';
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
  const { t } = useTranslation(BRIEF_NAMESPACE);
  const [step, setStep] = useState<Step>(1);
  const [submitted, setSubmitted] = useState<SentBrief | null>(null);
  // True right after « Procéder au paiement »: step 3 goes on to the checkout by itself.
  const [payNow, setPayNow] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const wideScreen = useMediaQuery(WIDE_SCREEN);
  const submitBrief = useSubmitBrief();

  const form = useForm<WizardBriefPayload, unknown, WizardBrief>({
    resolver: zodResolver(wizardBriefSchema),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const { control, trigger, handleSubmit, reset } = form;
  const values = useWatch({ control }) as WizardBriefPayload;
  const draft = useBriefDraft<WizardBriefPayload, WizardBrief, SentBrief>({
    funnel: 'wizard',
    form,
    values,
    defaults: DEFAULTS,
    step: submitted ? undefined : step,
    onRestore: (kept) => {
      if (kept.sent) {
        setSubmitted(kept.sent);
        setStep(3);
      } else if (kept.step === 2) setStep(2);
    },
  });
  const accountEmail = useAccountEmail(form, 'email');
  const quote = useMemo(() => quoteWizardBrief(values as Parameters<typeof quoteWizardBrief>[0]), [values]);

  const goTo = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
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

  const onValid = async (brief: WizardBrief, proofOfWorkPayload?: string) => {
    try {
      const { briefId, addressConfirmationNeeded } = await submitBrief.mutateAsync({
        kind: 'wizard',
        proofOfWork: proofOfWorkPayload,
        payload: {
          ...brief,
          // The spec's payload joins the formats with commas (001 §3.2).
          delivery_formats: brief.delivery_formats.join(','),
          estimated_editing_hours: Math.round(quote.estimate.hours * 100) / 100,
          total_price: quote.offerPriceCents / 100,
        },
      });
      const sent = {
        briefId,
        email: brief.email,
        addressConfirmationNeeded,
        offerPriceCents: quote.offerPriceCents,
        currency: quote.estimate.currency,
      };
      draft.markSent(sent);
      setSubmitted(sent);
      setPayNow(true);
      toast.success(BRIEF_MESSAGES.submitted);
      goTo(3);
    } catch (error) {
      if (proofOfWork.asked(error, brief)) return;
      toast.error(BRIEF_MESSAGES.errorTitle, { description: submitErrorDescription(error) });
    }
  };

  const proofOfWork = useProofOfWork((brief: WizardBrief, payload) => void onValid(brief, payload));

  const onInvalid = () => toast.error(BRIEF_MESSAGES.errorTitle, { description: BRIEF_MESSAGES.wizardRequired });

  const startOver = () => {
    reset({ ...DEFAULTS, email: accountEmail });
    draft.clear();
    submitBrief.startNewBrief();
    setSubmitted(null);
    setPayNow(false);
    goTo(1);
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('wizard.metaTitle')} />
      <FunnelHeader title={t('wizard.title')} subtitle={t('wizard.subtitle')} />
      <StepProgress steps={STEPS} current={step} />
      {draft.inProgress && (
        <div className="mt-6">
          <DraftNotice onStartOver={startOver} />
        </div>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <DraftFilesProvider value={draft.draftFiles}>
          <form
            key={draft.generation}
            noValidate
            onSubmit={handleSubmit((brief) => onValid(brief), onInvalid)}
            className="flex min-w-0 flex-col gap-6"
          >
            <h2 ref={stepHeading} tabIndex={-1} className="sr-only">
              {t(`wizard.steps.${STEPS[step - 1]}`)}
            </h2>
            {step === 1 && <StepBrief form={form} values={values} quote={quote} onNext={() => void toEstimate()} />}
            {step === 2 && (
              <StepEstimate
                form={form}
                values={values}
                quote={quote}
                sending={submitBrief.isPending}
                onBack={() => goTo(1)}
              />
            )}
            {step === 2 && proofOfWork.check}
            {step === 3 && submitted && (
              <StepPayment brief={submitted} payNow={payNow} onNewBrief={startOver} onNotPayable={draft.forget} />
            )}
          </form>
        </DraftFilesProvider>

        {(step === 1 || (step === 2 && wideScreen)) && (
          // On phones, step 2 shows the panel above its pay button instead (StepEstimate).
          <div className="lg:sticky lg:top-24 lg:self-start">
            <EstimatePanel quote={quote} variant="wizard" id={ESTIMATE_PANEL_ID} />
          </div>
        )}
        {step === 1 && <EstimateSummaryBar quote={quote} variant="wizard" panelId={ESTIMATE_PANEL_ID} />}
      </div>
    </div>
  );
}
