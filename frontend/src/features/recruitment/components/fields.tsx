import type { BriefOption } from '@domain/brief-options';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { RECRUITMENT_NAMESPACE } from '../labels';

/** The interface language, for the choices' labels of domain/recruitment.ts. */
export function useOptionLanguage(): 'fr' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'fr';
}

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30 aria-[invalid=true]:border-red-500';

function RequiredMark() {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  return (
    <>
      <span className="text-red-600" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="sr-only"> ({t('required')})</span>
    </>
  );
}

export function ErrorText({ id, children }: { id: string; children?: string }) {
  if (!children) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-700">
      {children}
    </p>
  );
}

interface FieldProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  /** Spans both columns of the section grid. */
  wide?: boolean;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error, wired for screen readers. */
function Field({ label, error, hint, required, wide, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', wide && 'sm:col-span-2')}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <RequiredMark />}
      </label>
      {children({ id, describedBy: describedBy || undefined, invalid: Boolean(error) })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`}>{error}</ErrorText>
    </div>
  );
}

type FrameProps = Omit<FieldProps, 'children'>;

/** A text input in its `Field`; the other props (`register(...)` among them) go to the input. */
export function TextField({
  label,
  error,
  hint,
  required,
  wide,
  className,
  ...input
}: FrameProps & ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} wide={wide}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required={required || undefined}
          className={cn(inputClass, className)}
          {...input}
        />
      )}
    </Field>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  wide = true,
  ...textArea
}: FrameProps & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint} wide={wide}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          rows={4}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cn(inputClass, 'min-h-24')}
          {...textArea}
        />
      )}
    </Field>
  );
}

export function SelectField({
  label,
  error,
  hint,
  wide,
  options,
  ...select
}: FrameProps & ComponentProps<'select'> & { options: readonly BriefOption[] }) {
  const language = useOptionLanguage();
  return (
    <Field label={label} error={error} hint={hint} wide={wide}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          className={cn(inputClass, 'pr-8')}
          {...select}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option[language]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
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
