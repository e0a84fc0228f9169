import type { BriefOption } from '@domain/brief-options';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The interface language, for the choices' labels of the option lists in domain/. */
export function useOptionLanguage(): 'fr' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'fr';
}

export const inputClass =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-500 focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600 aria-[invalid=true]:border-red-500';

/** The star of a required field; screen readers hear the word instead. */
export function RequiredMark() {
  const { t } = useTranslation();
  return (
    <>
      <span className="text-red-600" aria-hidden="true">
        {' '}
        *
      </span>
      <span className="sr-only"> ({t('common:required')})</span>
    </>
  );
}

/** A field's error; `announce` makes screen readers read it out as soon as it shows (a dialog's one field). */
export function ErrorText({ id, children, announce }: { id: string; children?: string; announce?: boolean }) {
  if (!children) return null;
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="text-xs font-medium text-red-700">
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
  /** The error is read out when it shows (see ErrorText). */
  announce?: boolean;
  className?: string;
  children: (ids: { id: string; describedBy?: string; invalid: boolean }) => ReactNode;
}

/** Label, control, hint and error, wired for screen readers. */
export function Field({ label, error, hint, required, wide, announce, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', wide && 'sm:col-span-2', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && <RequiredMark />}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <ErrorText id={`${id}-error`} announce={announce}>
        {error}
      </ErrorText>
    </div>
  );
}

type FieldFrameProps = Omit<FieldProps, 'children' | 'className'>;

/** A text input in its `Field`; the other props (`register(...)` among them) go to the input. */
export function TextField({ label, error, hint, required, wide, ...input }: FieldFrameProps & ComponentProps<'input'>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} wide={wide}>
      {({ id, describedBy, invalid }) => (
        <TextInput id={id} aria-describedby={describedBy} aria-invalid={invalid} {...input} />
      )}
    </Field>
  );
}

/** A text area in its `Field`; the other props go to the text area. */
export function TextAreaField({
  label,
  error,
  hint,
  required,
  wide,
  announce,
  ...textArea
}: FieldFrameProps & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} wide={wide} announce={announce}>
      {({ id, describedBy, invalid }) => (
        <TextArea id={id} aria-describedby={describedBy} aria-invalid={invalid} {...textArea} />
      )}
    </Field>
  );
}

/** A select in its `Field`; the other props go to the select. */
export function SelectField({
  label,
  error,
  hint,
  required,
  wide,
  ...select
}: FieldFrameProps & ComponentProps<typeof Select>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} wide={wide}>
      {({ id, describedBy, invalid }) => (
        <Select id={id} aria-describedby={describedBy} aria-invalid={invalid} {...select} />
      )}
    </Field>
  );
}

export function TextInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClass, className)} {...props} />;
}

export function TextArea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={3} className={cn(inputClass, 'min-h-20', className)} {...props} />;
}

export function Select({
  options,
  placeholder,
  className,
  ...props
}: ComponentProps<'select'> & { options: readonly BriefOption[]; placeholder?: string }) {
  const language = useOptionLanguage();
  return (
    <select className={cn(inputClass, 'pr-8', className)} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option[language]}
        </option>
      ))}
    </select>
  );
}
