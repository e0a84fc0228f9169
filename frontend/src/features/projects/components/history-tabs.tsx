import { projectStatusLabel } from '@domain/project-lifecycle';
import { PROJECT_MESSAGES, type ProjectDetail } from '@domain/projects';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ProjectStatusBadge } from '@/components/projects/project-status-badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useProjectRevisions, useProjectTimeline } from '../api/project';
import { PROJECTS_NAMESPACE } from '../locales';

const REVISION_COLOURS = {
  pending: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-violet-100 text-violet-900',
  completed: 'bg-emerald-100 text-emerald-900',
} as const;

function ListSkeleton() {
  return (
    <div className="space-y-3" role="status">
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
    </div>
  );
}

/** Revisions tab: the project's revisions, newest first (000 §7), with count/max. */
export function RevisionsTab({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const revisions = useProjectRevisions(project.id);
  useEffect(() => {
    if (revisions.isError) toast.error(PROJECT_MESSAGES.loadRevisionsFailed, { id: 'revisions-load' });
  }, [revisions.isError]);

  return (
    <Card>
      <CardContent className="space-y-4" aria-busy={revisions.isPending}>
        <p className="text-sm font-medium text-slate-700">
          {t('revisions.used', { count: project.revisionCount, max: project.maxRevisions })}
        </p>
        {revisions.isPending ? (
          <ListSkeleton />
        ) : !revisions.data?.length ? (
          <p className="text-sm text-slate-600">{t('revisions.empty')}</p>
        ) : (
          <ol className="space-y-3" data-testid="project-revisions">
            {revisions.data.map((revision) => (
              <li key={revision.id} className="rounded-xl border border-slate-200 p-4" data-testid="project-revision">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium text-slate-900">
                    {t('revisions.number', { number: revision.revisionNumber })}
                  </p>
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                      REVISION_COLOURS[revision.status],
                    )}
                  >
                    {t(`revisions.status.${revision.status}`)}
                  </span>
                </div>
                <p className="mt-2 whitespace-pre-line text-slate-800">{revision.feedback}</p>
                <p className="mt-2 text-xs text-slate-500">
                  {t('revisions.requested', { when: formatRelative(revision.createdAt) })}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** Timeline tab: the persisted status history, oldest first. */
export function TimelineTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const timeline = useProjectTimeline(projectId);
  return (
    <Card>
      <CardContent aria-busy={timeline.isPending}>
        {timeline.isPending ? (
          <ListSkeleton />
        ) : !timeline.data?.length ? (
          <p className="text-sm text-slate-600">{t('timeline.empty')}</p>
        ) : (
          <ol className="relative space-y-6 border-l-2 border-slate-200 pl-6" data-testid="project-timeline">
            {timeline.data.map((entry) => (
              <li key={entry.id} className="relative" data-testid="timeline-entry">
                <span
                  className="absolute top-1.5 -left-[31px] size-3 rounded-full bg-violet-600 ring-4 ring-white"
                  aria-hidden="true"
                />
                <div className="flex flex-wrap items-center gap-2">
                  <ProjectStatusBadge status={entry.newStatus} />
                  {entry.oldStatus && (
                    <span className="text-xs text-slate-500">
                      {t('timeline.from', { status: projectStatusLabel(entry.oldStatus) })}
                    </span>
                  )}
                </div>
                {entry.comment && <p className="mt-1 text-sm text-slate-800">{entry.comment}</p>}
                <p className="mt-1 text-xs text-slate-500">
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                  {entry.changerName && <> · {t('timeline.by', { name: entry.changerName })}</>}
                </p>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
