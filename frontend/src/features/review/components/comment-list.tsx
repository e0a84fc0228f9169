import { type CommentView, type FrameRate } from '@domain/review';
import { CommentInputSchema } from '@domain/schemas/review';
import { CheckCircle2, CornerDownRight, History, PenLine, RotateCcw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAddComment, useCommentStatus } from '../api/review';
import { REVIEW_NAMESPACE } from '../labels';
import { framesToTimecode } from '@domain/timecode';

const ROLE_STYLE: Record<CommentView['author']['role'], string> = {
  client: 'bg-sky-100 text-sky-900',
  editor: 'bg-violet-100 text-violet-900',
  admin: 'bg-slate-200 text-slate-800',
};

function Author({ comment }: { comment: CommentView }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span className="truncate font-medium text-slate-900" data-testid="comment-author">
        {comment.author.name}
      </span>
      <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-semibold', ROLE_STYLE[comment.author.role])}>
        {t(`roles.${comment.author.role}`)}
      </span>
    </span>
  );
}

function ReplyForm({ projectId, comment, onDone }: { projectId: string; comment: CommentView; onDone: () => void }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddComment(projectId, comment.versionNumber);
  const fieldId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CommentInputSchema.safeParse({ body, parentId: comment.id });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        setBody('');
        onDone();
      },
      onError: (failure) => setError(failure instanceof ApiError ? failure.message : t('comments.failed')),
    });
  };
  return (
    <form onSubmit={submit} className="mt-2 space-y-2" noValidate>
      <label htmlFor={fieldId} className="sr-only">
        {t('comments.replyTo', { name: comment.author.name })}
      </label>
      <textarea
        id={fieldId}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={2}
        autoFocus
        placeholder={t('comments.replyPlaceholder')}
        data-testid="reply-input"
        className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('comments.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={add.isPending} data-testid="reply-submit">
          {t('comments.reply')}
        </Button>
      </div>
    </form>
  );
}

/** One thread: the anchored comment (its timecode seeks), its replies, resolve or reopen, reply. */
function CommentThread({
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
  const status = useCommentStatus(projectId);
  const resolved = comment.status === 'resolved';
  const timecode = (frame: number) => framesToTimecode(startFrame + frame, rate);
  const position =
    comment.frameIn === null
      ? null
      : comment.frameOut !== null && comment.frameOut > comment.frameIn
        ? `${timecode(comment.frameIn)} → ${timecode(comment.frameOut)}`
        : timecode(comment.frameIn);

  const changeStatus = () =>
    status.mutate(
      { versionNumber: comment.versionNumber, commentId: comment.id, to: resolved ? 'reopen' : 'resolve' },
      { onError: (error) => toast.error(error instanceof ApiError ? error.message : t('comments.failed')) },
    );

  return (
    <li
      className={cn(
        'rounded-xl border p-3 transition-colors',
        current ? 'border-violet-400 bg-violet-50/70' : 'border-slate-200 bg-white',
        resolved && 'opacity-75',
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
            className="rounded-md bg-slate-900 px-2 py-0.5 font-mono text-xs text-white tabular-nums outline-none hover:bg-violet-800 focus-visible:ring-2 focus-visible:ring-violet-600"
            aria-label={t('comments.seek', { timecode: position })}
            data-testid="comment-timecode"
          >
            {position}
          </button>
        )}
        <Author comment={comment} />
        <span className="ml-auto text-xs text-slate-500">{formatRelative(comment.createdAt)}</span>
      </div>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {comment.drawing && (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] text-slate-700">
            <PenLine className="size-3" aria-hidden="true" />
            {t('comments.hasDrawing')}
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
                <Author comment={reply} />
                <span className="ml-auto text-xs text-slate-500">{formatRelative(reply.createdAt)}</span>
              </div>
              <p className="mt-0.5 text-sm whitespace-pre-line break-words text-slate-800">{reply.body}</p>
            </li>
          ))}
        </ul>
      )}

      {replying ? (
        <ReplyForm projectId={projectId} comment={comment} onDone={() => setReplying(false)} />
      ) : (
        <div className="mt-2 flex flex-wrap justify-end gap-1">
          <Button
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
            disabled={status.isPending}
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
