import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export const inputClass =
  'h-10 w-full rounded-lg border border-slate-500 bg-white px-3 text-sm text-slate-900 outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600 aria-[invalid=true]:border-red-500 disabled:bg-slate-50';

/** A labelled control; `id` ties the label to it. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input; the error, if any, marks it invalid and is read with it. The other props go to the input. */
export function TextField({
  label,
  hint,
  error,
  className,
  ...input
}: { label: string; hint?: string; error?: string } & ComponentProps<'input'>) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
    </Field>
  );
}
