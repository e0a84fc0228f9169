import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { AccountButton } from '@/components/layout/account-button';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { Logo } from '@/components/layout/logo';
import { MobileMenu } from '@/components/layout/mobile-menu';
import { MAIN_LINKS } from '@/components/layout/nav-links';
import { RoleNavigation } from '@/components/layout/role-navigation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';

// Signed-in users only: visitors never download the menu (Radix menu, floating positioning).
const UserMenu = lazy(() => import('@/components/layout/user-menu').then((module) => ({ default: module.UserMenu })));

/** `notificationBell` shows for signed-in users; signed-out visitors get the sign-in button instead. */
export function Header({ notificationBell }: { notificationBell?: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const signedIn = status === 'authenticated';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80 [@media(max-height:30rem)]:static">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <Logo />

        <MainNav className="hidden lg:block" />

        <div className="ml-auto flex items-center gap-2">
          <LanguageToggle className="hidden md:inline-flex" />
          {signedIn ? <RoleNavigation className="hidden xl:block" /> : null}
          {signedIn ? notificationBell : null}
          <Button asChild className="hidden md:inline-flex">
            <Link to={paths.brief.getHref()}>{t('nav.order')}</Link>
          </Button>
          {signedIn ? (
            <div className="hidden md:block">
              <Suspense fallback={<AccountButton disabled />}>
                <UserMenu />
              </Suspense>
            </div>
          ) : (
            <Button asChild variant="outline" className="hidden md:inline-flex">
              <Link to={paths.auth.getHref()}>{t('nav.signIn')}</Link>
            </Button>
          )}
          <MobileMenu className="md:hidden" />
        </div>
      </div>
      {/* Between md and lg the links get their own row so the actions keep room. */}
      <MainNav className="mx-auto hidden max-w-7xl px-2 pb-2 sm:px-4 md:block lg:hidden" />
    </header>
  );
}

function MainNav({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.main')} className={className}>
      <ul className="flex items-center gap-1">
        {MAIN_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) =>
                cn(
                  'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap outline-none transition-colors focus-visible:ring-2 focus-visible:ring-violet-600',
                  isActive ? 'text-violet-800' : 'text-slate-600 hover:text-slate-900',
                )
              }
            >
              {t(link.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
