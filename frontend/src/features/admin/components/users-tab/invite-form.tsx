import { ADMIN_MESSAGES, inviteErrorMessage } from '@domain/admin';
import { InviteEditorSchema } from '@domain/schemas/admin';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { useInviteEditor } from '../../api/admin-users';
import { ADMIN_NAMESPACE } from '../../locales';
import { TextField } from '../form-field';
import { FormHeading } from './form-heading';

/** Invites a new editor by e-mail, with their name. */
export function InviteForm() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [values, setValues] = useState({ email: '', firstName: '', lastName: '' });
  const [error, setError] = useState<string | undefined>();
  const invite = useInviteEditor();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = InviteEditorSchema.safeParse({
      email: values.email,
      firstName: values.firstName || undefined,
      lastName: values.lastName || undefined,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.emailRequired);
      return;
    }
    setError(undefined);
    invite.mutate(parsed.data, {
      onSuccess: (result) => {
        toast.success(result.message);
        // A warning is shown as an error toast (000 §8).
        if (result.warning) toast.error(result.warning);
        setValues({ email: '', firstName: '', lastName: '' });
      },
      onError: (failure) =>
        toast.error(ADMIN_MESSAGES.inviteToastFailed, {
          description: inviteErrorMessage(failure instanceof ApiError ? failure.status : undefined, failure.message),
        }),
    });
  };

  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="invite-title">
          <FormHeading id="invite-title" title={t('users.inviteTitle')} text={t('users.inviteText')} />
          <TextField
            label={t('users.email')}
            error={error}
            type="email"
            autoComplete="off"
            value={values.email}
            onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {(['firstName', 'lastName'] as const).map((name) => (
              <TextField
                key={name}
                label={t(`users.${name}`)}
                maxLength={100}
                value={values[name]}
                onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
              />
            ))}
          </div>
          <Button type="submit" className="self-start" disabled={invite.isPending}>
            <Mail aria-hidden="true" />
            {invite.isPending ? t('users.inviting') : t('users.invite')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
