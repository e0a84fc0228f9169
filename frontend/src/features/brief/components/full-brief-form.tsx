import { quoteFullFormBrief } from '@domain/brief-estimate';
import { REFERENCE_VIDEO_SLOTS } from '@domain/brief-options';
import { addWorkingDays, todayIn } from '@domain/delivery';
import { BRIEF_MESSAGES, createFullBriefSchema, type FullBrief, type FullBriefPayload } from '@domain/schemas/brief';
import { scrollBehavior } from '@/lib/motion';
import { zodResolver } from '@/lib/zod-resolver';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useProofOfWork } from '@/components/form/proof-of-work';
import { DocumentTitle } from '@/components/layout/document-title';
import { submitErrorDescription, useSubmitBrief } from '../api/submit-brief';
import { BRIEF_NAMESPACE } from '../locales';
import { EstimatePanel } from './estimate-panel';
import { EstimateSummaryBar } from './estimate-summary-bar';
import { CategorySection } from './full-brief/category-section';
import { ContentSection } from './full-brief/content-section';
import { DeadlinesSection } from './full-brief/deadlines-section';
import { LanguagesSection } from './full-brief/languages-section';
import { ProjectSection } from './full-brief/project-section';
import { RightsSection } from './full-brief/rights-section';
import { StyleSection } from './full-brief/style-section';
import { TechnicalSection } from './full-brief/technical-section';
import { Thanks } from './full-brief/thanks';
import { DraftFilesProvider, DraftNotice, useBriefDraft } from './brief-draft';
import { FunnelHeader } from './funnel-header';
import { useAccountEmail } from './use-account-email';

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

const ESTIMATE_PANEL_ID = 'full-brief-estimate';

/** A sent brief, kept so the thank-you screen (and its payment) survives a reload. */
interface SentFullBrief {
  email: string;
  briefId: string;
  /** Absent for a brief kept before the address confirmation existed. */
  addressConfirmationNeeded?: boolean;
}

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
    toast.error(BRIEF_MESSAGES.submitErrorTitle, {
      description: String(Object.values(errors)[0]?.message ?? BRIEF_MESSAGES.submitError),
    });
  }
}

/** The 7-section brief at /brief-old (001 §2.1, §4.1, §5.1). */
export function FullBriefForm() {
  const { t } = useTranslation(BRIEF_NAMESPACE);
  const [thanks, setThanks] = useState<SentFullBrief | null>(null);
  const submitBrief = useSubmitBrief();
  const today = todayIn();
  const schema = useMemo(() => createFullBriefSchema(today), [today]);

  const form = useForm<FullBriefPayload, unknown, FullBrief>({
    resolver: zodResolver(schema),
    defaultValues: DEFAULTS,
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset } = form;
  const values = useWatch({ control }) as FullBriefPayload;
  const draft = useBriefDraft<FullBriefPayload, FullBrief, SentFullBrief>({
    funnel: 'full',
    form,
    values,
    defaults: DEFAULTS,
    onRestore: (kept) => {
      if (kept.sent) setThanks(kept.sent);
    },
  });
  const accountEmail = useAccountEmail(form, 'clientEmail');
  const pricing = values as Parameters<typeof quoteFullFormBrief>[0];
  const quote = useMemo(() => quoteFullFormBrief(pricing), [pricing]);
  // The date input starts at the promised delay, which is never under the minimum the schema checks.
  const dateMinimum = addWorkingDays(today, quote.deliveryDays);
  const sending = submitBrief.isPending;

  const onValid = async (brief: FullBrief, proofOfWorkPayload?: string) => {
    try {
      const { briefId, addressConfirmationNeeded } = await submitBrief.mutateAsync({
        kind: 'full',
        proofOfWork: proofOfWorkPayload,
        payload: { ...brief, pricingEstimate: quote.priceCents / 100 },
      });
      toast.success(BRIEF_MESSAGES.submitted);
      const sent = { email: brief.clientEmail, briefId, addressConfirmationNeeded };
      draft.markSent(sent);
      setThanks(sent);
      window.scrollTo({ top: 0, behavior: scrollBehavior() });
    } catch (error) {
      if (proofOfWork.asked(error, brief)) return;
      toast.error(BRIEF_MESSAGES.submitErrorTitle, { description: submitErrorDescription(error) });
    }
  };

  const proofOfWork = useProofOfWork((brief: FullBrief, payload) => void onValid(brief, payload));

  const another = () => {
    reset({ ...DEFAULTS, clientEmail: accountEmail });
    draft.clear();
    submitBrief.startNewBrief();
    setThanks(null);
  };

  if (thanks) return <Thanks {...thanks} onAnother={another} onNotPayable={draft.forget} />;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('full.metaTitle')} />
      <FunnelHeader title={t('full.title')} subtitle={t('full.subtitle')} subtitleClassName="max-w-2xl" />
      {draft.inProgress && (
        <div className="mt-6">
          <DraftNotice onStartOver={another} />
        </div>
      )}

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <DraftFilesProvider value={draft.draftFiles}>
          <form
            key={draft.generation}
            noValidate
            onSubmit={handleSubmit((brief) => onValid(brief), invalidFormToast)}
            className="flex min-w-0 flex-col gap-6"
            aria-busy={sending}
          >
            <ProjectSection form={form} values={values} />
            <CategorySection form={form} currency={quote.estimate.currency} />
            <ContentSection form={form} values={values} />
            <TechnicalSection form={form} />
            <StyleSection form={form} />
            <LanguagesSection form={form} values={values} />
            <DeadlinesSection form={form} dateMinimum={dateMinimum} />
            <RightsSection form={form} values={values} sending={sending} />
            {proofOfWork.check}
          </form>
        </DraftFilesProvider>

        <div className="lg:sticky lg:top-24 lg:self-start">
          <EstimatePanel quote={quote} variant="full" id={ESTIMATE_PANEL_ID} />
        </div>
      </div>
      <EstimateSummaryBar quote={quote} variant="full" panelId={ESTIMATE_PANEL_ID} />
    </div>
  );
}
