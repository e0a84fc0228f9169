import type { CallDay } from '@domain/contact';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { CONTACT_NAMESPACE } from '../../locales';
import { dayLabel, shortDayLabel } from '../../lib/slot-labels';
import { useLanguage } from './booked-call';

interface SlotPickerProps {
  days: CallDay[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  chosen: string;
  onChoose: (startsAt: string) => void;
  error?: string;
}

/**
 * The free slots by day: the days are tabs (arrow keys move between them), each day's times a
 * group of radio buttons (arrow keys move and choose within it).
 */
export function SlotPicker({ days, loading, failed, onRetry, chosen, onChoose, error }: SlotPickerProps) {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const language = useLanguage();
  const errorId = useId();
  const [day, setDay] = useState<string | null>(null);

  if (loading) {
    return (
      <div role="status" aria-label={t('call.loading')} className="space-y-3">
        <Skeleton className="h-12 rounded-xl" />
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {Array.from({ length: 10 }, (_, index) => (
            <Skeleton key={index} className="h-11" />
          ))}
        </div>
      </div>
    );
  }
  if (failed || !days) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <p className="flex-1 text-sm text-red-900">{t('call.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }
  if (days.length === 0) {
    return <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">{t('call.empty')}</p>;
  }

  // The day shown: the one picked, else the chosen slot's, else the first (a day fully booked meanwhile falls back).
  const current =
    days.find((candidate) => candidate.date === day) ??
    days.find((candidate) => candidate.slots.some((slot) => slot.startsAt === chosen)) ??
    days[0];

  return (
    <Tabs value={current.date} onValueChange={setDay}>
      <TabsList aria-label={t('call.days')} className="h-auto">
        {days.map((candidate) => {
          const short = shortDayLabel(candidate.date, language);
          return (
            <TabsTrigger
              key={candidate.date}
              value={candidate.date}
              className="flex min-w-0 flex-col px-1 py-1.5 leading-tight"
            >
              <span className="capitalize">{short.weekday}</span>
              <span className="whitespace-nowrap">{short.date}</span>
              <span className="text-xs font-normal text-slate-600 max-sm:sr-only">
                {t('call.slotCount', { count: candidate.slots.length })}
              </span>
            </TabsTrigger>
          );
        })}
      </TabsList>
      {days.map((candidate) => (
        // The panel itself takes no Tab stop: Tab goes straight from the days to the times.
        <TabsContent key={candidate.date} value={candidate.date} className="mt-4" tabIndex={-1}>
          <fieldset aria-describedby={error ? errorId : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-800">
              {t('call.slots', { day: dayLabel(candidate.date, language) })}
            </legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {candidate.slots.map((slot) => (
                <label key={slot.startsAt} className="relative">
                  <input
                    type="radio"
                    name="call-slot"
                    value={slot.startsAt}
                    checked={chosen === slot.startsAt}
                    onChange={() => onChoose(slot.startsAt)}
                    className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                  <span
                    className={cn(
                      'flex h-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white text-sm font-medium text-slate-800 tabular-nums transition-colors hover:border-violet-400 hover:bg-violet-50',
                      'peer-checked:border-violet-700 peer-checked:bg-violet-700 peer-checked:text-white',
                      'peer-focus-visible:ring-2 peer-focus-visible:ring-violet-600 peer-focus-visible:ring-offset-2',
                    )}
                  >
                    {slot.time}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        </TabsContent>
      ))}
      {error ? (
        <p id={errorId} className="mt-2 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Tabs>
  );
}
