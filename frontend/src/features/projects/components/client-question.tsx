import type { ProjectDetail } from '@domain/projects';
import { REVIEW_ACTIONS } from '@domain/review';
import { ClientAnswerInputSchema, ClientQuestionInputSchema } from '@domain/schemas/review';
import { Hourglass, MessageCircleQuestion } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useProjectAction } from '@/lib/project-actions';
import { PROJECTS_NAMESPACE } from '../locales';

/**
 * 'En attente du client': the editor's question, above the tabs. The client answers it here (the
 * delivery deadline is paused until then); the editor and admins see since when it waits.
 */
export function ClientQuestionCard({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useProjectAction();
  const question = project.clientQuestion;
  if (!question) return null;
  const mayAnswer = project.reviewActions.includes('answerClient');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ClientAnswerInputSchema.safeParse({ answer });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    action.mutate(
      { projectId: project.id, action: 'answerClient', body: parsed.data },
      {
        onSuccess: () => setAnswer(''),
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : null),
      },
    );
  };

  return (
    <section
      aria-labelledby="client-question-title"
      className={
        mayAnswer
          ? 'rounded-2xl border-2 border-amber-400 bg-amber-50 p-5 shadow-sm'
          : 'rounded-2xl border border-amber-200 bg-amber-50/70 p-4'
      }
      data-testid="client-question"
    >
      <div className="flex items-start gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-200 text-amber-900"
          aria-hidden="true"
        >
          {mayAnswer ? <MessageCircleQuestion className="size-5" /> : <Hourglass className="size-5" />}
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          {/* « il y a… »: written a moment apart by the server and the browser, React keeps the server's. */}
          <h2 id="client-question-title" className="text-lg font-semibold text-amber-950" suppressHydrationWarning>
            {mayAnswer ? t('question.forClient') : t('question.waiting', { when: formatRelative(question.askedAt) })}
          </h2>
          <blockquote
            className="rounded-lg bg-white px-4 py-3 whitespace-pre-line text-slate-900 shadow-xs"
            data-testid="client-question-text"
          >
            {question.question}
          </blockquote>
          <p className="text-xs text-slate-600">
            {t('question.asked', { name: question.askedByName, date: formatDateTime(question.askedAt) })}
          </p>
          <p className="text-sm font-medium text-amber-900">{t('question.paused')}</p>
          {mayAnswer && (
            <form onSubmit={submit} className="space-y-2" noValidate>
              <TextAreaField
                label={t('question.answerLabel')}
                value={answer}
                onChange={(event) => setAnswer(event.target.value)}
                error={error ?? undefined}
                announce
                data-testid="client-answer"
              />
              <Button type="submit" disabled={action.isPending} data-testid="action-answerClient">
                {REVIEW_ACTIONS.answerClient.label}
              </Button>
            </form>
          )}
        </div>
      </div>
    </section>
  );
}

/** The editor's 'En attente du client': a question that pauses the deadline until the client answers. */
export function AskClientDialog({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [question, setQuestion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useProjectAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ClientQuestionInputSchema.safeParse({ question });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    action.mutate(
      { projectId: project.id, action: 'askClient', body: parsed.data },
      {
        onSuccess: () => {
          setOpen(false);
          setQuestion('');
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : null),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" data-testid="action-askClient">
          <Hourglass aria-hidden="true" />
          {REVIEW_ACTIONS.askClient.label}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:close')}>
        <DialogTitle>{t('question.askTitle')}</DialogTitle>
        <DialogDescription>{t('question.askDescription')}</DialogDescription>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextAreaField
            label={t('question.askLabel')}
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            rows={4}
            error={error ?? undefined}
            announce
            data-testid="client-question-input"
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={action.isPending} data-testid="ask-client-submit">
              {t('question.askSubmit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
