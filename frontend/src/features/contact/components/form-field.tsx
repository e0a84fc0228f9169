import type { ComponentProps, ReactNode } from 'react';
import { Field } from '@/components/form/fields';

export const inputClass =
  'block w-full rounded-lg border border-slate-500 bg-white px-3 py-2 text-base text-slate-900 shadow-xs outline-none placeholder:text-slate-500 focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600 aria-[invalid=true]:border-red-500 sm:text-sm';

/** The shared `Field`, its ids handed to the control ready to spread. */
export function FormField({
  children,
  ...frame
}: Omit<ComponentProps<typeof Field>, 'children'> & {
  children: (ids: { id: string; 'aria-describedby'?: string; 'aria-invalid': boolean }) => ReactNode;
}) {
  return (
    <Field {...frame}>
      {({ id, describedBy, invalid }) => children({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid })}
    </Field>
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
