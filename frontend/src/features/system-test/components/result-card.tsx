import type { SystemTestResult } from '@domain/admin';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { SYSTEM_TEST_NAMESPACE } from '../locales';

/** The last check's outcome: Succès or Échec, the editor as read back, the notifications, the error. */
export function ResultCard({ result, onClear }: { result: SystemTestResult | null; onClear: () => void }) {
  const { t } = useTranslation(SYSTEM_TEST_NAMESPACE);
  return (
    <Card className="mt-6" aria-live="polite">
      <CardContent>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900">{t('result.title')}</h2>
          {result ? (
            <Button size="sm" variant="outline" onClick={onClear}>
              <Trash2 aria-hidden="true" />
              {t('result.clear')}
            </Button>
          ) : null}
        </div>
        {!result ? (
          <p className="mt-3 text-sm text-slate-600">{t('result.empty')}</p>
        ) : (
          <div className="mt-4 space-y-4" data-testid="system-test-result" data-success={String(result.success)}>
            <div className="flex flex-wrap items-center gap-3">
              <span
                className={cn(
                  'rounded-full px-3 py-1 text-sm font-semibold ring-1',
                  result.success
                    ? 'bg-emerald-100 text-emerald-900 ring-emerald-300'
                    : 'bg-red-100 text-red-900 ring-red-300',
                )}
              >
                {result.success ? t('result.success') : t('result.failure')}
              </span>
              <span className="text-sm text-slate-700">{t(`result.kinds.${result.kind}`)}</span>
              <span className="text-xs text-slate-500">{t('result.duration', { ms: result.durationMs })}</span>
              <span className={cn('text-xs', result.cleanedUp ? 'text-emerald-800' : 'text-red-800')}>
                {result.cleanedUp ? t('result.cleanedUp') : t('result.notCleanedUp')}
              </span>
            </div>
            {result.error ? (
              <div role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">{t('result.error')}</p>
                <p>{result.error}</p>
              </div>
            ) : null}
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{t('result.editor')}</h3>
              {result.assignedEditor ? (
                <pre
                  data-testid="system-test-editor"
                  className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800"
                >
                  {JSON.stringify(result.assignedEditor, null, 2)}
                </pre>
              ) : (
                <p className="mt-1 text-sm text-slate-600">{t('result.noEditor')}</p>
              )}
            </div>
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{t('result.notifications')}</h3>
              {result.notifications.length ? (
                <ul className="mt-1 space-y-1 text-sm" data-testid="system-test-notifications">
                  {result.notifications.map((notification, index) => (
                    <li key={index} className="rounded-lg bg-slate-50 px-3 py-2">
                      <span className="font-medium text-slate-900">{notification.title}</span>{' '}
                      <span className="text-xs text-slate-500">
                        ({notification.type}, {notification.audience})
                      </span>
                      <p className="text-slate-700">{notification.message}</p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-slate-600">{t('result.noNotifications')}</p>
              )}
            </div>
            {result.statuses.length ? (
              <p className="text-sm text-slate-700">
                <span className="font-semibold">{t('result.statuses')} :</span> {result.statuses.join(' → ')}
              </p>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
