import type { CommentView, FrameRate } from '@domain/review';
import { CheckCircle2, CornerDownRight, History, PenLine, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCommentStatus } from '../../api/review';
import { REVIEW_NAMESPACE } from '../../locales';
import { framesToTimecode } from '@domain/timecode';
import { usePlacesInWords } from '../../lib/place-words';
import { CommentAuthor } from './comment-author';
import { ReplyForm } from './reply-form';

/** One thread: the anchored comment (its timecode seeks), its replies, resolve or reopen, reply. */
export function CommentThread({
  projectId,
  comment,
  rate,
  startFrame,
  current,
  onSeek,
}: {
  projectId: string;
  comment: CommentView;
  rate: FrameRate;
  startFrame: number;
  current: boolean;
  onSeek: (comment: CommentView) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [replying, setReplying] = useState(false);
  const placesInWords = usePlacesInWords();
  // The reply form closed (sent or cancelled): the focus goes back to the button that opened it.
  const replyButtonRef = useRef<HTMLButtonElement>(null);
  const refocusReply = useRef(false);
  useEffect(() => {
    if (replying || !refocusReply.current) return;
    refocusReply.current = false;
    replyButtonRef.current?.focus();
  }, [replying]);
  const status = useCommentStatus(projectId);
  const resolved = comment.status === 'resolved';
  const timecode = (frame: number) => framesToTimecode(startFrame + frame, rate);
  const position =
    comment.frameIn === null
      ? null
      : comment.frameOut !== null && comment.frameOut > comment.frameIn
        ? `${timecode(comment.frameIn)} → ${timecode(comment.frameOut)}`
        : timecode(comment.frameIn);

  const changeStatus = () => {
    if (status.isPending) return;
    status.mutate(
      { versionNumber: comment.versionNumber, commentId: comment.id, to: resolved ? 'reopen' : 'resolve' },
      { onError: (error) => toast.error(error instanceof ApiError ? error.message : t('comments.failed')) },
    );
  };

  return (
    <li
      className={cn(
        'rounded-xl border p-3 transition-colors',
        current ? 'border-violet-400 bg-violet-50/70' : 'border-slate-200 bg-white',
        // Told apart by a dashed border and its badge, not by fading, which would cost contrast.
        resolved && 'border-dashed',
      )}
      data-testid="comment"
      data-status={comment.status}
      aria-current={current ? 'true' : undefined}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {position && (
          <button
            type="button"
            onClick={() => onSeek(comment)}
            className="min-h-6 rounded-md bg-slate-900 px-2 py-0.5 font-mono text-xs text-white tabular-nums outline-none hover:bg-violet-800 focus-visible:ring-2 focus-visible:ring-violet-600"
            aria-label={t('comments.seek', { timecode: position })}
            data-testid="comment-timecode"
          >
            {position}
          </button>
        )}
        <CommentAuthor comment={comment} />
        <span className="ml-auto text-xs text-slate-600">{formatRelative(comment.createdAt)}</span>
      </div>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {comment.drawing && (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] text-slate-700">
            <PenLine className="size-3" aria-hidden="true" />
            {t('comments.hasDrawing', { places: placesInWords(comment.drawing.shapes) })}
          </span>
        )}
        {comment.carriedFrom && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-900"
            data-testid="comment-carried"
          >
            <History className="size-3" aria-hidden="true" />
            {t('comments.carried', { version: comment.carriedFrom.versionNumber })}
          </span>
        )}
        {comment.revisionNumber !== null && (
          <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[11px] font-medium text-violet-900">
            {t('comments.round', { number: comment.revisionNumber })}
          </span>
        )}
        {resolved && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] font-medium text-emerald-900">
            <CheckCircle2 className="size-3" aria-hidden="true" />
            {comment.resolvedByName
              ? t('comments.resolvedBy', { name: comment.resolvedByName })
              : t('comments.resolved')}
          </span>
        )}
      </div>
      <p className="mt-1.5 text-sm whitespace-pre-line break-words text-slate-900" data-testid="comment-body">
        {comment.body}
      </p>

      {comment.replies.length > 0 && (
        <ul className="mt-2 space-y-2 border-l-2 border-slate-200 pl-3" aria-label={t('comments.replies')}>
          {comment.replies.map((reply) => (
            <li key={reply.id} data-testid="comment-reply">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <CornerDownRight className="size-3.5 text-slate-400" aria-hidden="true" />
                <CommentAuthor comment={reply} />
                <span className="ml-auto text-xs text-slate-600">{formatRelative(reply.createdAt)}</span>
              </div>
              <p className="mt-0.5 text-sm whitespace-pre-line break-words text-slate-800">{reply.body}</p>
            </li>
          ))}
        </ul>
      )}

      {replying ? (
        <ReplyForm
          projectId={projectId}
          comment={comment}
          onDone={() => {
            refocusReply.current = true;
            setReplying(false);
          }}
        />
      ) : (
        <div className="mt-2 flex flex-wrap justify-end gap-1">
          <Button
            ref={replyButtonRef}
            variant="ghost"
            size="sm"
            className="h-8"
            onClick={() => setReplying(true)}
            aria-label={t('comments.replyTo', { name: comment.author.name })}
          >
            {t('comments.reply')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="h-8"
            onClick={changeStatus}
            // aria-disabled, not disabled: the button keeps the keyboard's focus while it turns into « Rouvrir ».
            aria-disabled={status.isPending}
            data-testid={resolved ? 'comment-reopen' : 'comment-resolve'}
          >
            {resolved ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
            {resolved ? t('comments.reopen') : t('comments.resolve')}
          </Button>
        </div>
      )}
    </li>
  );
}
