import { briefAnswerText } from '@domain/brief-options';
import { PROJECT_ACTIONS, type ProjectAction } from '@domain/project-lifecycle';
import type { ProjectBillingDocument, ProjectDetail } from '@domain/projects';
import { REVIEW_ACTIONS } from '@domain/review';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Download, FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { useProjectAction } from '@/lib/project-actions';
import { downloadBillingDocument, projectFilesQuery } from '../api/project';
import { PROJECTS_NAMESPACE } from '../locales';
import { AskClientDialog } from './client-question';
import { RevisionDialog } from './revision-dialog';

const BRIEF_FIELDS = [
  'objective',
  'editing_style',
  'delivery_formats',
  'deadline',
  'creative_brief',
  'constraints',
  'language',
  'needs_subtitles',
  'express_delivery',
] as const;

/** The editor and admins download the finals at any time; the client once a version is approved. */
const mayDownloadOriginals = (project: ProjectDetail) =>
  project.viewer.parties.includes('editor') || project.viewer.parties.includes('admin');

/** The Actions card: exactly the actions the server says the viewer may take now. */
function ActionsCard({
  project,
  onDeliverables,
  onOpenVersions,
}: {
  project: ProjectDetail;
  onDeliverables: () => void;
  onOpenVersions?: () => void;
}) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const action = useProjectAction();
  const run = (name: ProjectAction) => action.mutate({ projectId: project.id, action: name });
  const hasDeliverables = project.finalFileCount > 0;
  // The client downloads the originals once a version is approved; until then only previews are shown.
  const deliverablesLocked = project.approvedVersionNumber === null && !mayDownloadOriginals(project);
  const title = useRef<HTMLHeadingElement>(null);
  const focusInside = useRef(false);
  const buttons = [...project.actions, ...project.pendingActions.map(({ action: name }) => name)].join();
  // A button is disabled while its action runs and goes with the state it served: the keyboard's
  // focus, left on nothing, comes back to this card's title instead of the top of the page.
  useEffect(() => {
    if (!focusInside.current) return;
    // After the dialog's own focus return (a task later), which finds its trigger gone.
    const timer = window.setTimeout(() => {
      if (focusInside.current && (!document.activeElement || document.activeElement === document.body))
        title.current?.focus();
    });
    return () => window.clearTimeout(timer);
  }, [buttons]);
  return (
    <Card
      onFocus={() => {
        focusInside.current = true;
      }}
      onBlur={(event) => {
        // No next element: the focused button went away or was disabled, the focus did not leave by choice.
        if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) focusInside.current = false;
      }}
    >
      <CardHeader>
        <CardTitle ref={title} tabIndex={-1}>
          {t('overview.actions')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3" data-testid="project-actions">
        {project.actions.map((name) =>
          name === 'requestRevision' ? (
            <RevisionDialog
              key={name}
              projectId={project.id}
              revisionCount={project.revisionCount}
              maxRevisions={project.maxRevisions}
              label={PROJECT_ACTIONS[name].label}
              onOpenVersions={onOpenVersions}
            />
          ) : (
            <Button
              key={name}
              data-testid={`action-${name}`}
              variant={name === 'cancel' ? 'outline' : 'default'}
              disabled={action.isPending}
              onClick={() => run(name)}
            >
              {PROJECT_ACTIONS[name].label}
            </Button>
          ),
        )}
        {project.pendingActions.map(({ action: name, reason }) => (
          <div key={name} className="space-y-1.5">
            <Button data-testid={`action-${name}`} className="w-full" disabled aria-describedby={`action-${name}-why`}>
              {PROJECT_ACTIONS[name].label}
            </Button>
            <p id={`action-${name}-why`} className="text-sm text-amber-900">
              {reason}
            </p>
          </div>
        ))}
        {project.reviewActions.includes('approve') && onOpenVersions && (
          <Button variant="outline" onClick={onOpenVersions} data-testid="open-approval">
            <BadgeCheck aria-hidden="true" />
            {REVIEW_ACTIONS.approve.label}
          </Button>
        )}
        {project.reviewActions.includes('askClient') && <AskClientDialog project={project} />}
        {hasDeliverables && (
          <>
            <Button
              variant="secondary"
              onClick={onDeliverables}
              disabled={deliverablesLocked}
              aria-describedby={deliverablesLocked ? 'deliverables-locked' : undefined}
              data-testid="download-deliverables"
            >
              <Download aria-hidden="true" />
              {t('overview.deliverables')}
            </Button>
            {deliverablesLocked && (
              <p id="deliverables-locked" className="text-sm text-slate-600">
                {t('overview.deliverablesLocked')}
              </p>
            )}
          </>
        )}
        {project.actions.length === 0 &&
          project.pendingActions.length === 0 &&
          project.reviewActions.length === 0 &&
          !hasDeliverables && <p className="text-sm text-slate-600">{t('overview.noActions')}</p>}
      </CardContent>
    </Card>
  );
}

