import { useState, type ReactNode } from 'react';
import type { ZodSafeParseResult } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ADMIN_NAMESPACE } from '../../locales';

/** A dialog with one field: submitted with Enter or its button; a refusal is shown in it, in French. */
export function ChangeDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t('common:close')}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          {error ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={pending}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The one field of a change dialog: its text, the refusal shown, a close that forgets both, and a
 * submit that shows the shared schema's first refusal or sends the parsed input.
 */
export function useChangeField(initial: string, onClose: () => void) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setValue(initial);
    setError(null);
    onClose();
  };
  const submit = <Input,>(parsed: ZodSafeParseResult<Input>, send: (input: Input) => void) => {
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    send(parsed.data);
  };
  return { value, setValue, error, setError, close, submit };
}
