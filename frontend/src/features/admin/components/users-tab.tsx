import { ADMIN_MESSAGES, inviteErrorMessage, MANAGED_ROLES, type ManagedRole } from '@domain/admin';
import { InviteEditorSchema, RoleChangeSchema } from '@domain/schemas/admin';
import { Mail, Search, ShieldMinus, ShieldPlus } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { USERS_PAGE_SIZE, useAdminUsers, useChangeRole, useInviteEditor } from '../api/admin-users';
import { ADMIN_NAMESPACE } from '../labels';
import { ConfirmDialog, Field, inputClass, PagedQueryState, ScrollTable, TableHead, td, TextField } from './shared';

const ROLE_COLOURS: Record<string, string> = {
  user: 'bg-slate-100 text-slate-800',
  editor: 'bg-sky-100 text-sky-900',
  admin: 'bg-violet-100 text-violet-900',
};

/** Admin › Utilisateurs (000 §2): invite an editor, give and remove roles by e-mail, the accounts with their roles. */
export function UsersTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <section aria-labelledby="admin-users-title" className="space-y-6">
      <h2 id="admin-users-title" className="sr-only">
        {t('tabs.users')}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <InviteForm />
        <RoleForm />
      </div>
      <UserList />
    </section>
  );
}

function InviteForm() {
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

/** A user form's title (which labels the form) and what it does. */
function FormHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div>
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}

function RoleForm() {
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

function UserList() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const users = useAdminUsers(page, q);

  useEffect(() => {
    if (users.isError) toast.error(ADMIN_MESSAGES.loadUsersFailed, { id: 'admin-users-load' });
  }, [users.isError]);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h3 className="text-lg font-semibold text-slate-900">{t('users.listTitle')}</h3>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setQ(text.trim());
          }}
        >
          <TextField
            label={t('users.searchLabel')}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="outline" size="icon" aria-label={t('common.search')}>
            <Search aria-hidden="true" />
          </Button>
        </form>
      </div>
      <PagedQueryState query={users} pageSize={USERS_PAGE_SIZE} empty={t('users.empty')} onPage={setPage}>
        {(items) => (
          <ScrollTable caption={t('users.caption')} minWidth="40rem">
            <TableHead
              labels={(['account', 'roles', 'state', 'created'] as const).map((column) => t(`users.columns.${column}`))}
            />
            <tbody>
              {items.map((user) => (
                <tr key={user.id} data-testid="admin-user-row" data-email={user.email}>
                  <td className={td}>
                    <p className="font-medium break-all text-slate-900">{user.email}</p>
                    <p className="text-xs text-slate-500">
                      {[user.firstName, user.lastName].filter(Boolean).join(' ') || '—'}
                    </p>
                  </td>
                  <td className={td}>
                    <ul className="flex flex-wrap gap-1" aria-label={t('users.columns.roles')}>
                      {user.roles.map((role) => (
                        <li
                          key={role}
                          className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', ROLE_COLOURS[role])}
                        >
                          {t(`users.roles.${role}`)}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className={`${td} text-xs`}>
                    {!user.enabled
                      ? t('users.disabled')
                      : user.emailVerified
                        ? t('users.verified')
                        : t('users.unverified')}
                  </td>
                  <td className={td}>{formatDate(user.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </PagedQueryState>
    </div>
  );
}
