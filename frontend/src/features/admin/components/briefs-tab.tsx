import { BRIEF_STATUSES } from '@domain/enums';
import { optionLabel, WIZARD_VIDEO_TYPES } from '@domain/brief-options';
import { AlertTriangle, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';
import { BRIEFS_PAGE_SIZE, useAdminBriefs, type BriefFilters } from '../api/admin-briefs';
import { ADMIN_NAMESPACE } from '../locales';
import { ScrollTable, TableHead, td } from './admin-table';
import { TextField } from './form-field';
import { FilterCheckbox, FilterSelect } from './list-filters';
import { PagedQueryState } from './paged-query-state';
import { WorkflowLink } from './operator-links';

const STATUS_COLOURS: Record<string, string> = {
  pending_payment: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  expired: 'bg-slate-200 text-slate-700',
  cancelled: 'bg-red-100 text-red-900',
};

/** Admin › Briefs: every brief with its funnel, price, payment state, reminders and what needs an admin. */
export function BriefsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [filters, setFilters] = useState<BriefFilters>({ page: 1 });
  const [text, setText] = useState('');
  const briefs = useAdminBriefs(filters);
  const set = (change: Partial<BriefFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));

  return (
    <section aria-labelledby="admin-briefs-title" className="space-y-5">
      <h2 id="admin-briefs-title" className="sr-only">
        {t('tabs.briefs')}
      </h2>
      <form
        aria-label={t('briefs.filters')}
        className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: text.trim() || undefined });
        }}
      >
        <FilterSelect
          label={t('briefs.status')}
          value={filters.status ?? ''}
          onChange={(status) => set({ status: status || undefined })}
          options={BRIEF_STATUSES.map((status) => ({ value: status, label: t(`briefs.statuses.${status}`) }))}
        />
        <TextField
          label={t('briefs.searchLabel')}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <FilterCheckbox
            label={t('briefs.attention')}
            checked={Boolean(filters.attention)}
            onChange={(attention) => set({ attention })}
          />
          <Button type="submit" variant="outline" size="icon" aria-label={t('common.search')}>
            <Search aria-hidden="true" />
          </Button>
        </div>
      </form>

      <PagedQueryState
        query={briefs}
        pageSize={BRIEFS_PAGE_SIZE}
        empty={t('briefs.empty')}
        onPage={(next) => setFilters((current) => ({ ...current, page: next }))}
      >
        {(items) => (
          <ScrollTable caption={t('briefs.caption')} minWidth="62rem">
            <TableHead
              labels={(['brief', 'funnel', 'price', 'payment', 'reminders', 'attention', 'links'] as const).map(
                (column) => t(`briefs.columns.${column}`),
              )}
            />
            <tbody>
              {items.map((brief) => (
                <tr key={brief.id} data-testid="admin-brief-row" data-brief-id={brief.id}>
                  <td className={td}>
                    <p className="font-medium text-slate-900">{brief.title}</p>
                    <p className="text-xs break-all text-slate-600">{brief.email}</p>
                    <p className="text-xs text-slate-500">
                      {brief.videoType ? `${optionLabel(WIZARD_VIDEO_TYPES, brief.videoType)} · ` : ''}
                      {formatDateTime(brief.createdAt)}
                    </p>
                  </td>
                  <td className={td}>{t(`briefs.funnels.${brief.funnel}`)}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {brief.priceCents === null ? '—' : formatMoney(brief.priceCents, brief.currency)}
                    {brief.launchOfferApplied && brief.offerPriceCents !== null ? (
                      <p className="text-xs text-emerald-800">
                        {t('briefs.offer', { price: formatMoney(brief.offerPriceCents, brief.currency) })}
                      </p>
                    ) : null}
                  </td>
                  <td className={td}>
                    <span
                      className={cn(
                        'rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
                        STATUS_COLOURS[brief.status],
                      )}
                    >
                      {t(`briefs.statuses.${brief.status}`)}
                    </span>
                    {brief.amountPaidCents !== null ? (
                      <p className="mt-1 text-xs text-slate-600">
                        {t('briefs.paid', { amount: formatMoney(brief.amountPaidCents, brief.currency) })}
                        {brief.paidAt ? ` · ${formatDate(brief.paidAt)}` : ''}
                      </p>
                    ) : null}
                  </td>
                  <td className={td}>{t('briefs.reminders', { count: brief.remindersSent })}</td>
                  <td className={td}>
                    {brief.attention.length === 0 ? (
                      <span className="text-slate-500">{t('briefs.nothing')}</span>
                    ) : (
                      <ul className="flex flex-col gap-1">
                        {brief.attention.map((item) => (
                          <li key={item.checkoutId} className="flex gap-1.5 text-xs font-medium text-amber-900">
                            <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                            {item.message}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className={td}>
                    <div className="flex flex-col items-start gap-1">
                      {brief.projectId ? (
                        <Link
                          to={paths.project.getHref(brief.projectId)}
                          aria-label={t('briefs.projectLabel', {
                            reference: brief.projectReference,
                            email: brief.email,
                          })}
                          className="rounded text-sm font-medium text-violet-700 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
                        >
                          {t('briefs.project', { reference: brief.projectReference })}
                        </Link>
                      ) : null}
                      <WorkflowLink url={brief.workflowUrl} name={brief.title} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </PagedQueryState>
    </section>
  );
}
