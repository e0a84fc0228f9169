import { REVIEW_MESSAGES } from '@domain/review';
import { RevisionRequestSchema } from '@domain/schemas/project';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/form/fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useProjectAction } from '@/lib/project-actions';
import { versionsQuery } from '@/lib/project-versions';
import { PROJECTS_NAMESPACE } from '../locales';

/**
 * The client's revision request (000 §4) from the Actions card: feedback required (non-empty once
 * trimmed), sent with the open comments of the newest version as one round (the Versions tab's
 * request is the same round, with an optional message). A refusal is the server's French message.
 */
export function RevisionDialog({
  projectId,
  revisionCount,
  maxRevisions,
  label,
  onOpenVersions,
}: {
  projectId: string;
  revisionCount: number;
  maxRevisions: number;
  label: string;
  /** Opens the Versions tab, where the comments that make a round are written. */
  onOpenVersions?: () => void;
}) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useProjectAction();
  const versions = useQuery({ ...versionsQuery(projectId), enabled: open });
  const newest = versions.data?.[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = RevisionRequestSchema.safeParse({ feedback });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    if (!newest) {
      setError(REVIEW_MESSAGES.versionNotFound);
      return;
    }
    // A round is made of the version's open comments: the server refuses one without.
    if (newest.comments.open === 0) {
      setError(REVIEW_MESSAGES.noOpenComments);
      return;
    }
    setError(null);
    action.mutate(
      {
        projectId,
        action: 'requestRevision',
        body: { versionNumber: newest.number, feedback: parsed.data.feedback },
      },
      {
        onSuccess: () => {
          setOpen(false);
          setFeedback('');
        },
        onError: (failure) => setError(failure instanceof ApiError && failure.status > 0 ? failure.message : null),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button data-testid="action-requestRevision">{label}</Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('common:close')}>
        <DialogTitle>{t('revisionDialog.title')}</DialogTitle>
        <DialogDescription>
          {t('revisionDialog.description', { count: revisionCount, max: maxRevisions })}
        </DialogDescription>
        {newest && (
          <div className="space-y-2" data-testid="revision-dialog-comments">
            <p className="text-sm text-slate-700">
              {t('revisionDialog.comments', { count: newest.comments.open, version: newest.number })}
            </p>
            {newest.comments.open === 0 && onOpenVersions && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setOpen(false);
                  onOpenVersions();
                }}
              >
                {t('revisionDialog.openVersions', { version: newest.number })}
              </Button>
            )}
          </div>
        )}
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextAreaField
            label={t('revisionDialog.label')}
            value={feedback}
            onChange={(event) => setFeedback(event.target.value)}
            rows={5}
            required
            error={error ?? undefined}
            announce
            placeholder={t('revisionDialog.placeholder')}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={action.isPending}>
              {t('revisionDialog.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
