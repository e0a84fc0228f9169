import type {
  ProjectDetail,
  ProjectFileView,
  ProjectMessageView,
  ProjectNotificationView,
  ProjectRevisionView,
  StatusHistoryView,
} from '@domain/projects';
import { PROJECT_NOTIFICATIONS_FETCHED } from '@domain/projects';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/auth-client';

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

/** 403/404 are page states, not failures worth retrying. */
const retryUnlessRefused = (count: number, error: Error) => !(error instanceof ApiError && [401, 403, 404].includes(error.status)) && count < 2;

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'detail'],
    queryFn: async () => (await api.get<{ project: ProjectDetail }>(base(projectId))).project,
    retry: retryUnlessRefused,
  });

export const projectNotificationsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'notifications'],
    queryFn: async () =>
      (await api.get<{ notifications: ProjectNotificationView[] }>(`${base(projectId)}/notifications`, { query: { limit: PROJECT_NOTIFICATIONS_FETCHED } })).notifications,
  });

export const projectMessagesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'messages'],
    queryFn: async () => (await api.get<{ messages: ProjectMessageView[] }>(`${base(projectId)}/messages`)).messages,
  });

export const projectRevisionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'revisions'],
    queryFn: async () => (await api.get<{ revisions: ProjectRevisionView[] }>(`${base(projectId)}/revisions`)).revisions,
  });

export const projectTimelineQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'timeline'],
    queryFn: async () => (await api.get<{ entries: StatusHistoryView[] }>(`${base(projectId)}/timeline`)).entries,
  });

export const projectFilesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'files'],
    queryFn: async () => (await api.get<{ files: ProjectFileView[] }>(`${base(projectId)}/files`)).files,
    // Download links expire after a few minutes: fetch fresh ones when the list is shown again.
    staleTime: 60_000,
  });

export const useProject = (projectId: string) => useQuery(projectQuery(projectId));

export function useSendMessage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<{ message: ProjectMessageView }>(`${base(projectId)}/messages`, { content }),
    onSuccess: ({ message }) => {
      queryClient.setQueryData(projectMessagesQuery(projectId).queryKey, (current) => [...(current ?? []), message]);
    },
  });
}

/** The invoice needs the bearer token, so it is fetched and handed to the browser as a file. */
export async function downloadInvoice(projectId: string): Promise<void> {
  const token = await getToken();
  const response = await fetch(`/api${base(projectId)}/invoice.pdf`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError('invoice', response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'facture.pdf';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
