import type { QueryClient } from '@tanstack/react-query';
import { myProjectsQuery } from '@/features/dashboard/api/my-projects';
import { sessionCanSee } from '@/lib/authorization';
import { prefetch } from '@/lib/react-query';

export { ClientDashboard as Component } from '@/features/dashboard/components/client-dashboard';

/** The client's projects and counters, once the session is known and only for a signed-in visitor. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  if (await sessionCanSee()) await prefetch(queryClient, myProjectsQuery());
  return null;
};
