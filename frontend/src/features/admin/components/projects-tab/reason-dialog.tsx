import type { AdminProjectRow } from '@domain/admin';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { Field, inputClass } from '../form-field';

interface ReasonDialogProps {
  project: AdminProjectRow | null;
  onClose: () => void;
  texts: { title: string; description: string; confirm: string; keep: string; reason: string };
  maxLength: number;
  pending: boolean;
  /** Runs the action with the reason (undefined when left blank); `done` closes the dialog. */
  onConfirm: (project: AdminProjectRow, reason: string | undefined, done: () => void) => void;
}

/** A project action confirmed with an optional written reason (the cancellation, the refund). */
export function ReasonDialog({ project, onClose, texts, maxLength, pending, onConfirm }: ReasonDialogProps) {
  const reasonId = useId();
  const [reason, setReason] = useState('');

  const close = () => {
    setReason('');
    onClose();
  };

  return (
    <ConfirmDialog
      open={project !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      cancelLabel={texts.keep}
      pending={pending}
      onConfirm={() => {
        if (project) onConfirm(project, reason.trim() || undefined, close);
      }}
    >
      <Field id={reasonId} label={texts.reason}>
        <textarea
          id={reasonId}
          rows={3}
          maxLength={maxLength}
          className={`${inputClass} h-auto py-2`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
    </ConfirmDialog>
  );
}
