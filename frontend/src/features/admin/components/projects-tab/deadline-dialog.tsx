import type { AdminProjectRow } from '@domain/admin';
import { ChangeDeadlineSchema } from '@domain/schemas/admin';
import { todayIn } from '@domain/delivery';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDate } from '@/lib/format';
import { useChangeDeadline } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';
import { Field, inputClass } from '../form-field';
import { ChangeDialog } from './change-dialog';

/** The new planned delivery date, from tomorrow on (the server says the same). */
export function DeadlineDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const fieldId = useId();
  const [date, setDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useChangeDeadline();
  const tomorrow = useMemo(() => {
    const noon = new Date(`${todayIn()}T12:00:00Z`);
    noon.setUTCDate(noon.getUTCDate() + 1);
    return noon.toISOString().slice(0, 10);
  }, []);

  const close = () => {
    setDate('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!project) return;
    const parsed = ChangeDeadlineSchema.safeParse({ deliveryDate: date });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    change.mutate(
      { projectId: project.id, deliveryDate: parsed.data.deliveryDate },
      {
        onSuccess: () => {
          toast.success(t('projects.deadlineChanged', { date: formatDate(`${parsed.data.deliveryDate}T12:00:00Z`) }));
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
      title={t('projects.deadlineTitle')}
      description={t('projects.deadlineText', { title: project?.title ?? '', date: formatDate(project?.deliveryDate) })}
      confirmLabel={t('projects.deadlineConfirm')}
      pending={change.isPending}
      error={error}
      onSubmit={submit}
    >
      <Field id={fieldId} label={t('projects.deadlineField')}>
        <input
          id={fieldId}
          type="date"
          min={tomorrow}
          required
          className={inputClass}
          value={date}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setDate(event.target.value)}
        />
      </Field>
    </ChangeDialog>
  );
}
