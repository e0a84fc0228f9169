import type { AdminProjectRow } from '@domain/admin';
import { ADDED_REVISIONS_MAX, AddRevisionsSchema } from '@domain/schemas/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAddRevisions } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';
import { Field, inputClass } from '../form-field';
import { ChangeDialog, useChangeField } from './change-dialog';

/** Revisions added to the project's quota, 1 to `ADDED_REVISIONS_MAX` at a time. */
export function RevisionsDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const fieldId = useId();
  const field = useChangeField('1', onClose);
  const add = useAddRevisions();

  const submit = () => {
    if (!project) return;
    const typed = field.value.trim();
    field.submit(AddRevisionsSchema.safeParse({ count: typed === '' ? undefined : Number(typed) }), ({ count }) =>
      add.mutate(
        { projectId: project.id, count },
        {
          onSuccess: ({ project: changed }) => {
            toast.success(t('projects.revisionsAdded', { count, max: changed.maxRevisions }));
            field.close();
          },
          onError: (failure) => field.setError(failure.message),
        },
      ),
    );
  };

  return (
    <ChangeDialog
      open={project !== null}
      onClose={field.close}
      title={t('projects.revisionsTitle')}
      description={t('projects.revisionsText', {
        title: project?.title ?? '',
        count: project?.revisionCount ?? 0,
        max: project?.maxRevisions ?? 0,
      })}
      confirmLabel={t('projects.revisionsConfirm')}
      pending={add.isPending}
      error={field.error}
      onSubmit={submit}
    >
      <Field id={fieldId} label={t('projects.revisionsField')}>
        <input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={1}
          max={ADDED_REVISIONS_MAX}
          step={1}
          required
          className={inputClass}
          value={field.value}
          aria-invalid={field.error ? true : undefined}
          onChange={(event) => field.setValue(event.target.value)}
        />
      </Field>
    </ChangeDialog>
  );
}
