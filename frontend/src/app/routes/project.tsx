import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { projectNotificationsQuery, projectQuery } from '@/features/projects/api/project';
import { sessionCanSee } from '@/lib/authorization';
import { prefetch } from '@/lib/react-query';

export { ProjectPage as Component } from '@/features/projects/components/project-page';

/** The project and its notifications together, once the session is known and only for a signed-in visitor. */
export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const projectId = params.projectId ?? '';
    if (await sessionCanSee()) {
      await Promise.all([
        prefetch(queryClient, projectQuery(projectId)),
        prefetch(queryClient, projectNotificationsQuery(projectId)),
      ]);
    }
    return null;
  };
