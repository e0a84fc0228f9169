import { missingEditorProfileFields } from '@domain/editor-profile';
import { PROJECT_ACTIONS } from '@domain/project-lifecycle';
import { availableActions } from '@domain/project-rules';
import { editorProjectGroup, PROJECT_MESSAGES, type EditorProjectGroup, type ProjectSummary } from '@domain/projects';
import { Gauge, Settings2, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ProjectStatusBadge } from '@/components/projects/project-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatDate, formatMoney } from '@/lib/format';
import { useProjectAction } from '@/lib/project-actions';
import { cn } from '@/lib/utils';
import { useEditorProfile, useEditorProjects } from '../api/editor';
import { EDITOR_NAMESPACE } from '../locales';
import { EditorProfileForm } from './editor-profile-form';
import { useMissingFieldsText } from './editor-profile-form/use-missing-fields-text';

const GROUPS: EditorProjectGroup[] = ['active', 'pending', 'done'];

function ProjectCard({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const action = useProjectAction();
  // The listed projects are the caller's as their editor: the lifecycle rule (the workflow's) says which buttons apply.
  const actions = availableActions(['editor'], project);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center"
      data-testid="editor-project"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.project.getHref(project.id)}
            className="truncate font-medium text-slate-900 underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
          >
            {project.title}
          </Link>
          <ProjectStatusBadge status={project.status} />
        </div>
        <p className="text-sm text-slate-600">
          <span className="font-medium text-slate-700 tabular-nums" data-testid="project-reference">
            {project.reference}
          </span>{' '}
          · {t('project.delivery', { date: formatDate(project.deliveryDate) })} ·{' '}
          {t('project.revisions', { count: project.revisionCount, max: project.maxRevisions })} ·{' '}
          {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {actions.map((name) => (
          <Button
            key={name}
            size="sm"
            data-testid={`action-${name}`}
            disabled={action.isPending}
            onClick={() => action.mutate({ projectId: project.id, action: name })}
          >
            {PROJECT_ACTIONS[name].label}
          </Button>
        ))}
        <Button asChild size="sm" variant="outline">
          <Link to={paths.project.getHref(project.id)}>{t('project.open')}</Link>
        </Button>
      </div>
    </li>
  );
}

function LoadBadge({ current, max }: { current: number; max: number }) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const full = current >= max;
  return (
    <span
      title={t('loadLabel')}
      data-testid="editor-load"
      className={cn(
        'inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold ring-1',
        full ? 'bg-amber-100 text-amber-900 ring-amber-300' : 'bg-emerald-50 text-emerald-900 ring-emerald-200',
      )}
    >
      <Gauge className="size-4" aria-hidden="true" />
      {t('load', { current, max })}
    </span>
  );
}

/** /editor (000 §2 Editor space): configuration first, then Profil / Projets Actifs / En attente / Terminés. */
export function EditorSpace() {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const { user } = useAuth();
  const profile = useEditorProfile();
  const missingText = useMissingFieldsText();
  // An invitation's empty profile (no specialty yet) still needs the configuration: nothing can match it.
  const missing = missingEditorProfileFields(profile.data);
  const hasProfile = missing.length === 0;
  const projects = useEditorProjects(hasProfile);

  useEffect(() => {
    if (profile.isError) toast.error(PROJECT_MESSAGES.loadProfileFailed, { id: 'editor-profile-load' });
  }, [profile.isError]);
  useEffect(() => {
    if (projects.isError) toast.error(PROJECT_MESSAGES.loadEditorProjectsFailed, { id: 'editor-projects-load' });
  }, [projects.isError]);

  const names = { firstName: user?.firstName ?? '', lastName: user?.lastName ?? '' };

  if (profile.isPending) {
    return (
      <div className="mx-auto w-full max-w-5xl space-y-4 px-4 py-8 sm:px-6" role="status" aria-label={t('loading')}>
        <Skeleton className="h-9 w-1/2" />
        <Skeleton className="h-11" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }

  if (!profile.data || !hasProfile) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-6 flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
          <Settings2 className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
          <div>
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t('setup.title')}</h1>
            <p className="mt-1 text-slate-700">{t('setup.text')}</p>
            {!profile.isError && (
              <p className="mt-2 font-semibold text-amber-900" data-testid="editor-profile-missing">
                {t('setup.missing', { fields: missingText(missing) })}
              </p>
            )}
          </div>
        </div>
        <Card>
          <CardContent>
            {profile.isError ? (
              <p className="text-sm text-red-700">{PROJECT_MESSAGES.loadProfileFailed}</p>
            ) : (
              <EditorProfileForm profile={profile.data ?? null} names={names} />
            )}
          </CardContent>
        </Card>
      </div>
    );
  }

  const list = projects.data?.projects ?? [];
  const load = projects.data?.load ?? {
    current: profile.data.currentProjectsCount,
    max: profile.data.maxConcurrentProjects,
  };
  const grouped = Object.fromEntries(
    GROUPS.map((group) => [group, list.filter((project) => editorProjectGroup(project.status) === group)]),
  ) as Record<EditorProjectGroup, ProjectSummary[]>;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
          <p className="mt-1 text-slate-600">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <LoadBadge current={load.current} max={load.max} />
          <Button asChild size="sm" variant="outline">
            <Link to={paths.accountData.getHref()}>
              <ShieldCheck aria-hidden="true" />
              {t('myData')}
            </Link>
          </Button>
        </div>
      </header>
      <Tabs defaultValue="active">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList className="min-w-[30rem]">
            <TabsTrigger value="profile" className="whitespace-nowrap">
              {t('tabs.profile')}
            </TabsTrigger>
            {GROUPS.map((group) => (
              <TabsTrigger key={group} value={group} className="whitespace-nowrap">
                {t(`tabs.${group}`)}
                {!projects.isPending && (
                  <span className="ml-1.5 rounded-full bg-slate-200 px-1.5 text-xs tabular-nums">
                    {grouped[group].length}
                  </span>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="profile">
          <Card>
            <CardContent>
              <EditorProfileForm profile={profile.data} names={names} />
            </CardContent>
          </Card>
        </TabsContent>
        {GROUPS.map((group) => (
          <TabsContent key={group} value={group}>
            {projects.isPending ? (
              <div className="space-y-3" role="status">
                <Skeleton className="h-20 rounded-xl" />
                <Skeleton className="h-20 rounded-xl" />
              </div>
            ) : grouped[group].length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-600">
                {t(`empty.${group}`)}
              </p>
            ) : (
              <ul className="space-y-3">
                {grouped[group].map((project) => (
                  <ProjectCard key={project.id} project={project} />
                ))}
              </ul>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
