import { ADMIN_MESSAGES, MANAGED_ROLES, type ManagedRole } from '@domain/admin';
import { RoleChangeSchema } from '@domain/schemas/admin';
import { ShieldMinus, ShieldPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useChangeRole } from '../../api/admin-users';
import { ADMIN_NAMESPACE } from '../../locales';
import { ConfirmDialog } from '../confirm-dialog';
import { Field, inputClass, TextField } from '../form-field';
import { FormHeading } from './form-heading';

/** Gives or removes a role by e-mail; removing asks for a confirmation first. */
export function RoleForm() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ManagedRole>('editor');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<{ email: string; role: ManagedRole } | null>(null);
  const change = useChangeRole();

  const validated = () => {
    const parsed = RoleChangeSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ADMIN_MESSAGES.emailRequired);
      return null;
    }
    setError(undefined);
    return parsed.data;
  };

  const run = (kind: 'assign' | 'remove', input: { email: string; role: ManagedRole }) =>
    change.mutate(
      { change: kind, ...input },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setConfirming(null);
          setEmail('');
        },
        onError: (failure) => {
          toast.error(failure.message);
          setConfirming(null);
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validated();
    if (input) run('assign', input);
  };

  return (
    <Card>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="roles-title">
          <FormHeading id="roles-title" title={t('users.rolesTitle')} text={t('users.rolesText')} />
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <TextField
              label={t('users.email')}
              error={error}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <Field id={roleId} label={t('users.role')}>
              <select
                id={roleId}
                className={inputClass}
                value={role}
                onChange={(event) => setRole(event.target.value as ManagedRole)}
              >
                {MANAGED_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {t(`users.roles.${value}`)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={change.isPending}>
              <ShieldPlus aria-hidden="true" />
              {t('users.assignRole')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={change.isPending}
              onClick={() => {
                const input = validated();
                if (input) setConfirming(input);
              }}
            >
              <ShieldMinus aria-hidden="true" />
              {t('users.removeRole')}
            </Button>
          </div>
        </form>
        <ConfirmDialog
          open={confirming !== null}
          onOpenChange={(open) => (open ? undefined : setConfirming(null))}
          title={t('users.removeTitle')}
          description={t('users.removeText', {
            email: confirming?.email ?? '',
            role: confirming ? t(`users.roles.${confirming.role}`) : '',
          })}
          confirmLabel={t('users.removeRole')}
          pending={change.isPending}
          onConfirm={() => confirming && run('remove', confirming)}
        />
      </CardContent>
    </Card>
  );
}
