import type { CommentView, FrameRate } from '@domain/review';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_NAMESPACE } from '../locales';
import { CommentThread } from './comment-list/comment-thread';

/** The version's threads in picture order (then oldest first), the ones at the current frame marked. */
export function CommentList({
  projectId,
  comments,
  rate,
  startFrame,
  frame,
  onSeek,
}: {
  projectId: string;
  comments: CommentView[];
  rate: FrameRate;
  startFrame: number;
  frame: number;
  onSeek: (comment: CommentView) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [showResolved, setShowResolved] = useState(true);
  const sorted = [...comments].sort(
    (a, b) => (a.frameIn ?? 0) - (b.frameIn ?? 0) || a.createdAt.localeCompare(b.createdAt),
  );
  const resolvedCount = sorted.filter((comment) => comment.status === 'resolved').length;
  const shown = showResolved ? sorted : sorted.filter((comment) => comment.status !== 'resolved');

  if (sorted.length === 0) return <p className="py-6 text-center text-sm text-slate-600">{t('comments.empty')}</p>;
  return (
    <div className="space-y-2">
      {resolvedCount > 0 && (
        <label className="flex items-center justify-end gap-2 text-xs text-slate-600">
          <input
            type="checkbox"
            checked={showResolved}
            onChange={(event) => setShowResolved(event.target.checked)}
            className="size-4 accent-violet-700"
          />
          {t('comments.showResolved', { count: resolvedCount })}
        </label>
      )}
      <ol className="space-y-2" aria-label={t('comments.list')} data-testid="comment-list">
        {shown.map((comment) => (
          <CommentThread
            key={comment.id}
            projectId={projectId}
            comment={comment}
            rate={rate}
            startFrame={startFrame}
            current={
              comment.frameIn !== null && frame >= comment.frameIn && frame <= (comment.frameOut ?? comment.frameIn)
            }
            onSeek={onSeek}
          />
        ))}
      </ol>
    </div>
  );
}
