import type { AdminProjectRow } from '@domain/admin';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCancelProject } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';
import { ConfirmDialog } from '../confirm-dialog';
import { Field, inputClass } from '../form-field';

/** Cancellation with an optional reason, after a confirmation. */
export function CancelDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const cancel = useCancelProject();

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={t('projects.cancelTitle')}
      description={t('projects.cancelText', { title: project?.title ?? '' })}
      confirmLabel={t('projects.cancelConfirm')}
      cancelLabel={t('projects.keep')}
      pending={cancel.isPending}
      onConfirm={() => {
        if (!project) return;
        cancel.mutate(
          { projectId: project.id, reason: reason.trim() || undefined },
          {
            onSuccess: () => {
              toast.success(t('projects.cancelled'));
              close();
            },
            onError: (error) => toast.error(error.message),
          },
        );
      }}
    >
      <Field id={reasonId} label={t('projects.reason')}>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={1000}
          className={`${inputClass} h-auto py-2`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}
