import { ADMIN_MESSAGES } from '@domain/admin';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { USERS_PAGE_SIZE, useAdminUsers } from '../../api/admin-users';
import { ADMIN_NAMESPACE } from '../../locales';
import { ScrollTable, TableHead, td } from '../admin-table';
import { TextField } from '../form-field';
import { PagedQueryState } from '../paged-query-state';

const ROLE_COLOURS: Record<string, string> = {
  user: 'bg-slate-100 text-slate-800',
  editor: 'bg-sky-100 text-sky-900',
  admin: 'bg-violet-100 text-violet-900',
};

/** The accounts with their roles, searched on the server and paginated. */
export function UserList() {
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
