import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import type { AuthSnapshot } from '@/lib/auth-client';
import { AppProvider } from './provider';

/**
 * The app around its router; main.tsx builds both (the router may first load the page's code).
 * `session`: the one the server drew a signed-in page with (see `AuthProvider`).
 */
export function App({
  router,
  queryClient,
  session,
}: {
  router: DataRouter;
  queryClient: QueryClient;
  session?: AuthSnapshot;
}) {
  return (
    <AppProvider queryClient={queryClient} session={session}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