export function OverviewTab({ project, onOpenVersions }: { project: ProjectDetail; onOpenVersions?: () => void }) {
  const { t, i18n } = useTranslation(PROJECTS_NAMESPACE);
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState<string | null>(null);
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'fr';
  const briefRows = BRIEF_FIELDS.map((field) => {
    const value = project.briefData[field];
    const text =
      typeof value === 'boolean' ? t(value ? 'overview.yes' : 'overview.no') : briefAnswerText(field, value, language);
    return [field, text] as const;
  }).filter(([, value]) => value !== null);

  const download = async ({ kind, number }: ProjectBillingDocument) => {
    setDownloading(number);
    try {
      await downloadBillingDocument(project.id, kind);
    } catch (error) {
      // The api's message says why (a PDF still being made: try again in a moment).
      toast.error(error instanceof ApiError ? error.message : t('overview.documentFailed'));
    } finally {
      setDownloading(null);
    }
  };

  /** Starts a download of every final file (fresh short-lived links). */
  const deliverables = async () => {
    const files = await queryClient.fetchQuery({ ...projectFilesQuery(project.id), staleTime: 0 });
    for (const file of files.filter((candidate) => candidate.fileType === 'final')) {
      if (!file.downloadUrl) continue;
      const link = document.createElement('a');
      link.href = file.downloadUrl;
      link.download = file.filename;
      document.body.append(link);
      link.click();
      link.remove();
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>{t('overview.summary')}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-5">
          <div>
            <h3 className="text-sm font-medium text-slate-500">{t('overview.description')}</h3>
            <p className="mt-1 whitespace-pre-line text-slate-900">
              {project.description || t('overview.noDescription')}
            </p>
          </div>
          {briefRows.length > 0 && (
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {briefRows.map(([field, value]) => (
                <div key={field}>
                  <dt className="text-sm font-medium text-slate-500">{t(`overview.brief.${field}`)}</dt>
                  <dd className="text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          )}
          <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">{t('overview.paid')}</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums">
                {formatMoney(project.totalPrice.cents, project.totalPrice.currency)}
              </dd>
            </div>
            {project.briefPrice?.launchOfferApplied && project.briefPrice.priceCents !== null && (
              <div>
                <dt className="text-sm text-slate-600">{t('overview.fullPrice')}</dt>
                <dd className="text-slate-500 tabular-nums line-through">
                  {formatMoney(project.briefPrice.priceCents, project.totalPrice.currency)}
                </dd>
                <dd className="text-sm font-medium text-emerald-700">{t('overview.offer')}</dd>
              </div>
            )}
          </dl>
          {project.billingDocuments.length > 0 && (
            <div className="flex flex-wrap gap-2">
              {project.billingDocuments.map((document) => (
                <Button
                  key={document.number}
                  variant="outline"
                  onClick={() => void download(document)}
                  disabled={downloading !== null}
                  data-testid={document.kind === 'invoice' ? 'download-invoice' : 'download-credit-note'}
                >
                  <FileText aria-hidden="true" />
                  {t(document.kind === 'invoice' ? 'overview.invoice' : 'overview.creditNote', {
                    number: document.number,
                  })}
                </Button>
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      <ActionsCard project={project} onDeliverables={() => void deliverables()} onOpenVersions={onOpenVersions} />
    </div>
  );
}
