import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { useAuth } from '@/lib/auth';

/**
 * The signed-in account's e-mail as the starting value of a brief's e-mail field (the client does
 * not type it again); it stays editable. Filled once the session is known (the page's HTML is
 * drawn signed out), and only while the field is empty and untouched: what the visitor typed wins.
 * Returns that e-mail ('' when signed out) for the form's resets.
 */
export function useAccountEmail<T extends FieldValues, Sent>(
  form: UseFormReturn<T, unknown, Sent>,
  name: Path<T>,
): string {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const { getFieldState, getValues, resetField } = form;

  useEffect(() => {
    if (!email || getFieldState(name).isDirty || getValues(name)) return;
    // The account's address becomes the field's default: the form is not "changed" by it.
    resetField(name, { defaultValue: email as PathValue<T, Path<T>> });
  }, [email, name, getFieldState, getValues, resetField]);

  return email;
}
