import type { Page } from '@domain/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import { AlertTriangle, ChevronLeft, ChevronRight, Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { ADMIN_NAMESPACE } from '../locales';

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
        <p className="flex-1">{query.error?.message || t('common:loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('common:retry')}
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
