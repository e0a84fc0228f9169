import type { CommentView } from '@domain/review';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { REVIEW_NAMESPACE } from '../../locales';

const ROLE_STYLE: Record<CommentView['author']['role'], string> = {
  client: 'bg-sky-100 text-sky-900',
  editor: 'bg-violet-100 text-violet-900',
  admin: 'bg-slate-200 text-slate-800',
};

/** Who wrote the comment, with their role. */
export function CommentAuthor({ comment }: { comment: CommentView }) {
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
