import { SYSTEM_TEST_MESSAGES, type SystemTestKind, type SystemTestResult } from '@domain/admin';
import { Loader2, Play, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { DocumentTitle } from '@/components/layout/document-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { APP_NAME } from '@/config/paths';
import { useRunSystemTest } from '../api/system-test';
import { SYSTEM_TEST_NAMESPACE } from '../locales';
import { StatusPanel } from './status-panel';
import { ResultCard } from './result-card';
import { UploadCheck } from './upload-check';

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
