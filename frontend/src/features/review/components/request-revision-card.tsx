import { PROJECT_ACTIONS } from '@domain/project-lifecycle';
import type { ProjectDetail } from '@domain/projects';
import { REVIEW_MESSAGES, type VersionView } from '@domain/review';
import { RevisionRoundInputSchema } from '@domain/schemas/review';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useProjectAction } from '@/lib/project-actions';
import { REVIEW_NAMESPACE } from '../locales';

/**
 * The client's 'Demander une révision': the open comments of the version go to the editor as one
 * round, with an optional general message. Shows the revisions left and until when; a refusal is
 * the server's French message.
 */
export function RequestRevisionCard({ project, version }: { project: ProjectDetail; version: VersionView }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useProjectAction();
  const left = Math.max(0, project.maxRevisions - project.revisionCount);
  const openComments = version.comments.open;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RevisionRoundInputSchema.safeParse({
      versionNumber: version.number,
      feedback: feedback || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    if (openComments === 0) {
      setError(REVIEW_MESSAGES.noOpenComments);
      return;
    }
    setError(null);
    action.mutate(
      { projectId: project.id, action: 'requestRevision', body: parsed.data },
      {
        onSuccess: () => {
          setOpen(false);
          setFeedback('');
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.message : null),
      },
    );
  };

  return (
    <section
      className="space-y-3 rounded-2xl border border-violet-200 bg-violet-50/60 p-4"
      aria-labelledby="request-revision-title"
      data-testid="request-revision"
    >
      <h2 id="request-revision-title" className="font-semibold text-violet-950">
        {t('revision.requestTitle')}
      </h2>
      <p className="text-sm text-slate-800" data-testid="revisions-left">
        {project.revisionWindowEndsAt
          ? t('revision.leftUntil', {
              count: left,
              max: project.maxRevisions,
              date: formatDate(project.revisionWindowEndsAt),
            })
          : t('revision.left', { count: left, max: project.maxRevisions })}
      </p>
      <p className="text-sm text-slate-700">
        {t('revision.willSend', { count: openComments, version: version.number })}
      </p>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
      >
        <DialogTrigger asChild>
          <Button data-testid="action-requestRevision">
            <Send aria-hidden="true" />
            {PROJECT_ACTIONS.requestRevision.label}
          </Button>
        </DialogTrigger>
        <DialogContent closeLabel={t('common:close')}>
          <DialogTitle>{t('revision.dialogTitle', { version: version.number })}</DialogTitle>
          <DialogDescription>
            {t('revision.dialogDescription', { count: openComments, left, max: project.maxRevisions })}
          </DialogDescription>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <TextAreaField
              label={t('revision.message')}
              value={feedback}
              onChange={(event) => setFeedback(event.target.value)}
              placeholder={t('revision.messagePlaceholder')}
            />
            {error && (
              <p
                role="alert"
                className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
                data-testid="revision-error"
              >
                {error}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" disabled={action.isPending} data-testid="revision-submit">
                {t('revision.send')}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </section>
  );
}
