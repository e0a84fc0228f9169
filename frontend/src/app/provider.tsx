import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AuthProvider, useAuth } from '@/lib/auth';
import type { AuthSnapshot } from '@/lib/auth-client';

// Only a signed-in user has a live channel: visitors never download it.
const LiveSync = lazy(() => import('./live-sync').then((module) => ({ default: module.LiveSync })));
const AppToaster = lazy(() => import('./app-toaster').then((module) => ({ default: module.AppToaster })));

/**
 * The query cache, the session, the live channel and the toaster around the app (and its server
 * renders: `session` is the one a page was drawn with, see `AuthProvider`).
 */
export function AppProvider({
  queryClient,
  session,
  children,
}: {
  queryClient: QueryClient;
  session?: AuthSnapshot;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider session={session}>
        <SignedInLiveSync />
        {children}
        <IdleToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}

function SignedInLiveSync() {
  const { status } = useAuth();
  if (status !== 'authenticated') return null;
  return (
    <Suspense fallback={null}>
      <LiveSync />
    </Suspense>
  );
}

/**
 * The toaster mounts once the page is idle, so that its library never delays a page. Toasts
 * raised before (they follow a click or a page's own load) show when it mounts: sonner replays
 * the active ones to a new toaster.
 */
function IdleToaster() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 1000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
