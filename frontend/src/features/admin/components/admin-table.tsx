import type { ReactNode } from 'react';

/** A table that scrolls sideways on a phone rather than squeezing its columns. */
export function ScrollTable({
  caption,
  minWidth,
  children,
}: {
  caption: string;
  minWidth: string;
  children: ReactNode;
}) {
  return (
    // A region wider than the screen takes the focus, so the keyboard scrolls it with the arrows (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full border-separate border-spacing-0 text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

const th =
  'border-b border-slate-200 bg-slate-50 px-3 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase first:rounded-tl-lg last:rounded-tr-lg';

/** A table's header row, one column heading a label. */
export function TableHead({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className={th}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export const td = 'border-b border-slate-100 px-3 py-3 align-top text-slate-800';
