import { hasAnyRole, type Role } from '@domain/roles';
import { LayoutDashboard, Shield, Clapperboard, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

interface RoleLink {
  to: string;
  labelKey: 'roleNav.client' | 'roleNav.editor' | 'roleNav.admin';
  roles: readonly Role[];
  icon: LucideIcon;
}

const ROLE_LINKS: readonly RoleLink[] = [
  { to: paths.dashboard.getHref(), labelKey: 'roleNav.client', roles: ['user'], icon: LayoutDashboard },
  { to: paths.editor.getHref(), labelKey: 'roleNav.editor', roles: ['editor'], icon: Clapperboard },
  { to: paths.admin.getHref(), labelKey: 'roleNav.admin', roles: ['admin'], icon: Shield },
];

/**
 * Links to the spaces the user's roles open (spec 000 §2): horizontal shows icons only (the label
 * as its accessible name and tooltip), vertical icons with labels; the current route is highlighted
 * (and `aria-current`); nothing while the session and its roles load, nor when no link matches. A
 * signed-in user whose token carries no product role counts as a client (000 §4: role `user` until
 * roles are known or when they cannot be read).
 */
export function RoleNavigation({
  orientation = 'horizontal',
  onNavigate,
  className,
}: {
  orientation?: 'horizontal' | 'vertical';
  onNavigate?: () => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const { status, roles } = useAuth();
  if (status !== 'authenticated') return null;
  const held: readonly Role[] = roles.length > 0 ? roles : ['user'];
  const links = ROLE_LINKS.filter((link) => hasAnyRole(held, link.roles));
  if (links.length === 0) return null;
  const vertical = orientation === 'vertical';

  return (
    <nav aria-label={t('roleNav.label')} className={className} data-orientation={orientation}>
      <ul className={cn('flex', vertical ? 'flex-col gap-1' : 'items-center gap-1')}>
        {links.map(({ to, labelKey, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              onClick={onNavigate}
              title={vertical ? undefined : t(labelKey)}
              aria-label={vertical ? undefined : t(labelKey)}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-lg text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-violet-600',
                  vertical ? 'px-3 py-2' : 'size-10 justify-center',
                  isActive ? 'bg-violet-100 text-violet-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <Icon className="size-5" aria-hidden="true" />
              {vertical ? <span>{t(labelKey)}</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
