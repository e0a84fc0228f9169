import type { AdminProjectRow } from '@domain/admin';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useRefundProject } from '../../api/admin-billing';
import { ADMIN_NAMESPACE } from '../../locales';
import { ReasonDialog } from './reason-dialog';

/** The refund of a cancelled project, after a confirmation: its credit note is issued, the card refunded. */
export function RefundDialog({ project, onClose }: { project: AdminProjectRow | null; onClose: () => void }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const refund = useRefundProject();
  return (
    <ReasonDialog
      project={project}
      onClose={onClose}
      texts={{
        title: t('projects.refundTitle'),
        description: t('projects.refundText', { title: project?.title ?? '' }),
        confirm: t('projects.refund'),
        keep: t('projects.refundKeep'),
        reason: t('projects.refundReason'),
      }}
      maxLength={500}
      pending={refund.isPending}
      onConfirm={(target, reason, done) =>
        refund.mutate(
          { projectId: target.id, reason },
          {
            onSuccess: ({ creditNote }) => {
              toast.success(t('projects.refunded', { number: creditNote.number }));
              done();
            },
            onError: (error) => toast.error(error.message),
          },
        )
      }
    />
  );
}
