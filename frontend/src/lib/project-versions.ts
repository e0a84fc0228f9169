import type { VersionsAnswer } from '@domain/review';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /api/projects/{projectId}/versions`: the versions of the final video, newest first. Shared by
 * the review studio and the project page's revision request (the round is the newest version's).
 */
export const versionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'versions'],
    queryFn: async () =>
      (await api.get<VersionsAnswer>(`/projects/${encodeURIComponent(projectId)}/versions`)).versions,
    // While a preview is being made, its progress is followed (the live channel also says when it is done).
    refetchInterval: (query) =>
      query.state.data?.some((version) => version.preview.status === 'processing') ? 4_000 : false,
  });
