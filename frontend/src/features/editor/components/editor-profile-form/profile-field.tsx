import type { ReactNode } from 'react';

export const inputClass =
  'h-10 w-full rounded-lg border border-slate-500 bg-white px-3 text-sm outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600 aria-[invalid=true]:border-red-500';

/** A labelled control; its error replaces the hint and is read with it. */
export function Field({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-600">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
