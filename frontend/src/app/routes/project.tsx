import type { QueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { projectNotificationsQuery, projectQuery } from '@/features/projects/api/project';
import { ProjectPage } from '@/features/projects/components/project-page';
import { sessionCanSee } from '@/lib/authorization';
import { prefetch } from '@/lib/react-query';

/** The review studio is a chunk of its own, fetched when the Versions tab is opened. */
const ReviewStudio = lazy(() =>
  import('@/features/review/components/review-studio').then((module) => ({ default: module.ReviewStudio })),
);

/** The project page, with the review studio in its Versions tab. */
export function Component() {
  return <ProjectPage studio={(project) => <ReviewStudio project={project} />} />;
}

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
