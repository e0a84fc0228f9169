import type { AdminProjectRow } from '@domain/admin';
import { ChangeDeadlineSchema } from '@domain/schemas/admin';
import { todayIn } from '@domain/delivery';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDate } from '@/lib/format';
import { useChangeDeadline } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';
import { Field, inputClass } from '../form-field';
import { ChangeDialog, useChangeField } from './change-dialog';

/** The new planned delivery date, from tomorrow on (the server says the same). */
export function DeadlineDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const fieldId = useId();
  const field = useChangeField('', onClose);
  const change = useChangeDeadline();
  const tomorrow = useMemo(() => {
    const noon = new Date(`${todayIn()}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() + 1);
    return noon.toISOString().slice(0, 10);
  }, []);

  const submit = () => {
    if (!project) return;
    field.submit(ChangeDeadlineSchema.safeParse({ deliveryDate: field.value }), ({ deliveryDate }) =>
      change.mutate(
        { projectId: project.id, deliveryDate },
        {
          onSuccess: () => {
            toast.success(t('projects.deadlineChanged', { date: formatDate(`${deliveryDate}T12:00:00Z`) }));
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
      title={t('projects.deadlineTitle')}
      description={t('projects.deadlineText', { title: project?.title ?? '', date: formatDate(project?.deliveryDate) })}
      confirmLabel={t('projects.deadlineConfirm')}
      pending={change.isPending}
      error={field.error}
      onSubmit={submit}
    >
      <Field id={fieldId} label={t('projects.deadlineField')}>
        <input
          id={fieldId}
          type="date"
          min={tomorrow}
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
