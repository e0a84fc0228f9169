import { DASHBOARD_PROJECT_LIMIT, PROJECT_MESSAGES, type ProjectSummary } from '@domain/projects';
import {
  ArrowRight,
  CheckCircle2,
  FolderKanban,
  Loader,
  Mail,
  PlusCircle,
  ShieldCheck,
  Tag,
  Wallet,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ProjectStatusBadge } from '@/components/projects/project-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { formatMoney, formatRelative } from '@/lib/format';
import { useMyProjects } from '../api/my-projects';
import { DASHBOARD_NAMESPACE } from '../locales';
import { UnpaidBriefs } from './unpaid-briefs';

function Counter({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-center gap-3">
        {/* On a narrow screen the figure has the card's whole width: never cut (« 135,… »). */}
        <span
          className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-violet-50 text-violet-700 sm:flex"
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-sm text-slate-600">{label}</p>
          <p className="text-xl font-bold break-words text-slate-900 tabular-nums sm:text-2xl" data-testid={testId}>
            {value}
          </p>
        </div>
      </div>
    </Card>
  );
}

function ProjectRow({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  return (
    <li>
      <Link
        to={paths.project.getHref(project.id)}
        data-testid="dashboard-project"
        className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 transition-colors outline-none hover:border-violet-300 hover:bg-violet-50/40 focus-visible:ring-2 focus-visible:ring-violet-600 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{project.title}</p>
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-700 tabular-nums" data-testid="project-reference">
              {project.reference}
            </span>{' '}
            · {t('projects.created', { when: formatRelative(project.createdAt) })} ·{' '}
            {project.editorName ? t('projects.editor', { name: project.editorName }) : t('projects.noEditor')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:shrink-0">
          <ProjectStatusBadge status={project.status} />
          <span className="text-sm font-semibold text-slate-900 tabular-nums">
            {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
          </span>
          <ArrowRight className="ml-auto size-4 text-slate-400 sm:ml-0" aria-hidden="true" />
        </div>
      </Link>
    </li>
  );
}

function ShortcutLink({ to, icon, title, hint }: { to: string; icon: ReactNode; title: string; hint: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-xl border border-slate-200 p-3 outline-none hover:border-violet-300 hover:bg-violet-50/40 focus-visible:ring-2 focus-visible:ring-violet-600"
    >
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-violet-50 text-violet-700"
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="min-w-0">
        <span className="block font-medium text-slate-900">{title}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </Link>
  );
}

/** Mon Espace Client (000 §2): 4 counters, the 5 newest projects ('voir tout' for the rest), shortcuts. */
export function ClientDashboard() {
  const { t } = useTranslation(DASHBOARD_NAMESPACE);
  const { user } = useAuth();
  const { data, isPending, isError, refetch } = useMyProjects();
  const [showAll, setShowAll] = useState(false);

  useEffect(() => {
    if (isError) toast.error(PROJECT_MESSAGES.loadProjectsFailed, { id: 'dashboard-load' });
  }, [isError]);

  const projects = data?.projects ?? [];
  const shown = showAll ? projects : projects.slice(0, DASHBOARD_PROJECT_LIMIT);
  const spent = data?.counters.spent.length
    ? data.counters.spent.map((amount) => formatMoney(amount.cents, amount.currency)).join(' + ')
    : formatMoney(0);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6 flex flex-col gap-3 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
          {user && <p className="mt-1 text-slate-600">{t('greeting', { name: user.firstName || user.email })}</p>}
        </div>
        <Button asChild>
          <Link to={paths.brief.getHref()}>
            <PlusCircle aria-hidden="true" />
            {t('links.brief')}
          </Link>
        </Button>
      </header>

      <section
        aria-label={t('counters.label')}
        aria-busy={isPending}
        className="mb-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        {isPending ? (
          Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-[86px] rounded-2xl" />)
        ) : (
          <>
            <Counter
              icon={<FolderKanban className="size-5" />}
              label={t('counters.total')}
              value={String(data?.counters.total ?? 0)}
              testId="counter-total"
            />
            <Counter
              icon={<Loader className="size-5" />}
              label={t('counters.active')}
              value={String(data?.counters.active ?? 0)}
              testId="counter-active"
            />
            <Counter
              icon={<CheckCircle2 className="size-5" />}
              label={t('counters.completed')}
              value={String(data?.counters.completed ?? 0)}
              testId="counter-completed"
            />
            <Counter
              icon={<Wallet className="size-5" />}
              label={t('counters.spent')}
              value={spent}
              testId="counter-spent"
            />
          </>
        )}
      </section>

      <UnpaidBriefs />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle>{t('projects.title')}</CardTitle>
            {projects.length > DASHBOARD_PROJECT_LIMIT && (
              <Button
                variant="link"
                className="h-auto p-0"
                aria-expanded={showAll}
                onClick={() => setShowAll((value) => !value)}
              >
                {showAll ? t('projects.seeLess') : t('projects.seeAll', { count: projects.length })}
              </Button>
            )}
          </CardHeader>
          <CardContent aria-busy={isPending}>
            {isPending ? (
              <div className="space-y-3" role="status" aria-label={t('projects.loading')}>
                {Array.from({ length: 3 }, (_, index) => (
                  <Skeleton key={index} className="h-[76px] rounded-xl" />
                ))}
              </div>
            ) : isError ? (
              <div className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800">
                <p>{PROJECT_MESSAGES.loadProjectsFailed}</p>
                <Button variant="outline" size="sm" onClick={() => void refetch()}>
                  {t('common:retry')}
                </Button>
              </div>
            ) : projects.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center">
                <FolderKanban className="size-8 text-slate-400" aria-hidden="true" />
                <p className="font-medium text-slate-900">{t('projects.empty')}</p>
                <p className="text-sm text-slate-600">{t('projects.emptyHint')}</p>
                <Button asChild>
                  <Link to={paths.brief.getHref()}>{t('projects.startBrief')}</Link>
                </Button>
              </div>
            ) : (
              <ul className="space-y-3" data-testid="dashboard-projects">
                {shown.map((project) => (
                  <ProjectRow key={project.id} project={project} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('links.title')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <ShortcutLink
              to={paths.brief.getHref()}
              icon={<PlusCircle className="size-4" />}
              title={t('links.brief')}
              hint={t('links.briefHint')}
            />
            <ShortcutLink
              to={paths.pricing.getHref()}
              icon={<Tag className="size-4" />}
              title={t('links.pricing')}
              hint={t('links.pricingHint')}
            />
            <ShortcutLink
              to={paths.contact.getHref()}
              icon={<Mail className="size-4" />}
              title={t('links.contact')}
              hint={t('links.contactHint')}
            />
            <ShortcutLink
              to={paths.accountData.getHref()}
              icon={<ShieldCheck className="size-4" />}
              title={t('links.myData')}
              hint={t('links.myDataHint')}
            />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
