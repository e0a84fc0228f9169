import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../locales';
import { InviteForm } from './users-tab/invite-form';
import { RoleForm } from './users-tab/role-form';
import { UserList } from './users-tab/user-list';

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
