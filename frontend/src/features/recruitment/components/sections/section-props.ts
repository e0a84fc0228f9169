import type { EditorApplicationFormValues } from '@domain/recruitment';
import type { EditorApplicationInput } from '@domain/schemas/recruitment';
import type { UseFormReturn } from 'react-hook-form';

/** What each section of the application gets: the form and its current values. */
export interface ApplicationSectionProps {
  form: UseFormReturn<EditorApplicationFormValues, unknown, EditorApplicationInput>;
  values: EditorApplicationFormValues;
}

/** The first message of a field's error, wherever zod put it (the field, an item of a list). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const value of Object.values(error)) {
    if (value && typeof value === 'object') {
      const found = firstMessage(value);
      if (found) return found;
    }
  }
  return undefined;
}

/** The number of ticked choices of a checkbox group. */
export const countOf = (list: unknown) => (Array.isArray(list) ? list.length : 0);
