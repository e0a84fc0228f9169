import { PROJECT_ACTIONS } from '@domain/project-lifecycle';
import type { ProjectDetail } from '@domain/projects';
import type { CommentView, VersionView } from '@domain/review';
import { framesToTimecode } from '@domain/timecode';
import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useProjectAction } from '@/lib/project-actions';
import { useCommentStatus, useComments } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';

/** The round's comments: the first version's own (not carried) comments sent by round `round`. */
const roundComments = (comments: CommentView[] | undefined, round: number) =>
  (comments ?? []).filter((comment) => comment.revisionNumber === round && comment.carriedFrom === null);

/**
 * The editor's side of a round: its comments to tick off one by one (resolve / reopen), then
 * 'Révision terminée', offered once a version newer than the round's exists.
 */
export function RevisionChecklist({
  project,
  versions,
  onSeek,
}: {
  project: ProjectDetail;
  versions: VersionView[];
  onSeek: (version: number) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const round = project.revisionCount;
  const [newest, previous] = versions;
  const newestComments = useComments(project.id, newest?.number ?? null);
  const previousComments = useComments(project.id, previous?.number ?? null);
  const status = useCommentStatus(project.id);
  const action = useProjectAction();
  // A ticked box shows at once; the server's answer (and the live event) then confirms it.
  const [ticked, setTicked] = useState<Record<string, boolean>>({});

  const onNewest = roundComments(newestComments.data, round);
  const onPrevious = roundComments(previousComments.data, round);
  // The round was asked on the newest version (nothing new yet) or on the one before it.
  const roundVersion = onNewest.length > 0 ? newest : onPrevious.length > 0 ? previous : null;
  const items = onNewest.length > 0 ? onNewest : onPrevious;
  const done = items.filter((comment) => ticked[comment.id] ?? comment.status === 'resolved').length;
  // The server's answer, by the workflow's own rule: offered once a new version is uploaded,
  // shown disabled with the reason until then.
  const mayComplete = project.actions.includes('completeRevision');
  const waiting = project.pendingActions.find(({ action: name }) => name === 'completeRevision');
  const media = roundVersion?.media;

  return (
    <section
      className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50/60 p-4"
      aria-labelledby="revision-checklist-title"
      data-testid="revision-checklist"
    >
      <div className="flex flex-wrap items-center gap-2">
        <ListChecks className="size-5 text-amber-800" aria-hidden="true" />
        <h2 id="revision-checklist-title" className="font-semibold text-amber-950">
          {t('revision.checklistTitle', { number: round })}
        </h2>
        {items.length > 0 && (
          <span className="ml-auto text-sm text-amber-900 tabular-nums" data-testid="checklist-progress">
            {t('revision.progress', { done, count: items.length })}
          </span>
        )}
      </div>
      {roundVersion && (
        <p className="text-sm text-slate-700">{t('revision.checklistHint', { version: roundVersion.number })}</p>
      )}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{t('revision.noRoundComments')}</p>
      ) : (
        <ul className="space-y-1.5">
          {items.map((comment) => {
            const resolved = ticked[comment.id] ?? comment.status === 'resolved';
            const checkboxId = `round-${comment.id}`;
            return (
              <li
                key={comment.id}
                className="flex items-start gap-2 rounded-lg bg-white px-3 py-2"
                data-testid="checklist-item"
              >
                <input
                  id={checkboxId}
                  type="checkbox"
                  checked={resolved}
                  disabled={status.isPending}
                  onChange={() => {
                    setTicked((current) => ({ ...current, [comment.id]: !resolved }));
                    status.mutate(
                      {
                        versionNumber: comment.versionNumber,
                        commentId: comment.id,
                        to: resolved ? 'reopen' : 'resolve',
                      },
                      {
                        onSettled: () => setTicked(({ [comment.id]: _settled, ...others }) => others),
                        onError: (error) =>
                          toast.error(
                            error instanceof ApiError && error.status > 0 ? error.message : t('comments.failed'),
                          ),
                      },
                    );
                  }}
                  className="mt-0.5 size-4 shrink-0 accent-emerald-700"
                />
                <label htmlFor={checkboxId} className="min-w-0 flex-1 text-sm">
                  {media && comment.frameIn !== null && (
                    <span className="mr-2 font-mono text-xs text-slate-600 tabular-nums">
                      {framesToTimecode(media.startFrame + comment.frameIn, media.frameRate)}
                    </span>
                  )}
                  <span className={resolved ? 'text-slate-500 line-through' : 'text-slate-900'}>{comment.body}</span>
                </label>
                {roundVersion && roundVersion.number !== newest.number && (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto p-0 text-xs"
                    onClick={() => onSeek(roundVersion.number)}
                  >
                    {t('versions.short', { number: roundVersion.number })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {(mayComplete || waiting) && (
        <div className="space-y-1.5">
          <Button
            onClick={() => action.mutate({ projectId: project.id, action: 'completeRevision' })}
            disabled={!mayComplete || action.isPending}
            aria-describedby={waiting ? 'complete-revision-why' : undefined}
            data-testid="action-completeRevision"
          >
            {PROJECT_ACTIONS.completeRevision.label}
          </Button>
          {waiting && (
            <p id="complete-revision-why" className="text-sm text-amber-900">
              {waiting.reason}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
