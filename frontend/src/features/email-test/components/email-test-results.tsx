import type { EmailTestView } from '@domain/email-tests';
import { CheckCircle2, Clock, Mail, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useEmailTests } from '../api/email-tests';
import { EMAIL_TEST_NAMESPACE } from '../locales';
import { useTemplateText } from './use-template-text';

/** The admin's recent tests, newest first, each with its status and the server's answer. */
export function EmailTestResults({ tests }: { tests: ReturnType<typeof useEmailTests> }) {
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
              {t('common:retry')}
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

/** One test: its status, template, address and time, the subjects sent, the error if it failed. */
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
