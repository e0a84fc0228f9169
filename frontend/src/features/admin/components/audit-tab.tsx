import { AUDIT_ACTIONS, type AuditAction } from '@domain/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/admin-settings';
import { ADMIN_NAMESPACE } from '../locales';
import { ScrollTable, TableHead, td } from './admin-table';
import { FilterSelect } from './list-filters';
import { PagedQueryState } from './paged-query-state';

/** `project.assign` → the label key `project_assign` (i18next reads dots as nesting). */
const actionKey = (action: AuditAction) => action.replace('.', '_');

const scalar = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : Array.isArray(value)
      ? value.map(scalar).join(', ') || '—'
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);

/** A before/after value: its fields one per line, a nested object folded under its name. */
function Values({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="text-slate-400">—</span>;
  if (typeof value !== 'object' || Array.isArray(value)) return <span>{scalar(value)}</span>;
  return (
    <dl className="space-y-0.5 text-xs">
      {Object.entries(value as Record<string, unknown>).map(([key, field]) => (
        <div key={key} className="flex flex-wrap gap-x-1.5">
          <dt className="font-medium text-slate-500">{key}</dt>
          <dd className="break-words text-slate-800">
            {field && typeof field === 'object' && !Array.isArray(field) ? (
              <details>
                <summary className="cursor-pointer text-violet-700">…</summary>
                <Values value={field} />
              </details>
            ) : (
              scalar(field)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Admin › Journal: every admin action (who, what, when, on what, before → after), newest first. */
export function AuditTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<AuditAction | ''>('');
  const entries = useAudit(page, action);

  return (
    <section aria-labelledby="admin-audit-title" className="space-y-5">
      <h2 id="admin-audit-title" className="sr-only">
        {t('tabs.audit')}
      </h2>
      <FilterSelect
        label={t('audit.filter')}
        className="max-w-xs"
        value={action}
        onChange={(value) => {
          setPage(1);
          setAction(value as AuditAction | '');
        }}
        options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${actionKey(value)}`) }))}
      />
      <PagedQueryState query={entries} pageSize={AUDIT_PAGE_SIZE} empty={t('audit.empty')} onPage={setPage}>
        {(items) => (
          <ScrollTable caption={t('audit.caption')} minWidth="56rem">
            <TableHead
              labels={(['when', 'who', 'action', 'target', 'change'] as const).map((column) =>
                t(`audit.columns.${column}`),
              )}
            />
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
                  <td className={`${td} whitespace-nowrap`}>{entry.actorEmail}</td>
                  <td className={td}>{t(`audit.actions.${actionKey(entry.action)}`)}</td>
                  <td className={`${td} break-all`}>{entry.targetLabel ?? entry.targetId ?? '—'}</td>
                  <td className={td}>
                    <div className="grid gap-2 sm:grid-cols-2">
                      <div>
                        <p className="text-xs font-semibold text-slate-500">{t('audit.before')}</p>
                        <Values value={entry.before} />
                      </div>
                      <div>
                        <p className="text-xs font-semibold text-slate-500">{t('audit.after')}</p>
                        <Values value={entry.after} />
                      </div>
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
