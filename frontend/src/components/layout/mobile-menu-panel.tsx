import { hasAnyRole, landingPathFor } from '@domain/roles';
import { LayoutDashboard, LogOut, Shield } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { MAIN_LINKS } from '@/components/layout/nav-links';
import { useRoleLabel } from '@/components/layout/role-label';
import { RoleNavigation } from '@/components/layout/role-navigation';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

export interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The hamburger, which gets the focus back when the panel closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The mobile menu's side panel (a modal Radix dialog: focus trapped, closes on Escape). */
export function MobileMenuPanel({ open, onOpenChange, triggerRef }: MobileMenuPanelProps) {
  const { t } = useTranslation();
  const { status, roles, logout } = useAuth();
  const label = useRoleLabel(roles);
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        closeLabel={t('nav.closeMenu')}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <div className="pr-10">
          <SheetTitle>{t('nav.menu')}</SheetTitle>
          <SheetDescription className="sr-only">{t('nav.menuDescription')}</SheetDescription>
        </div>

        <nav aria-label={t('nav.main')}>
          <ul className="flex flex-col gap-1">
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  onClick={close}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-lg px-3 py-2.5 text-base font-medium outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
                      isActive ? 'bg-violet-50 text-violet-800' : 'text-slate-700 hover:bg-slate-100',
                    )
                  }
                >
                  {t(link.labelKey)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <RoleNavigation orientation="vertical" onNavigate={close} className="border-t border-slate-200 pt-4" />

        <div className="flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <span className="text-sm text-slate-600">{t('language.label')}</span>
          <LanguageToggle />
        </div>

        <div className="mt-auto flex flex-col gap-2 border-t border-slate-200 pt-4">
          <Button asChild size="lg">
            <Link to={paths.brief.getHref()} onClick={close}>
              {t('nav.order')}
            </Link>
          </Button>
          {status === 'authenticated' ? (
            <>
              <p className="px-1 pt-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
              <Button asChild variant="outline">
                <Link to={landingPathFor(roles)} onClick={close}>
                  <LayoutDashboard aria-hidden="true" />
                  {t('nav.dashboard')}
                </Link>
              </Button>
              {hasAnyRole(roles, ['admin', 'editor']) ? (
                <Button asChild variant="outline">
                  <Link to={paths.admin.getHref()} onClick={close}>
                    <Shield aria-hidden="true" />
                    {t('nav.administration')}
                  </Link>
                </Button>
              ) : null}
              <Button
                variant="ghost"
                onClick={() => {
                  close();
                  void logout();
                }}
              >
                <LogOut aria-hidden="true" />
                {t('nav.signOut')}
              </Button>
            </>
          ) : (
            <Button asChild variant="outline" size="lg">
              <Link to={paths.auth.getHref()} onClick={close}>
                {t('nav.signIn')}
              </Link>
            </Button>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
