import type { Page } from '@domain/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, ChevronLeft, ChevronRight, ExternalLink, Inbox } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ADMIN_NAMESPACE } from '../labels';

export const inputClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30 aria-[invalid=true]:border-red-500 disabled:bg-slate-50';

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

/** A list filter: « Tous » (no filter, the empty value) first, then the choices. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  return (
    <Field id={id} label={label} className={className}>
      <select id={id} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('common.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A yes/no list filter, its box left of the label. */
export function FilterCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-4 accent-violet-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

/** Loading, failure (with a retry) and empty states around a list query; `children` renders the data. */
function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (query.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-12 rounded-xl" />
        <Skeleton className="h-12 rounded-xl" />
        <Skeleton className="h-12 rounded-xl" />
      </div>
    );
  }
  if (query.isError && query.data === undefined) {
    return (
      <div
        role="alert"
        className="flex flex-col items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-center"
      >
        <AlertTriangle className="size-5 shrink-0" aria-hidden="true" />
        <p className="flex-1">{query.error?.message || t('common.loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  const data = query.data as T;
  if (isEmpty(data)) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
        <Inbox className="size-6 text-slate-400" aria-hidden="true" />
        <p>{empty}</p>
      </div>
    );
  }
  return <div className={cn(query.isFetching && 'opacity-70 transition-opacity')}>{children(data)}</div>;
}

/** A page of a list query in its loading, failure and empty states, with the pagination under the items. */
export function PagedQueryState<Item>({
  query,
  pageSize,
  empty,
  onPage,
  children,
}: {
  query: UseQueryResult<Page<Item>>;
  pageSize: number;
  empty: string;
  onPage: (page: number) => void;
  children: (items: Item[]) => ReactNode;
}) {
  return (
    <QueryState query={query} isEmpty={(data) => data.items.length === 0} empty={empty}>
      {(data) => (
        <>
          {children(data.items)}
          <Pagination page={data.page} pageSize={pageSize} total={data.total} onPage={onPage} />
        </>
      )}
    </QueryState>
  );
}

/** Previous / next with where we are; hidden when everything fits on one page. */
function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav
      aria-label={t('common.page', { page, pages, count: total })}
      className="mt-4 flex items-center justify-between gap-3"
    >
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('common.page', { page, pages, count: total })}
      </p>
      {pages > 1 ? (
        <div className="flex gap-2">
          <Button
            size="icon"
            variant="outline"
            aria-label={t('common.previous')}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="outline"
            aria-label={t('common.next')}
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** A destructive action's confirmation (cancel a project, remove a role): nothing happens until confirmed. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} role="alertdialog">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button className="bg-red-700 hover:bg-red-800" onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The workflow's page in the Temporal UI, in a new tab. */
export function WorkflowLink({ url, name }: { url: string | null; name: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      aria-label={t('common.temporalLabel', { name })}
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      {t('common.temporal')}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

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
