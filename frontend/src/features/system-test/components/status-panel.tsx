import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useHealth } from '../api/system-test';
import { SYSTEM_TEST_NAMESPACE } from '../locales';

/** Each component of `GET /api/health` with its state and latency. */
export function StatusPanel() {
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
