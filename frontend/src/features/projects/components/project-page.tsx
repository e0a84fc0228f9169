import { briefVideoTypeText } from '@domain/brief-options';
import { projectStatusLabel } from '@domain/project-lifecycle';
import { PROJECT_MESSAGES } from '@domain/projects';
import { Clock, Film, RefreshCw, Timer } from 'lucide-react';
import type { ProjectDetail } from '@domain/projects';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { ProjectStatusBadge } from '@/components/projects/project-status-badge';
import { Button } from '@/components/ui/button';
import { LiveAnnouncement } from '@/components/ui/live-announcement';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatMoney, formatNumber, formatRelative } from '@/lib/format';
import { useProject } from '../api/project';
import { PROJECTS_NAMESPACE } from '../locales';
import { ChatTab } from './chat-tab';
import { ClientQuestionCard } from './client-question';
import { RevisionsTab, TimelineTab } from './history-tabs';
import { OverviewTab } from './overview-tab';
import { useShownDelivery } from './project-page/use-shown-delivery';
import { PageState } from './project-page/page-state';
import { InfoCard } from './project-page/info-card';
import { LoadingPage } from './project-page/loading-page';
import { RecentNotifications } from './project-page/recent-notifications';

const TABS = ['overview', 'versions', 'files', 'chat', 'revisions', 'timeline'] as const;

type Tab = (typeof TABS)[number];

// The files tab carries the uploader (Uppy): loaded when the tab opens, not before the page shows.

const FilesTab = lazy(() => import('./files-tab').then((module) => ({ default: module.FilesTab })));

/** Where a tab's own code is still loading. */
function TabLoading({ label }: { label: string }) {
  return <div className="h-64 animate-pulse rounded-2xl bg-slate-100" role="status" aria-label={label} />;
}

/** The page as a route shows it; `studio` is the review studio the app gives it (a lazy chunk of its own). */
interface ProjectPageProps {
  studio?: (project: ProjectDetail) => ReactNode;
}

/**
 * /project/{projectId} (000 §2 Project detail): states, header, the client question, info cards,
 * notifications, and the tabs (the Versions tab holds the review studio).
 */
