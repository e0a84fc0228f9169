import { SYSTEM_TEST_MESSAGES, type SystemTestKind, type SystemTestResult } from '@domain/admin';
import type { RushAnalysisResult } from '@domain/analysis';
import { CheckCircle2, Loader2, Play, RefreshCw, ShieldCheck, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Field } from '@/components/form/fields';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { RushUploader } from '@/components/uploader/rush-uploader';
import { APP_NAME } from '@/config/paths';
import { cn } from '@/lib/utils';
import { useHealth, useRunSystemTest } from '../api/system-test';
import { registerSystemTestLabels, SYSTEM_TEST_NAMESPACE } from '../labels';

registerSystemTestLabels();

/** The toasts of 000 §8 for each check: passed, failed, could not run. */
const TOASTS = {
  assignment: {
    passed: SYSTEM_TEST_MESSAGES.assignmentPassed,
    failed: SYSTEM_TEST_MESSAGES.assignmentFailed,
    error: SYSTEM_TEST_MESSAGES.assignmentError,
  },
  workflow: {
    passed: SYSTEM_TEST_MESSAGES.workflowPassed,
    failed: SYSTEM_TEST_MESSAGES.workflowFailed,
    error: SYSTEM_TEST_MESSAGES.workflowError,
  },
} as const;

/**
 * /test (admins, 000 §2): the services' state from `GET /api/health`, the automatic-assignment and
 * full-workflow checks run for real on the server (on rows of their own, removed afterwards), and
 * the storage and analysis check through the brief funnels' upload path.
 */
export function SystemTestPage() {
  const { t } = useTranslation(SYSTEM_TEST_NAMESPACE);
  const title = t('title', { appName: APP_NAME });
  const run = useRunSystemTest();
  const [result, setResult] = useState<SystemTestResult | null>(null);

  const start = (kind: SystemTestKind) => {
    const toasts = TOASTS[kind];
    run.mutate(kind, {
      onSuccess: (answer) => {
        setResult(answer);
        const message = answer.success ? toasts.passed : toasts.failed;
        (answer.success ? toast.success : toast.error)(message.title, { description: message.text });
      },
      onError: () => toast.error(toasts.error.title, { description: toasts.error.text }),
    });
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <DocumentTitle title={title} />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{t('subtitle')}</p>

      <StatusPanel />

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        {(['assignment', 'workflow'] as const).map((kind) => (
          <Card key={kind}>
            <CardContent className="flex h-full flex-col gap-4">
              <div>
                <h2 className="text-xl font-semibold text-slate-900">{t(`${kind}.title`)}</h2>
                <p className="mt-1 text-sm text-slate-600">{t(`${kind}.text`)}</p>
              </div>
              <Button className="mt-auto self-start" disabled={run.isPending} onClick={() => start(kind)}>
                {run.isPending && run.variables === kind ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Play aria-hidden="true" />
                )}
                {run.isPending && run.variables === kind ? t('running') : t(`${kind}.run`)}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-600">
        <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
        {t('isolation')}
      </p>

      <ResultCard result={result} onClear={() => setResult(null)} />

      <UploadCheck />
    </section>
  );
}

/** Each component of `GET /api/health` with its state and latency. */
function StatusPanel() {
  const { t } = useTranslation(SYSTEM_TEST_NAMESPACE);
  const health = useHealth();
  return (
    <Card className="mt-8">
      <CardContent>
        <div className="flex items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900">{t('status.title')}</h2>
          <Button size="sm" variant="outline" disabled={health.isFetching} onClick={() => void health.refetch()}>
            <RefreshCw className={cn(health.isFetching && 'animate-spin')} aria-hidden="true" />
            {health.isFetching ? t('status.checking') : t('status.refresh')}
          </Button>
        </div>
        {health.isError && !health.data ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {t('status.failed')}
          </p>
        ) : (
          <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-busy={health.isPending}>
            {Object.entries(health.data?.components ?? {}).map(([name, component]) => (
              <li
                key={name}
                data-testid={`health-${name}`}
                data-status={component.status}
                className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-2.5"
              >
                {component.status === 'ok' ? (
                  <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
                ) : (
                  <XCircle className="size-5 shrink-0 text-red-600" aria-hidden="true" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-900">
                    {t(`status.components.${name}`, { defaultValue: name })}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {t(`status.${component.status}`)} · {t('status.latency', { ms: component.latencyMs })}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The last check's outcome: Succès or Échec, the editor as read back, the notifications, the error. */
function ResultCard({ result, onClear }: { result: SystemTestResult | null; onClear: () => void }) {
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

/** Storage and analysis: real files through the funnels' upload path, measured by ffprobe in the worker. */
function UploadCheck() {
  const { t } = useTranslation(SYSTEM_TEST_NAMESPACE);
  const [declared, setDeclared] = useState('');
  const [result, setResult] = useState<RushAnalysisResult | null | undefined>(undefined);
  const declaredMinutes = Number(declared.replace(',', '.'));

  return (
    <Card className="mt-6">
      <CardContent className="space-y-5">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">{t('uploads.title')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('uploads.text')}</p>
        </div>
        <Field label={t('uploads.declared')} className="sm:max-w-xs">
          {({ id }) => (
            <input
              id={id}
              inputMode="decimal"
              value={declared}
              onChange={(event) => setDeclared(event.target.value)}
              className="h-10 rounded-lg border border-slate-300 px-3 text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
            />
          )}
        </Field>
        <RushUploader
          declaredDurationMinutes={declaredMinutes > 0 ? declaredMinutes : undefined}
          onAnalysed={setResult}
        />
        {result !== undefined && (
          <output
            data-testid="rush-analysis-result"
            className="block rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700"
          >
            {result
              ? t('uploads.result', { seconds: result.totalRushDuration, minutes: result.totalRushDurationMinutes })
              : t('uploads.unavailable')}
            <span hidden data-testid="rush-analysis-json">
              {JSON.stringify(result)}
            </span>
          </output>
        )}
      </CardContent>
    </Card>
  );
}
