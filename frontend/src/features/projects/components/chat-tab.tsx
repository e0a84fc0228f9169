import { ProjectMessageInputSchema } from '@domain/schemas/project';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useProjectMessages, useSendMessage } from '../api/project';
import { PROJECTS_NAMESPACE } from '../locales';

/** Chat tab (000 §2): 600 px high; Enter sends, Shift+Enter adds a line; empty messages are not sent. */
export function ChatTab({ projectId }: { projectId: string }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const messages = useProjectMessages(projectId);
  const send = useSendMessage(projectId);
  const [draft, setDraft] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const canSend = ProjectMessageInputSchema.safeParse({ content: draft }).success && !send.isPending;

  // The newest message stays in view: on opening, on sending and when one arrives live.
  const newestId = messages.data?.at(-1)?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = ProjectMessageInputSchema.safeParse({ content: draft });
    if (!parsed.success || send.isPending) return;
    send.mutate(parsed.data.content, {
      // Sent from the button (which turns disabled, the field being empty): the keyboard goes back to the field.
      onSuccess: () => {
        setDraft('');
        inputRef.current?.focus();
      },
      onError: (error) =>
        toast.error(t('chat.failed'), { description: error instanceof ApiError ? error.message : undefined }),
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <section
      aria-label={t('chat.label')}
      className="flex h-[600px] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="project-chat"
    >
      <ol
        ref={listRef}
        className="flex-1 space-y-3 overflow-y-auto p-4"
        aria-live="polite"
        aria-busy={messages.isPending}
      >
        {messages.isPending ? (
          <>
            <Skeleton className="h-14 w-2/3" />
            <Skeleton className="ml-auto h-14 w-1/2" />
          </>
        ) : !messages.data?.length ? (
          <li className="py-10 text-center text-sm text-slate-600">{t('chat.empty')}</li>
        ) : (
          messages.data.map((message) => (
            <li
              key={message.id}
              className={cn('flex flex-col', message.mine ? 'items-end' : 'items-start')}
              data-testid="chat-message"
            >
              <div
                className={cn(
                  'max-w-[85%] rounded-2xl px-4 py-2 whitespace-pre-wrap break-words sm:max-w-[70%]',
                  message.mine ? 'rounded-br-sm bg-violet-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
                )}
              >
                {message.content}
              </div>
              <span className="mt-1 text-xs text-slate-500">
                {message.mine ? t('chat.you') : (message.senderName ?? '—')} · {formatDateTime(message.createdAt)}
              </span>
            </li>
          ))
        )}
      </ol>
      <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          {t('chat.input')}
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={t('chat.placeholder')}
          className="max-h-40 min-h-11 flex-1 resize-y rounded-lg border border-slate-500 px-3 py-2 text-sm outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600"
          data-testid="chat-input"
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label={t('chat.send')}>
          <Send aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}
