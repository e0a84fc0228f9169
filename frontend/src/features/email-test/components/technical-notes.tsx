import type { EmailTestsAnswer } from '@domain/email-tests';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { EMAIL_TEST_NAMESPACE } from '../locales';

/** Sender, reply-to, SMTP server and the contact rate limit, as the api's configuration has them. */
export function TechnicalNotes({
  settings,
  failed,
}: {
  settings: EmailTestsAnswer['settings'] | undefined;
  failed: boolean;
}) {
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
