import type { QueryClient } from '@tanstack/react-query';
import { adminProjectsQuery, projectFilterChoicesQuery } from '@/features/admin/api/admin-projects';
import { adminConfigQuery } from '@/features/admin/api/admin-settings';
import { sessionCanSee } from '@/lib/authorization';
import { prefetch } from '@/lib/react-query';

export { AdminPage as Component } from '@/features/admin/components/admin-page';

/** The first tab's projects and filters, once the session is known and only for an admin. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  if (!(await sessionCanSee(['admin']))) return null;
  await Promise.all([
    prefetch(queryClient, adminProjectsQuery({ page: 1 })),
    prefetch(queryClient, projectFilterChoicesQuery()),
    prefetch(queryClient, adminConfigQuery()),
  ]);
  return null;
};
