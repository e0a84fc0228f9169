import { EMAIL_TEST_TEMPLATES, type EmailTestTemplate } from '@domain/email-tests';
import { emailTestRequestSchema } from '@domain/schemas/email-tests';
import { zodResolver } from '@/lib/zod-resolver';
import { Loader2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Field } from '@/components/form/fields';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useAuth } from '@/lib/auth';
import { useEmailTests, useSendEmailTest } from '../api/email-tests';
import { EMAIL_TEST_NAMESPACE } from '../locales';
import { useTemplateText } from './use-template-text';
import { EmailTestResults } from './email-test-results';
import { TechnicalNotes } from './technical-notes';

const addressSchema = emailTestRequestSchema.pick({ to: true });

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
                    className="h-10 rounded-lg border border-slate-500 px-3 text-base text-slate-900 outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600 aria-[invalid=true]:border-red-500 sm:text-sm"
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

          <EmailTestResults tests={tests} />
        </div>

        <TechnicalNotes settings={tests.data?.settings} failed={tests.isError} />
      </div>
    </section>
  );
}
