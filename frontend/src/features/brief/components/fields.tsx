import type { BriefOption } from '@domain/brief-options';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useOptionLanguage } from '@/components/form/fields';
import { cn } from '@/lib/utils';

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

/** The messages of the invalid fields, by field name (`delivery_formats.0` for an item of a list). */
export type FieldMessages = Partial<Record<string, { message?: string }>>;

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
