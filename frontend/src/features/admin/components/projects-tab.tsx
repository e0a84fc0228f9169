import { ADMIN_MESSAGES, type AdminProjectRow } from '@domain/admin';
import type { AdminProjectChange } from '@domain/project-rules';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ProjectStatusBadge } from '@/components/projects/project-status-badge';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { PAGE_SIZE, useAdminProjects, type ProjectFilters } from '../api/admin-projects';
import { ADMIN_NAMESPACE } from '../locales';
import { ScrollTable, TableHead, td } from './admin-table';
import { PagedQueryState } from './paged-query-state';
import { AssignDialog } from './projects-tab/assign-dialog';
import { CancelDialog } from './projects-tab/cancel-dialog';
import { RefundDialog } from './projects-tab/refund-dialog';
import { DeadlineDialog } from './projects-tab/deadline-dialog';
import { RevisionsDialog } from './projects-tab/revisions-dialog';
import { ProjectActions } from './projects-tab/project-actions';
import { OverdueBadge } from './projects-tab/overdue-badge';
import { AttentionNote } from './projects-tab/attention-note';
import { ProjectFilterForm } from './projects-tab/project-filter-form';
import { videoTypeLabel } from './projects-tab/video-type-label';

/** Admin › Projets: every project, filtered and paginated on the server, with the admin's actions. */
export function ProjectsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [filters, setFilters] = useState<ProjectFilters>({ page: 1 });
  const projects = useAdminProjects(filters);
  const [assigning, setAssigning] = useState<AdminProjectRow | null>(null);
  const [cancelling, setCancelling] = useState<AdminProjectRow | null>(null);
  const [refunding, setRefunding] = useState<AdminProjectRow | null>(null);
  const [changing, setChanging] = useState<{ change: AdminProjectChange; project: AdminProjectRow } | null>(null);
  const onChange = (change: AdminProjectChange, project: AdminProjectRow) => setChanging({ change, project });

  useEffect(() => {
    if (projects.isError) toast.error(ADMIN_MESSAGES.loadProjectsFailed, { id: 'admin-projects-load' });
  }, [projects.isError]);

  const set = (change: Partial<ProjectFilters>) => setFilters((current) => ({ ...current, ...change, page: 1 }));

  return (
    <section aria-labelledby="admin-projects-title" className="space-y-5">
      <h2 id="admin-projects-title" className="sr-only">
        {t('tabs.projects')}
      </h2>
      <ProjectFilterForm filters={filters} onChange={set} onReset={() => setFilters({ page: 1 })} />

      <PagedQueryState
        query={projects}
        pageSize={PAGE_SIZE}
        empty={t('projects.empty')}
        onPage={(next) => setFilters((current) => ({ ...current, page: next }))}
      >
        {(items) => (
          <>
            <ul className="flex flex-col gap-3 md:hidden" aria-label={t('projects.caption')}>
              {items.map((project) => (
                <li
                  key={project.id}
                  className="rounded-xl border border-slate-200 bg-white p-4"
                  data-testid="admin-project-card"
                >
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <Link
                        to={paths.project.getHref(project.id)}
                        className="font-medium text-slate-900 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
                      >
                        {project.title}
                      </Link>
                      <p className="text-xs font-medium text-slate-600 tabular-nums" data-testid="project-reference">
                        {project.reference}
                      </p>
                    </div>
                    <span className="shrink-0 text-sm font-medium whitespace-nowrap text-slate-800">
                      {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
                    </span>
                  </div>
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    <ProjectStatusBadge status={project.status} />
                    <OverdueBadge project={project} />
                  </div>
                  <dl className="mt-3 grid grid-cols-[7rem_1fr] gap-x-2 gap-y-1 text-sm">
                    <dt className="text-slate-500">{t('projects.columns.client')}</dt>
                    <dd className="break-all text-slate-800">{project.clientEmail}</dd>
                    <dt className="text-slate-500">{t('projects.columns.editor')}</dt>
                    <dd className="text-slate-800">{project.editor?.name ?? t('projects.noEditor')}</dd>
                    <dt className="text-slate-500">{t('projects.columns.delivery')}</dt>
                    <dd className="text-slate-800">{formatDate(project.deliveryDate)}</dd>
                  </dl>
                  <AttentionNote project={project} className="mt-2" />
                  <div className="mt-3">
                    <ProjectActions
                      project={project}
                      onAssign={setAssigning}
                      onChange={onChange}
                      onCancel={setCancelling}
                      onRefund={setRefunding}
                    />
                  </div>
                </li>
              ))}
            </ul>
            <div className="hidden md:block">
              <ScrollTable caption={t('projects.caption')} minWidth="60rem">
                <TableHead
                  labels={(['project', 'status', 'client', 'editor', 'delivery', 'price', 'actions'] as const).map(
                    (column) => t(`projects.columns.${column}`),
                  )}
                />
                <tbody>
                  {items.map((project) => (
                    <tr key={project.id} data-testid="admin-project-row" data-project-id={project.id}>
                      <td className={td}>
                        <Link
                          to={paths.project.getHref(project.id)}
                          aria-label={t('projects.openLabel', { title: project.title, reference: project.reference })}
                          className="font-medium text-slate-900 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
                        >
                          {project.title}
                        </Link>
                        <p className="mt-0.5 text-xs text-slate-500">
                          <span className="font-medium text-slate-600 tabular-nums" data-testid="project-reference">
                            {project.reference}
                          </span>{' '}
                          · {videoTypeLabel(project.videoType)} · {formatDate(project.createdAt)}
                        </p>
                        <AttentionNote project={project} className="mt-1" />
                      </td>
                      <td className={td}>
                        <div className="flex flex-col items-start gap-1">
                          <ProjectStatusBadge status={project.status} />
                          <OverdueBadge project={project} />
                        </div>
                      </td>
                      <td className={`${td} whitespace-nowrap`}>{project.clientEmail}</td>
                      <td className={td}>{project.editor?.name ?? t('projects.noEditor')}</td>
                      <td className={td}>{formatDate(project.deliveryDate)}</td>
                      <td className={`${td} whitespace-nowrap`}>
                        {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
                      </td>
                      <td className={td}>
                        <ProjectActions
                          project={project}
                          onAssign={setAssigning}
                          onChange={onChange}
                          onCancel={setCancelling}
                          onRefund={setRefunding}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </ScrollTable>
            </div>
          </>
        )}
      </PagedQueryState>

      <AssignDialog project={assigning} onClose={() => setAssigning(null)} />
      <AssignDialog
        project={changing?.change === 'reassign' ? changing.project : null}
        reassign
        onClose={() => setChanging(null)}
      />
      <DeadlineDialog
        project={changing?.change === 'deadline' ? changing.project : null}
        onClose={() => setChanging(null)}
      />
      <RevisionsDialog
        project={changing?.change === 'addRevisions' ? changing.project : null}
        onClose={() => setChanging(null)}
      />
      <CancelDialog project={cancelling} onClose={() => setCancelling(null)} />
      <RefundDialog project={refunding} onClose={() => setRefunding(null)} />
    </section>
  );
}
