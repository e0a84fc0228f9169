import type { AdminProjectRow } from '@domain/admin';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useCancelProject } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';
import { ReasonDialog } from './reason-dialog';

/** Cancellation with an optional reason, after a confirmation. */
export function CancelDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const cancel = useCancelProject();
  return (
    <ReasonDialog
      project={project}
      onClose={onClose}
      texts={{
        title: t('projects.cancelTitle'),
        description: t('projects.cancelText', { title: project?.title ?? '' }),
        confirm: t('projects.cancelConfirm'),
        keep: t('projects.keep'),
        reason: t('projects.reason'),
      }}
      maxLength={1000}
      pending={cancel.isPending}
      onConfirm={(target, reason, done) =>
        cancel.mutate(
          { projectId: target.id, reason },
          {
            onSuccess: () => {
              toast.success(t('projects.cancelled'));
              done();
            },
            onError: (error) => toast.error(error.message),
          },
        )
      }
    />
  );
}
