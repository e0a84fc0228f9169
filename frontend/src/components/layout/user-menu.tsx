import { hasAnyRole, landingPathFor } from '@domain/roles';
import { LayoutDashboard, LogOut, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccountButton } from '@/components/layout/account-button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Role menu of a signed-in user: role label, Dashboard, Administration (admin/editor), sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user, roles, logout } = useAuth();
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <AccountButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-normal">
          <span className="block text-xs text-slate-500">{t('nav.signedInAs')}</span>
          <span className="block truncate font-semibold">{fullName || user?.email}</span>
          {fullName && user?.email ? <span className="block truncate text-xs text-slate-500">{user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={landingPathFor(roles)}>
            <LayoutDashboard aria-hidden="true" />
            {t('nav.dashboard')}
          </Link>
        </DropdownMenuItem>
        {hasAnyRole(roles, ['admin', 'editor']) ? (
          <DropdownMenuItem asChild>
            <Link to={paths.admin.getHref()}>
              <Shield aria-hidden="true" />
              {t('nav.administration')}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut aria-hidden="true" />
          {t('nav.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
