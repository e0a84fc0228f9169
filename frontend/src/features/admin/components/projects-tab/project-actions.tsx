import { WAITING_STATUSES, type AdminProjectRow } from '@domain/admin';
import type { AdminProjectChange } from '@domain/project-rules';
import { CalendarClock, ListPlus, ReceiptEuro, UserPlus, UserRoundCog, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ADMIN_NAMESPACE } from '../../locales';
import { TraceLink, WorkflowLink } from '../operator-links';

const canCancel = (status: string) => status !== 'completed' && status !== 'cancelled';
/** A cancelled project still flagged has its refund to make (the api refuses one never paid by card). */
const canRefund = (project: AdminProjectRow) => project.status === 'cancelled' && project.needsAttention !== null;

const CHANGE_BUTTONS = {
  reassign: { icon: UserRoundCog, label: 'projects.reassign', aria: 'projects.reassignLabel' },
  deadline: { icon: CalendarClock, label: 'projects.deadline', aria: 'projects.deadlineLabel' },
  addRevisions: { icon: ListPlus, label: 'projects.revisions', aria: 'projects.revisionsLabel' },
} as const satisfies Record<AdminProjectChange, unknown>;

/**
 * A project's actions: assign while it waits; the changes the server says apply now (another
 * editor, another date, more revisions); cancel before it is done; once cancelled, the refund and its
 * credit note; its workflow in the Temporal UI and the trace of its creation.
 */
export function ProjectActions({
  project,
  onAssign,
  onChange,
  onCancel,
  onRefund,
}: {
  project: AdminProjectRow;
  onAssign: (project: AdminProjectRow) => void;
  onChange: (change: AdminProjectChange, project: AdminProjectRow) => void;
  onCancel: (project: AdminProjectRow) => void;
  onRefund: (project: AdminProjectRow) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {WAITING_STATUSES.includes(project.status) ? (
        <Button
          size="sm"
          aria-label={t('projects.assignLabel', { title: project.title })}
          onClick={() => onAssign(project)}
        >
          <UserPlus aria-hidden="true" />
          {t('projects.assign')}
        </Button>
      ) : null}
      {project.changes.map((change) => {
        const { icon: Icon, label, aria } = CHANGE_BUTTONS[change];
        return (
          <Button
            key={change}
            size="sm"
            variant="outline"
            aria-label={t(aria, { title: project.title })}
            onClick={() => onChange(change, project)}
          >
            <Icon aria-hidden="true" />
            {t(label)}
          </Button>
        );
      })}
      {canCancel(project.status) ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={t('projects.cancelLabel', { title: project.title })}
          onClick={() => onCancel(project)}
        >
          <XCircle aria-hidden="true" />
          {t('projects.cancel')}
        </Button>
      ) : null}
      {canRefund(project) ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={t('projects.refundLabel', { title: project.title })}
          onClick={() => onRefund(project)}
        >
          <ReceiptEuro aria-hidden="true" />
          {t('projects.refund')}
        </Button>
      ) : null}
      <WorkflowLink url={project.workflowUrl} name={project.title} />
      <TraceLink url={project.traceUrl} name={project.title} />
    </div>
  );
}
