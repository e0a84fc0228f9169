import type { BriefOption } from '@domain/brief-options';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TextAreaField as BaseTextAreaField,
  TextField as BaseTextField,
  ErrorText,
  RequiredMark,
  useOptionLanguage,
} from '@/components/form/fields';
import { cn } from '@/lib/utils';
import { RECRUITMENT_NAMESPACE } from '../locales';

/** A text input in its `Field`, marked `aria-required` when required. */
export function TextField({ required, ...props }: ComponentProps<typeof BaseTextField>) {
  return <BaseTextField required={required} aria-required={required || undefined} {...props} />;
}

/** The application's text areas: a row taller than the default, both columns wide unless told. */
export function TextAreaField({
  wide = true,
  rows = 4,
  className,
  ...props
}: ComponentProps<typeof BaseTextAreaField>) {
  return <BaseTextAreaField wide={wide} rows={rows} className={cn('min-h-24', className)} {...props} />;
}

/**
 * Choices as a grid of tickable tiles (checkboxes share one name, so react-hook-form keeps them as
 * one list); the legend counts the ticked ones.
 */
export function ChoiceGrid({
  legend,
  options,
  type = 'checkbox',
  inputProps,
  selectedCount,
  error,
  columns = 3,
  legendHidden = false,
  shortLabels = false,
}: {
  legend: string;
  /** The section's heading already says it: the legend is for screen readers only. */
  legendHidden?: boolean;
  /** Short labels (days, genres) sit two by two even on a narrow phone. */
  shortLabels?: boolean;
  options: readonly BriefOption[];
  type?: 'checkbox' | 'radio';
  inputProps: ComponentProps<'input'>;
  /** Shown beside the legend for checkbox grids. */
  selectedCount?: number;
  error?: string;
  columns?: 2 | 3 | 4;
}) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const language = useOptionLanguage();
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 flex w-full flex-wrap items-baseline justify-between gap-2 text-sm font-medium text-slate-800 has-[.sr-only]:justify-end">
        <span className={cn(legendHidden && 'sr-only')}>{legend}</span>
        {selectedCount !== undefined && (
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              selectedCount > 0 ? 'bg-violet-100 text-violet-800' : 'bg-slate-100 text-slate-600',
            )}
          >
            {t('selected', { count: selectedCount })}
          </span>
        )}
      </legend>
      <div
        className={cn(
          'grid gap-2 min-[420px]:grid-cols-2',
          shortLabels ? 'grid-cols-2' : 'grid-cols-1',
          columns >= 3 && 'md:grid-cols-3',
          columns === 4 && 'lg:grid-cols-4',
        )}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 transition-colors hover:bg-slate-50 has-checked:border-violet-600 has-checked:bg-violet-50 has-focus-visible:ring-2 has-focus-visible:ring-violet-600"
          >
            <input type={type} value={option.value} className="size-4 shrink-0 accent-violet-700" {...inputProps} />
            <span>{option[language]}</span>
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
    </fieldset>
  );
}

/** One checkbox with its label on the right; `required` marks it as the spec's required consent. */
export function CheckboxField({
  label,
  error,
  required,
  ...props
}: ComponentProps<'input'> & { label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={id}
        className="flex cursor-pointer items-start gap-3 rounded-lg p-2 text-sm text-slate-800 hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-violet-600"
      >
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-violet-700"
          aria-invalid={Boolean(error) || undefined}
          aria-required={required || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <span>
          {label}
          {required && <RequiredMark />}
        </span>
      </label>
      <div className="pl-9">
        <ErrorText id={`${id}-error`}>{error}</ErrorText>
      </div>
    </div>
  );
}
