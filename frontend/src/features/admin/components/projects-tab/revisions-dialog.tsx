import type { AdminProjectRow } from '@domain/admin';
import { ADDED_REVISIONS_MAX, AddRevisionsSchema } from '@domain/schemas/admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAddRevisions } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';
import { Field, inputClass } from '../form-field';
import { ChangeDialog } from './change-dialog';

/** Revisions added to the project's quota, 1 to `ADDED_REVISIONS_MAX` at a time. */
export function RevisionsDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const fieldId = useId();
  const [count, setCount] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const add = useAddRevisions();

  const close = () => {
    setCount('1');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!project) return;
    const parsed = AddRevisionsSchema.safeParse({ count: count.trim() === '' ? undefined : Number(count) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    add.mutate(
      { projectId: project.id, count: parsed.data.count },
      {
        onSuccess: ({ project: changed }) => {
          toast.success(t('projects.revisionsAdded', { count: parsed.data.count, max: changed.maxRevisions }));
          close();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <ChangeDialog
      open={project !== null}
      onClose={close}
      title={t('projects.revisionsTitle')}
      description={t('projects.revisionsText', {
        title: project?.title ?? '',
        count: project?.revisionCount ?? 0,
        max: project?.maxRevisions ?? 0,
      })}
      confirmLabel={t('projects.revisionsConfirm')}
      pending={add.isPending}
      error={error}
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
          value={count}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setCount(event.target.value)}
        />
      </Field>
    </ChangeDialog>
  );
}
