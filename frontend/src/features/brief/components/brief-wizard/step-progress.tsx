import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** "Étape n sur 3", the progress bar and the numbered list of the wizard's steps. */
export function StepProgress({ steps, current }: { steps: readonly string[]; current: number }) {
  const { t } = useTranslation('brief');
  const counter = t('wizard.stepCounter', { current, total: steps.length });
  return (
    <nav aria-label={counter} className="mt-8">
      <p className="text-sm font-medium text-violet-800" aria-live="polite">
        {counter} — {t(`wizard.steps.${steps[current - 1]}`)}
      </p>
      <div
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={current}
        aria-label={counter}
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-violet-700 transition-all"
          style={{ width: `${(current / steps.length) * 100}%` }}
        />
      </div>
      <ol className="mt-3 grid grid-cols-3 gap-2 text-xs sm:text-sm">
        {steps.map((key, index) => (
          <li
            key={key}
            aria-current={index + 1 === current ? 'step' : undefined}
            // Narrower than 25 rem (a phone, 400 % zoom) the number sits above its label, which then has the column's width.
            className={cn(
              'flex min-w-0 flex-col items-start gap-1 min-[25rem]:flex-row min-[25rem]:items-center min-[25rem]:gap-2',
              index + 1 <= current ? 'font-semibold text-slate-900' : 'text-slate-500',
            )}
          >
            <span
              className={cn(
                'grid size-6 shrink-0 place-items-center rounded-full text-xs',
                index + 1 < current
                  ? 'bg-violet-700 text-white'
                  : index + 1 === current
                    ? 'bg-violet-100 text-violet-800 ring-2 ring-violet-700'
                    : 'bg-slate-100',
              )}
            >
              {index + 1}
            </span>
            <span className="min-w-0 break-words">{t(`wizard.steps.${key}`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
