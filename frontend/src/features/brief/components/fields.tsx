import type { BriefOption } from '@domain/brief-options';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** The interface language, for the option labels of domain/brief-options. */
export function useOptionLanguage(): 'fr' | 'en' {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'en' ? 'en' : 'fr';
}

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30 aria-[invalid=true]:border-red-500';

export function FormSection({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      id={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
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
export function Field({ label, error, hint, required, wide, children }: FieldProps) {
  const { t } = useTranslation('brief');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', wide && 'sm:col-span-2')}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
        {required && <span className="sr-only"> ({t('common.required')})</span>}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The messages of the invalid fields, by field name (`delivery_formats.0` for an item of a list). */
export type FieldMessages = Partial<Record<string, { message?: string }>>;

type FieldFrameProps = Omit<FieldProps, 'children'>;

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
  ...textArea
}: FieldFrameProps & ComponentProps<'textarea'>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} wide={wide}>
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

/** A group of checkboxes or radio buttons; `inputProps` comes from react-hook-form's `register`. */
export function ChoiceGroup({
  legend,
  options,
  type,
  inputProps,
  error,
  hint,
  wide = true,
  columns = 3,
}: {
  legend: string;
  options: readonly BriefOption[];
  type: 'checkbox' | 'radio';
  inputProps: ComponentProps<'input'>;
  error?: string;
  hint?: string;
  wide?: boolean;
  columns?: 2 | 3 | 4;
}) {
  const language = useOptionLanguage();
  const id = useId();
  return (
    <fieldset
      className={cn('flex flex-col gap-2', wide && 'sm:col-span-2')}
      aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].join(' ').trim() || undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div
        className={cn(
          'grid grid-cols-1 gap-2 min-[420px]:grid-cols-2',
          columns >= 3 && 'md:grid-cols-3',
          columns === 4 && 'lg:grid-cols-4',
        )}
      >
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 hover:bg-slate-50 has-checked:border-violet-600 has-checked:bg-violet-50 has-focus-visible:ring-2 has-focus-visible:ring-violet-600"
          >
            <input type={type} value={option.value} className="size-4 accent-violet-700" {...inputProps} />
            <span>{option[language]}</span>
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One checkbox with its label on the right. */
export function CheckboxField({
  label,
  error,
  className,
  ...props
}: ComponentProps<'input'> & { label: ReactNode; error?: string }) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-violet-700"
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...props}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="pl-7 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
