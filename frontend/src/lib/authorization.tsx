import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { hasAnyRole, type Role } from '@domain/roles';
import { ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { checkSession, getAuthSnapshot } from '@/lib/auth-client';

/**
 * A layout route's element (spec 000 §6, DESIGN decisions): its child pages show only to signed-in
 * users holding at least one of `roles` (any signed-in user when `roles` is empty).
 */
export function ProtectedLayout({ roles = [] }: { roles?: readonly Role[] }) {
  return (
    <ProtectedRoute>
      <RoleGate roles={roles}>
        <Outlet />
      </RoleGate>
    </ProtectedRoute>
  );
}

/**
 * The centred spinner with 'Chargement...' (000 §2), announced as a status: a signed-in page while
 * the session is checked, and any page the browser draws itself while its code and data load.
 */
export function SessionSpinner() {
  const { t } = useTranslation();
  return <Spinner fullPage label={t('common:loading')} />;
}

/**
 * For the loaders of guarded pages: waits until the session is known (a failed check is not
 * started again here), then tells whether the page will be shown, so that nothing is fetched for a
 * visitor the layout sends to `/auth` or turns away.
 */
export async function sessionCanSee(roles: readonly Role[] = []): Promise<boolean> {
  await checkSession();
  const { status, roles: held } = getAuthSnapshot();
  return status === 'authenticated' && hasAnyRole(held, roles);
}

/** The loader of the guarded layouts: their pages show once the session is known. */
export async function sessionLoader(): Promise<null> {
  await checkSession();
  return null;
}

/**
 * The loader of the sign-in and e-mail confirmation pages: they show at once and learn the
 * session when its check ends (a signed-in user is then sent on; Keycloak is ready for the click).
 */
export function sessionCheckLoader(): null {
  void checkSession();
  return null;
}

/** Signed-in pages: spinner while the session loads, then `/auth` when nobody is signed in. */
function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();

  if (status === 'loading') return <SessionSpinner />;
  if (status !== 'authenticated') {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={paths.auth.getHref(back)} replace />;
  }
  return <>{children}</>;
}

/**
 * Shows its content only to users holding at least one of `roles` (everything when `roles` is
 * empty). The server checks again on every call; this only decides what to display.
 */
function RoleGate({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { status, roles: held } = useAuth();
  const { t } = useTranslation();

  if (status === 'loading') {
    return <Spinner fullPage label={t('auth.checkingPermissions')} />;
  }
  if (status !== 'authenticated' || !hasAnyRole(held, roles)) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center" role="alert">
        <ShieldAlert className="size-10 text-slate-400" aria-hidden="true" />
        <p className="text-lg text-slate-700">{t('auth.forbidden')}</p>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>{t('common:backHome')}</Link>
        </Button>
      </div>
    );
  }
  return <>{children}</>;
}
