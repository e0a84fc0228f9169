import {
  EMPTY_APPLICATION_FORM,
  RECRUITMENT_MESSAGES,
  REQUIRED_CONSENTS,
  type EditorApplicationFormValues,
} from '@domain/recruitment';
import { editorApplicationFormSchema, type EditorApplicationInput } from '@domain/schemas/recruitment';
import { scrollBehavior } from '@/lib/motion';
import { zodResolver } from '@/lib/zod-resolver';
import { CheckCircle2 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useProofOfWork } from '@/components/form/proof-of-work';
import { DocumentTitle } from '@/components/layout/document-title';
import { serverFieldErrors, submitErrorMessage, useSubmitApplication } from '../api/submit-application';
import { RECRUITMENT_NAMESPACE } from '../locales';
import type { PhotoStatus } from './photo-field';
import { SectionBar, SectionNav, goToSection, useCurrentSection } from './section-nav';
import { AvailabilitySection } from './sections/availability-section';
import { ConsentsSection } from './sections/consents-section';
import { PersonalSection } from './sections/personal-section';
import { PortfolioSection } from './sections/portfolio-section';
import { PresentationSection, PreferencesSection } from './sections/presentation-section';
import { firstMessage } from './sections/section-props';
import {
  CompetenciesSection,
  ComplexitySection,
  DomainsSection,
  SoftwareSection,
  VideoSpecialtiesSection,
} from './sections/skills-sections';

/** 000 §5 and §8: the consents' toast first, else the first field's message. */
function invalidFormToast(errors: FieldErrors<EditorApplicationFormValues>) {
  if (REQUIRED_CONSENTS.some((consent) => errors[consent])) {
    toast.error(RECRUITMENT_MESSAGES.consentsTitle, { description: RECRUITMENT_MESSAGES.consents });
  } else {
    toast.error(RECRUITMENT_MESSAGES.incompleteTitle, {
      description: firstMessage(errors) ?? RECRUITMENT_MESSAGES.submitError,
    });
  }
}

/** The editor application at /recrutement (000 §2, §3, §5, §8): eleven sections, one submission. */
export function RecruitmentPage() {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const submitApplication = useSubmitApplication();
  const form = useForm<EditorApplicationFormValues, unknown, EditorApplicationInput>({
    resolver: zodResolver(editorApplicationFormSchema),
    defaultValues: EMPTY_APPLICATION_FORM,
    mode: 'onTouched',
  });
  const { control, handleSubmit, reset, setError } = form;
  const values = useWatch({ control }) as EditorApplicationFormValues;
  const current = useCurrentSection();
  const [photoStatus, setPhotoStatus] = useState<PhotoStatus>('none');
  // A new key gives the next application a new photo uploader (and upload session).
  const [photoKey, setPhotoKey] = useState(0);
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const onPhotoStatus = useCallback((status: PhotoStatus) => setPhotoStatus(status), []);
  const sending = submitApplication.isPending;

  const onValid = async (application: EditorApplicationInput, proofOfWorkPayload?: string) => {
    if (photoStatus === 'uploading') {
      toast.info(t('photo.waitTitle'), { description: t('photo.wait') });
      return;
    }
    if (photoStatus === 'error') {
      toast.error(RECRUITMENT_MESSAGES.incompleteTitle, { description: RECRUITMENT_MESSAGES.photoInvalid });
      goToSection('personal');
      return;
    }
    try {
      await submitApplication.mutateAsync({
        application,
        withPhoto: photoStatus === 'ready',
        proofOfWork: proofOfWorkPayload,
      });
    } catch (error) {
      if (proofOfWork.asked(error, application)) return;
      toast.error(submitErrorMessage(error));
      const fields = Object.entries(serverFieldErrors(error));
      for (const [field, message] of fields) {
        setError(field as Path<EditorApplicationFormValues>, { message }, { shouldFocus: field === fields[0][0] });
      }
      return;
    }
    toast.success(RECRUITMENT_MESSAGES.submitted, { description: RECRUITMENT_MESSAGES.submittedHint });
    reset(EMPTY_APPLICATION_FORM);
    setPhotoKey((key) => key + 1);
    setPhotoStatus('none');
    setSent(true);
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
    requestAnimationFrame(() => sentRef.current?.focus({ preventScroll: true }));
  };
  const proofOfWork = useProofOfWork(
    (application: EditorApplicationInput, payload) => void onValid(application, payload),
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <DocumentTitle title={t('metaTitle')} />
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-violet-700 uppercase">{t('eyebrow')}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{t('title')}</h1>
        <p className="mt-3 text-slate-600">{t('subtitle')}</p>
      </header>
      <section
        aria-labelledby="recruitment-steps"
        className="mt-6 max-w-3xl rounded-2xl border border-violet-100 bg-violet-50/60 p-4 sm:p-5"
      >
        <h2 id="recruitment-steps" className="text-sm font-semibold text-violet-900">
          {t('steps.title')}
        </h2>
        <ol className="mt-2 grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
          {(['apply', 'review', 'invite'] as const).map((step, index) => (
            <li key={step} className="flex gap-2">
              <span aria-hidden="true" className="font-semibold text-violet-700">
                {index + 1}.
              </span>
              <span>{t(`steps.${step}`)}</span>
            </li>
          ))}
        </ol>
      </section>

      {sent && (
        <div
          ref={sentRef}
          tabIndex={-1}
          role="status"
          data-testid="application-sent"
          className="mt-6 flex max-w-3xl items-start gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">{RECRUITMENT_MESSAGES.submitted}</p>
            <p className="text-sm">{RECRUITMENT_MESSAGES.submittedHint}</p>
            <p className="mt-1 text-sm">{t('sentAnother')}</p>
          </div>
        </div>
      )}

      <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
        <SectionNav values={values} current={current} />
        <div className="min-w-0">
          <SectionBar values={values} current={current} />
          <p className="mb-4 text-sm text-slate-600">{t('requiredNote')}</p>
          <form
            noValidate
            aria-label={t('title')}
            aria-busy={sending}
            onSubmit={handleSubmit((application) => onValid(application), invalidFormToast)}
            className="flex flex-col gap-6"
          >
            <PersonalSection form={form} photoKey={photoKey} onPhotoStatus={onPhotoStatus} />
            <ComplexitySection form={form} values={values} />
            <DomainsSection form={form} values={values} />
            <VideoSpecialtiesSection form={form} values={values} />
            <CompetenciesSection form={form} values={values} />
            <SoftwareSection form={form} values={values} />
            <AvailabilitySection form={form} values={values} />
            <PresentationSection form={form} />
            <PortfolioSection form={form} values={values} />
            <PreferencesSection form={form} values={values} />
            <ConsentsSection form={form} sending={sending} />
            {proofOfWork.check}
          </form>
        </div>
      </div>
    </div>
  );
}
