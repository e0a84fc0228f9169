import type { CommentView } from '@domain/review';
import { CommentInputSchema } from '@domain/schemas/review';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useAddComment } from '../../api/review';
import { REVIEW_NAMESPACE } from '../../locales';

/**
 * A reply under a thread, checked with the api's schema; closes once sent. It opens at the user's
 * request (« Répondre »), so its field takes the focus then.
 */
export function ReplyForm({
  projectId,
  comment,
  onDone,
}: {
  projectId: string;
  comment: CommentView;
  onDone: () => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAddComment(projectId, comment.versionNumber);
  const fieldId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => fieldRef.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sending already: the button stays focusable (aria-disabled), the second press does nothing.
    if (add.isPending) return;
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
        ref={fieldRef}
        rows={2}
        placeholder={t('comments.replyPlaceholder')}
        data-testid="reply-input"
        className="w-full rounded-lg border border-slate-500 px-3 py-2 text-sm outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onDone}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" size="sm" aria-disabled={add.isPending} data-testid="reply-submit">
          {t('comments.reply')}
        </Button>
      </div>
    </form>
  );
}
