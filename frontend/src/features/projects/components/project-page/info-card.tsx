import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/**
 * `sinceNow`: the value says how long ago (« il y a 3 jours »): the server that drew the page and
 * the browser taking it over may write it a moment apart, so React keeps the server's text.
 */
export function InfoCard({
  icon,
  label,
  value,
  testId,
  sinceNow = false,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId?: string;
  sinceNow?: boolean;
}) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-violet-700"
        aria-hidden="true"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs text-slate-600">{label}</p>
        <p
          className="font-semibold break-words text-slate-900"
          data-testid={testId}
          suppressHydrationWarning={sinceNow}
        >
          {value}
        </p>
      </div>
    </Card>
  );
}
