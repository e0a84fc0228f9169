import type { ProjectDetail } from '@domain/projects';
import type { VersionView } from '@domain/review';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Clapperboard, Columns2, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { FinalVersionUploader } from '@/components/uploader/final-version-uploader';
import { useVersions } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';
import { ApproveCard, DeliverablesCard } from './approval-panel';
import { CompareView } from './compare-view';
import { MarkerMenu } from './marker-menu';
import { RequestRevisionCard } from './request-revision-card';
import { RevisionChecklist } from './revision-checklist';
import { ReviewPlayer } from './review-player';
import { ShortcutsHelp, toggleShortcutsHelp } from './shortcuts-help';
import { VersionDetails, VersionPicker } from './version-bar';

function StudioSkeleton() {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  return (
    <div className="space-y-4" role="status" aria-label={t('loading')}>
      <div className="flex gap-2">
        <Skeleton className="h-10 w-24 rounded-xl" />
        <Skeleton className="h-10 w-24 rounded-xl" />
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="aspect-video rounded-2xl" />
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    </div>
  );
}

/** A version whose preview is not ready: its progress, or why it failed. */
function PreviewPending({ version }: { version: VersionView }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const failed = version.preview.status === 'failed';
  return (
    <div
      className="flex min-h-48 w-full flex-col items-center justify-center gap-3 rounded-2xl bg-slate-900 px-6 py-10 text-center text-slate-100 sm:min-h-72"
      data-testid="preview-pending"
    >
      {failed ? (
        <>
          <AlertTriangle className="size-8 text-amber-300" aria-hidden="true" />
          <p className="max-w-md text-sm">{version.preview.error ?? t('versions.previewFailed')}</p>
        </>
      ) : (
        <>
          <Loader2 className="size-8 animate-spin text-violet-300" aria-hidden="true" />
          <p className="text-sm" role="status">
            {t('versions.processingProgress', { progress: version.preview.progress })}
          </p>
        </>
      )}
    </div>
  );
}

/**
 * The project page's delivery side: the versions of the final video, the frame-accurate player
 * with comments and drawings, compare, the revision round, approval and the deliverables. The
 * route loads this chunk only when the tab is opened.
 */
export function ReviewStudio({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const queryClient = useQueryClient();
  const versions = useVersions(project.id);
  const [selected, setSelected] = useState<number | null>(null);
  const parties = project.viewer.parties;
  const isEditorSide = parties.includes('editor') || parties.includes('admin');
  const list = versions.data ?? [];
  const current = list.find((version) => version.number === selected) ?? list[0];

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['projects', project.id] });

  const upload = project.uploads.includes('final') && (
    <Card>
      <CardContent>
        <FinalVersionUploader
          projectId={project.id}
          title={t('upload.title', { number: (list[0]?.number ?? 0) + 1 })}
          nextVersion={(list[0]?.number ?? 0) + 1}
          onFileUploaded={refresh}
        />
      </CardContent>
    </Card>
  );

  if (versions.isPending) return <StudioSkeleton />;
  // A failed refetch keeps the versions already shown; only a first load that failed stops here.
  if (versions.isError && !versions.data) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 text-center">
          <p role="alert" className="text-slate-800">
            {t('loadFailed')}
          </p>
          <Button variant="outline" onClick={() => void versions.refetch()}>
            {t('common:retry')}
          </Button>
        </CardContent>
      </Card>
    );
  }

  // The uploader keeps its place in the tree when the first version arrives: remounted, it would
  // lose the file it is finishing.
  return (
    <div className="space-y-4" data-testid="review-studio">
      {current ? (
        <VersionReview
          project={project}
          list={list}
          current={current}
          onSelect={setSelected}
          isEditorSide={isEditorSide}
        />
      ) : (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
            <Clapperboard className="size-8 text-violet-700" aria-hidden="true" />
            <p className="font-medium text-slate-900">{t('empty.title')}</p>
            <p className="max-w-md text-sm text-slate-600">{isEditorSide ? t('empty.editor') : t('empty.client')}</p>
          </CardContent>
        </Card>
      )}
      {upload}
    </div>
  );
}

/** The selected version: picker, player or compare, its details and the round's panels. */
function VersionReview({
  project,
  list,
  current,
  onSelect,
  isEditorSide,
}: {
  project: ProjectDetail;
  list: VersionView[];
  current: VersionView;
  onSelect: (number: number) => void;
  isEditorSide: boolean;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [comparing, setComparing] = useState(false);
  const ready = list.filter((version) => version.preview.status === 'ready');
  const approved = project.approvedVersionNumber;
  const canComment = approved === null && project.status !== 'cancelled';
  const showCompare = comparing && ready.length >= 2;

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-0 flex-1">
          <VersionPicker
            versions={list}
            selected={current.number}
            onSelect={(number) => {
              onSelect(number);
              setComparing(false);
            }}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {ready.length >= 2 && (
            <Button
              variant={showCompare ? 'default' : 'outline'}
              size="sm"
              aria-pressed={showCompare}
              onClick={() => setComparing((value) => !value)}
              data-testid="compare-toggle"
            >
              <Columns2 aria-hidden="true" />
              {t('compare.toggle')}
            </Button>
          )}
          {current.comments.open + current.comments.resolved > 0 && (
            <MarkerMenu projectId={project.id} versionNumber={current.number} />
          )}
        </div>
      </div>

      {showCompare ? (
        <CompareView
          projectId={project.id}
          versions={ready}
          helpButton={<ShortcutsHelp dark />}
          onToggleHelp={toggleShortcutsHelp}
        />
      ) : current.preview.status === 'ready' ? (
        <ReviewPlayer
          key={current.number}
          projectId={project.id}
          version={current}
          canComment={canComment}
          mayShareQc={isEditorSide}
          helpButton={<ShortcutsHelp dark />}
          onToggleHelp={toggleShortcutsHelp}
        />
      ) : (
        <PreviewPending version={current} />
      )}

      <div className="grid items-start gap-4 lg:grid-cols-2">
        <VersionDetails projectId={project.id} version={current} mayRetry={isEditorSide} />
        <div className="space-y-4">
          {approved !== null && (
            <DeliverablesCard project={project} version={list.find((version) => version.number === approved)} />
          )}
          {project.reviewActions.includes('approve') && <ApproveCard project={project} version={current} />}
          {project.actions.includes('requestRevision') && <RequestRevisionCard project={project} version={current} />}
          {project.status === 'revision_requested' && isEditorSide && (
            <RevisionChecklist project={project} versions={list} onSeek={onSelect} />
          )}
        </div>
      </div>
    </>
  );
}
