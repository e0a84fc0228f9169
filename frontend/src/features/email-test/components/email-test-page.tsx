import {
  EMAIL_TEST_TEMPLATES,
  emailTestRequestSchema,
  type EmailTestsAnswer,
  type EmailTestTemplate,
  type EmailTestView,
} from '@domain/email-tests';
import { zodResolver } from '@/lib/zod-resolver';
import { CheckCircle2, Clock, Loader2, Mail, Send, XCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Field } from '@/components/form/fields';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useEmailTests, useSendEmailTest } from '../api/email-tests';
import { EMAIL_TEST_NAMESPACE, registerEmailTestLabels } from '../labels';

registerEmailTestLabels();

const addressSchema = emailTestRequestSchema.pick({ to: true });

function useTemplateText() {
  const { i18n } = useTranslation();
  const english = i18n.resolvedLanguage === 'en';
  return (template: EmailTestTemplate) => {
    const entry = EMAIL_TEST_TEMPLATES.find((candidate) => candidate.value === template)!;
    return english ? { name: entry.en, detail: entry.enDetail } : { name: entry.fr, detail: entry.frDetail };
  };
}

/**
 * /email-test (admins, 000 §2): the four buttons send the product's real templates to the typed
 * address through the worker; the results list and the technical notes come from the api.
 */
