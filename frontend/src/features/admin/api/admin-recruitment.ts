import type { AdminApplicationView, InviteResult, Page } from '@domain/admin';
import type { ApplicationUpdateInput } from '@domain/schemas/admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const APPLICATIONS_PAGE_SIZE = 10;

/** `GET /api/admin/applications`: newest first, every answer. */
const applicationsQuery = (page: number, status: string) =>
  queryOptions({
    queryKey: ['admin', 'applications', { page, status }],
    queryFn: () =>
      api.get<Page<AdminApplicationView>>('/admin/applications', {
        query: { page, pageSize: APPLICATIONS_PAGE_SIZE, status: status || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useApplications = (page: number, status: string) => useQuery(applicationsQuery(page, status));

/** `PATCH /api/admin/applications/:id`; on failure the list is read again (000 §4). */
export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ApplicationUpdateInput & { id: string }) =>
      api.patch<{ application: AdminApplicationView }>(`/admin/applications/${encodeURIComponent(id)}`, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** `POST /api/admin/applications/:id/invite`: the invitation with the profile filled from the application. */
export function useInviteApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<InviteResult & { application: AdminApplicationView }>(
        `/admin/applications/${encodeURIComponent(id)}/invite`,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
