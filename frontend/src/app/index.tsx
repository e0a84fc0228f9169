import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProvider } from './provider';

/** The app around its router; main.tsx builds both (the router may first load the page's code). */
export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