export function ProjectPage({ studio }: ProjectPageProps = {}) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const { projectId = '' } = useParams();
  const navigate = useNavigate();
  const { data: project, error, isPending, refetch } = useProject(projectId);
  const [tab, setTab] = useState<Tab>('overview');
  const status = error instanceof ApiError ? error.status : null;
  const refused = status === 403 || status === 404;

  useEffect(() => {
    if (error && !refused) toast.error(PROJECT_MESSAGES.loadProjectFailed, { id: 'project-load' });
  }, [error, refused]);

  if (isPending) return <LoadingPage />;
  if (status === 404) {
    return (
      <PageState
        title={t('notFound')}
        hint={t('notFoundHint')}
        action={<Button onClick={() => void navigate(-1)}>{t('back')}</Button>}
      />
    );
  }
  if (status === 403) {
    return (
      <PageState
        title={t('denied')}
        hint={t('deniedHint')}
        action={
          <Button asChild>
            <Link to={paths.home.getHref()}>{t('home')}</Link>
          </Button>
        }
      />
    );
  }
  if (!project) {
    return (
      <PageState
        title={PROJECT_MESSAGES.loadProjectFailed}
        hint={t('loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('common:retry')}</Button>}
      />
    );
  }

  return <ProjectView project={project} studio={studio} tab={tab} onTab={setTab} />;
}

function ProjectView({
  project,
  studio,
  tab,
  onTab,
}: {
  project: ProjectDetail;
  studio: ProjectPageProps['studio'];
  tab: Tab;
  onTab: (tab: Tab) => void;
}) {
  const { t, i18n } = useTranslation(PROJECTS_NAMESPACE);
  const delivery = useShownDelivery(project);
  const tabs = TABS.filter((name) => name !== 'versions' || studio);
  const editorName = project.editor ? `${project.editor.firstName} ${project.editor.lastName}` : t('noEditor');

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="space-y-3">
        <p className="text-sm font-medium text-slate-500 tabular-nums" data-testid="project-reference">
          {project.reference}
        </p>
        <div className="flex flex-wrap items-start gap-3">
          <h1
            className="min-w-48 flex-1 text-2xl font-bold break-words text-slate-900 sm:text-3xl"
            data-testid="project-title"
          >
            {project.title}
          </h1>
          <ProjectStatusBadge status={project.status} className="mt-1" />
          {/* A status changed live (by the editor, the workflow) is said, not only redrawn. */}
          <LiveAnnouncement message={t('statusNow', { status: projectStatusLabel(project.status) })} />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <div className="flex gap-1">
            <dt className="text-slate-500">{t('editor')} :</dt>
            <dd className="font-medium" data-testid="project-editor">
              {editorName}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="text-slate-500">{t('price')} :</dt>
            <dd className="font-medium tabular-nums" data-testid="project-price">
              {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
            </dd>
          </div>
          <div className="flex flex-wrap gap-x-1">
            <dt className="whitespace-nowrap text-slate-500">{t('delivery')} :</dt>
            <dd className="font-medium whitespace-nowrap" data-testid="project-delivery">
              {formatDate(delivery.date)}
            </dd>
            {delivery.paused && (
              <dd className="text-amber-800" data-testid="project-delivery-paused">
                ({t('deliveryPaused')})
              </dd>
            )}
          </div>
        </dl>
        {project.description && <p className="max-w-3xl whitespace-pre-line text-slate-700">{project.description}</p>}
      </header>

      <section className="grid grid-cols-1 gap-3 min-[24rem]:grid-cols-2 lg:grid-cols-4">
        <InfoCard
          icon={<Film className="size-4" />}
          label={t('info.videoType')}
          value={
            briefVideoTypeText(
              { videoType: project.videoType, videoTypeCustom: project.videoTypeCustom },
              i18n.language === 'en' ? 'en' : 'fr',
            ) || '—'
          }
        />
        {project.finalDurationMinutes !== null && (
          <InfoCard
            icon={<Timer className="size-4" />}
            label={t('info.finalDuration')}
            value={t('info.minutes', { value: formatNumber(project.finalDurationMinutes) })}
          />
        )}
        <InfoCard
          icon={<Clock className="size-4" />}
          label={t('info.created')}
          value={formatRelative(project.createdAt)}
          sinceNow
        />
        <InfoCard
          icon={<RefreshCw className="size-4" />}
          label={t('info.revisions')}
          value={`${project.revisionCount}/${project.maxRevisions}`}
          testId="project-revisions-count"
        />
      </section>

      <ClientQuestionCard project={project} />

      <RecentNotifications projectId={project.id} />

      <Tabs value={tab} onValueChange={(value) => onTab(value as Tab)}>
        {/* Narrow screens: rows of three tabs, every one in sight (a scrolling row hid the last ones). */}
        <TabsList
          className="h-auto grid-flow-row grid-cols-3 md:grid-flow-col md:grid-cols-none"
          data-testid="project-tabs"
        >
          {tabs.map((name) => (
            <TabsTrigger key={name} value={name} className="whitespace-nowrap">
              {t(`tabs.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab project={project} onOpenVersions={studio ? () => onTab('versions') : undefined} />
        </TabsContent>
        {studio && (
          <TabsContent value="versions">
            <Suspense fallback={<TabLoading label={t('studioLoading')} />}>{studio(project)}</Suspense>
          </TabsContent>
        )}
        <TabsContent value="files">
          <Suspense fallback={<TabLoading label={t('filesLoading')} />}>
            <FilesTab project={project} />
          </Suspense>
        </TabsContent>
        <TabsContent value="chat">
          <ChatTab projectId={project.id} />
        </TabsContent>
        <TabsContent value="revisions">
          <RevisionsTab project={project} />
        </TabsContent>
        <TabsContent value="timeline">
          <TimelineTab projectId={project.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
