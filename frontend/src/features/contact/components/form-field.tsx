import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { CONTACT_NAMESPACE } from '../labels';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-xs outline-none placeholder:text-slate-400 focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30 aria-[invalid=true]:border-red-500 sm:text-sm';

interface FormFieldProps {
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid': boolean }) => ReactNode;
}

/** Label, control, hint and error, wired for screen readers. */
export function FormField({ label, error, hint, required, className, children }: FormFieldProps) {
  const { t } = useTranslation(CONTACT_NAMESPACE);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <>
            <span className="text-red-600" aria-hidden="true">
              {' '}
              *
            </span>
            <span className="sr-only"> ({t('form.required')})</span>
          </>
        ) : null}
      </label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': Boolean(error) })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The honeypot: off-screen for people, hidden from assistive technology and out of the tab order,
 * so only robots that fill every input fill it; the server then drops the request silently.
 */
export function HoneypotField({ label, ...input }: ComponentProps<'input'> & { label: string }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[9999px] size-px overflow-hidden">
      <label>
        {label}
        <input type="text" tabIndex={-1} autoComplete="off" {...input} />
      </label>
    </div>
  );
}
