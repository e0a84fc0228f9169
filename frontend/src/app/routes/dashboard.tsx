import type { QueryClient } from '@tanstack/react-query';
import { myProjectsQuery } from '@/features/dashboard/api/my-projects';
import { unpaidBriefsQuery } from '@/features/dashboard/api/unpaid-briefs';
import { sessionCanSee } from '@/lib/authorization';
import { prefetch } from '@/lib/react-query';

export { ClientDashboard as Component } from '@/features/dashboard/components/client-dashboard';

/** The client's projects, counters and unpaid briefs, once the session is known and only for a signed-in visitor. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  if (await sessionCanSee())
    await Promise.all([prefetch(queryClient, myProjectsQuery()), prefetch(queryClient, unpaidBriefsQuery())]);
  return null;
};
