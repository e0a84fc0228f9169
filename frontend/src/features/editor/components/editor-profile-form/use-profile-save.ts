import { missingEditorProfileFields } from '@domain/editor-profile';
import { PROJECT_MESSAGES } from '@domain/projects';
import { EditorProfileInputSchema, type EditorProfileInput } from '@domain/schemas/project';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { useSaveEditorProfile } from '../../api/editor';
import { EDITOR_NAMESPACE } from '../../locales';
import type { FormState } from './profile-form-state';
import { useMissingFieldsText } from './use-missing-fields-text';

/**
 * Saving the profile: checked with the api's own schema first; the errors per field come from that
 * check or from the server's answer.
 */
export function useProfileSave() {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useSaveEditorProfile();
  const missingText = useMissingFieldsText();

  const submit = (event: FormEvent, form: FormState) => {
    event.preventDefault();
    const input = {
      ...form,
      hourlyRate: form.hourlyRate === '' ? Number.NaN : Number(form.hourlyRate),
      maxConcurrentProjects: form.maxConcurrentProjects === '' ? Number.NaN : Number(form.maxConcurrentProjects),
    };
    const parsed = EditorProfileInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      toast.error(t('form.invalid'));
      return;
    }
    setErrors({});
    mutation.mutate(input as EditorProfileInput, {
      onSuccess: ({ profile: saved }) => {
        // Saved, but no project can go to this editor yet: say what is missing, not a bare success.
        const missing = missingEditorProfileFields(saved);
        if (missing.length === 0) toast.success(PROJECT_MESSAGES.profileSaved);
        else
          toast.warning(t('incomplete.title'), {
            description: t('incomplete.text', { fields: missingText(missing) }),
          });
      },
      onError: (error) => {
        const fields =
          error instanceof ApiError
            ? (error.body as { fields?: Record<string, string> } | undefined)?.fields
            : undefined;
        if (fields) setErrors(fields);
        toast.error(PROJECT_MESSAGES.saveProfileFailed, {
          description: error instanceof ApiError ? error.message : undefined,
        });
      },
    });
  };

  return { errors, save: submit, pending: mutation.isPending };
}
