import { createContext, use, useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@domain/roles';
import {
  AuthUnavailableError,
  getAuthSnapshot,
  getPrerenderAuthSnapshot,
  getToken,
  login as loginWithKeycloak,
  logout as logoutFromKeycloak,
  register as registerWithKeycloak,
  subscribeAuth,
  type AuthRedirectOptions,
  type AuthSnapshot,
  type AuthStatus,
  type AuthUser,
} from '@/lib/auth-client';

export type { AuthRedirectOptions };

export interface AuthContextValue {
  status: AuthStatus;
  user: AuthUser | null;
  roles: Role[];
  /** False when the identity service could not be reached (the site runs signed out). */
  available: boolean;
  login: (options?: AuthRedirectOptions) => Promise<void>;
  register: (options?: AuthRedirectOptions) => Promise<void>;
  logout: () => Promise<void>;
  getToken: () => Promise<string | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * `session`: the session the page's HTML was drawn with, when the server drew it for a signed-in
 * user (the browser's first render must draw the same); signed out otherwise.
 */
export function AuthProvider({ children, session }: { children: ReactNode; session?: AuthSnapshot }) {
  const { t } = useTranslation();
  const drawnWith = useCallback(() => session ?? getPrerenderAuthSnapshot(), [session]);
  const snapshot = useSyncExternalStore(subscribeAuth, getAuthSnapshot, drawnWith);

  const guard = useCallback(
    async (
      action: () => Promise<void>,
      fallbackKey: 'auth.errors.login' | 'auth.errors.register' | 'auth.errors.logout',
    ) => {
      try {
        await action();
      } catch (error) {
        if (!(error instanceof AuthUnavailableError)) console.error(error);
        const message = t(error instanceof AuthUnavailableError ? 'auth.errors.unavailable' : fallbackKey);
        // The toast library loads with the app's toaster, after the page (see app/provider).
        void import('sonner').then(({ toast }) => toast.error(message));
      }
    },
    [t],
  );

  const login = useCallback(
    (options?: AuthRedirectOptions) => guard(() => loginWithKeycloak(options), 'auth.errors.login'),
    [guard],
  );
  const register = useCallback(
    (options?: AuthRedirectOptions) => guard(() => registerWithKeycloak(options), 'auth.errors.register'),
    [guard],
  );
  const logout = useCallback(() => guard(() => logoutFromKeycloak(), 'auth.errors.logout'), [guard]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...snapshot, login, register, logout, getToken }),
    [snapshot, login, register, logout],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

/** The session. Throws when used outside `AuthProvider`. */
export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth doit être utilisé à l’intérieur d’un AuthProvider');
  return context;
}