export function EmailTestPage() {
  const { t } = useTranslation(EMAIL_TEST_NAMESPACE);
  const { t: tCommon } = useTranslation();
  const { user } = useAuth();
  const templateText = useTemplateText();
  const tests = useEmailTests();
  const send = useSendEmailTest();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof addressSchema>, unknown, z.output<typeof addressSchema>>({
    resolver: zodResolver(addressSchema),
    defaultValues: { to: user?.email ?? '' },
  });

  const sendTest = (template: EmailTestTemplate) =>
    void handleSubmit(
      ({ to }) =>
        send.mutate(
          { template, to },
          {
            onSuccess: ({ test }) => {
              const description = t('sentText', { template: templateText(template).name, to: test.to });
              if (test.status === 'sent') toast.success(t('sentTitle'), { description });
              else if (test.status === 'failed')
                toast.error(t('failedTitle'), { description: test.error ?? undefined });
              else toast(t('pendingTitle'), { description: t('pendingText') });
            },
            onError: (error) => toast.error(t('errorTitle'), { description: error.message }),
          },
        ),
      (invalid) => toast.error(invalid.to?.message ?? t('errorTitle')),
    )();

  const title = tCommon('pages.emailTest');
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-600">{t('subtitle')}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardContent className="flex flex-col gap-5 p-5 sm:p-6">
              <Field
                label={t('address.label')}
                hint={t('address.hint')}
                error={errors.to?.message}
                className="sm:max-w-md"
              >
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    type="email"
                    autoComplete="email"
                    aria-invalid={invalid}
                    aria-describedby={describedBy}
                    className="h-10 rounded-lg border border-slate-300 px-3 text-base text-slate-900 outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30 aria-[invalid=true]:border-red-500 sm:text-sm"
                    {...register('to')}
                  />
                )}
              </Field>

              <ul className="grid gap-3 sm:grid-cols-2">
                {EMAIL_TEST_TEMPLATES.map(({ value }) => {
                  const text = templateText(value);
                  const running = send.isPending && send.variables?.template === value;
                  return (
                    <li key={value} className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
                      <div className="flex-1">
                        <h2 className="font-semibold text-slate-900">{text.name}</h2>
                        <p className="mt-1 text-sm text-slate-600">{text.detail}</p>
                      </div>
                      <Button
                        className="self-start"
                        disabled={send.isPending}
                        onClick={() => sendTest(value)}
                        aria-label={t('sendLabel', { template: text.name })}
                      >
                        {running ? (
                          <Loader2 className="animate-spin" aria-hidden="true" />
                        ) : (
                          <Send aria-hidden="true" />
                        )}
                        {running ? t('sending') : t('send')}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            </CardContent>
          </Card>

          <Results tests={tests} />
        </div>

        <TechnicalNotes settings={tests.data?.settings} failed={tests.isError} />
      </div>
    </section>
  );
}

function Results({ tests }: { tests: ReturnType<typeof useEmailTests> }) {
  const { t } = useTranslation(EMAIL_TEST_NAMESPACE);
  return (
    <Card>
      <CardContent className="p-5 sm:p-6">
        <h2 className="text-xl font-semibold text-slate-900">{t('results.title')}</h2>
        {tests.isPending ? (
          <div role="status" aria-label={t('results.title')} className="mt-4 space-y-3">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : tests.isError ? (
          <div
            role="alert"
            className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
          >
            <p className="flex-1">{tests.error.message || t('results.loadFailed')}</p>
            <Button size="sm" variant="outline" onClick={() => void tests.refetch()}>
              {t('results.retry')}
            </Button>
          </div>
        ) : tests.data.tests.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('results.empty')}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-3" aria-live="polite">
            {tests.data.tests.map((test) => (
              <ResultItem key={test.id} test={test} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_STYLES = {
  sent: { icon: CheckCircle2, badge: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  failed: { icon: XCircle, badge: 'bg-red-100 text-red-900 ring-red-300' },
  pending: { icon: Clock, badge: 'bg-amber-100 text-amber-900 ring-amber-300' },
} as const;

function ResultItem({ test }: { test: EmailTestView }) {
  const { t } = useTranslation(EMAIL_TEST_NAMESPACE);
  const templateText = useTemplateText();
  const style = STATUS_STYLES[test.status];
  const Icon = style.icon;
  return (
    <li
      data-testid="email-test-result"
      data-status={test.status}
      className="rounded-xl border border-slate-200 px-4 py-3"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
            style.badge,
          )}
        >
          <Icon className={cn('size-3.5', test.status === 'pending' && 'animate-pulse')} aria-hidden="true" />
          {t(`results.statuses.${test.status}`)}
        </span>
        <span className="font-medium text-slate-900">{templateText(test.template).name}</span>
        <time dateTime={test.createdAt} className="text-xs text-slate-500 sm:ml-auto">
          {formatDateTime(test.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-sm break-all text-slate-700">{t('results.to', { to: test.to })}</p>
      {test.subjects.length ? (
        <div className="mt-2">
          <p className="text-xs font-semibold text-slate-600">{t('results.subjects')}</p>
          <ul className="mt-1 space-y-0.5 text-sm text-slate-800">
            {test.subjects.map((subject, index) => (
              <li key={index} className="flex gap-2">
                <Mail className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
                <span className="min-w-0 break-words">{subject}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {test.error ? (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm break-words text-red-900">
          <span className="font-semibold">{t('results.error')} : </span>
          {test.error}
        </p>
      ) : null}
    </li>
  );
}

/** Sender, reply-to, SMTP server and the contact rate limit, as the api's configuration has them. */
function TechnicalNotes({ settings, failed }: { settings: EmailTestsAnswer['settings'] | undefined; failed: boolean }) {
  const { t } = useTranslation(EMAIL_TEST_NAMESPACE);
  const rows = settings
    ? [
        { label: t('notes.from'), value: settings.from },
        { label: t('notes.replyTo'), value: settings.replyTo, hint: t('notes.replyToHint') },
        { label: t('notes.smtp'), value: settings.smtpHost },
        {
          label: t('notes.rateLimit'),
          value: t('notes.rateLimitValue', {
            points: settings.contactRateLimit.points,
            minutes: settings.contactRateLimit.windowMinutes,
          }),
        },
      ]
    : null;
  return (
    <Card className="self-start">
      <CardContent className="p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('notes.title')}</h2>
        {rows ? (
          <dl className="mt-4 flex flex-col gap-3 text-sm" data-testid="email-test-notes">
            {rows.map((row) => (
              <div key={row.label}>
                <dt className="font-medium text-slate-900">{row.label}</dt>
                <dd className="break-words text-slate-700">{row.value}</dd>
                {row.hint ? <dd className="text-xs text-slate-500">{row.hint}</dd> : null}
              </div>
            ))}
          </dl>
        ) : failed ? (
          <p className="mt-3 text-sm text-slate-600">{t('results.loadFailed')}</p>
        ) : (
          <div role="status" aria-label={t('notes.title')} className="mt-4 space-y-3">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
