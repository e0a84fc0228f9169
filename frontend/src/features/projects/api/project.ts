import type { ContactSheetSummary, ShotListView } from '@domain/contact-sheet';
import type {
  ProjectBillingDocument,
  ProjectDetail,
  ProjectFileView,
  ProjectMessageView,
  ProjectNotificationView,
  ProjectRevisionView,
  StatusHistoryView,
} from '@domain/projects';
import { PROJECT_NOTIFICATIONS_FETCHED, projectPageQueryKeys } from '@domain/projects';
import { queryOptions, replaceEqualDeep, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, downloadApiFile } from '@/lib/api-client';

/** One project's endpoints: per read, a fetcher, its query options and a hook; then the writes. */

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

/** 403/404 are page states, not failures worth retrying. */
const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && [401, 403, 404].includes(error.status)) && count < 2;

const getProject = async (projectId: string) => (await api.get<{ project: ProjectDetail }>(base(projectId))).project;

/**
 * The page never goes back in time: a read that left before an action's answer (which becomes the
 * page's project, `lib/project-actions.ts`) and lands after it is dropped.
 */
const newerProject = (shown: unknown, read: unknown) =>
  shown && (shown as ProjectDetail).lastEventId > (read as ProjectDetail).lastEventId
    ? shown
    : replaceEqualDeep(shown, read);

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectPageQueryKeys.detail(projectId),
    queryFn: () => getProject(projectId),
    retry: retryUnlessRefused,
    structuralSharing: newerProject,
  });

export const useProject = (projectId: string) => useQuery(projectQuery(projectId));

const getProjectNotifications = async (projectId: string) =>
  (
    await api.get<{ notifications: ProjectNotificationView[] }>(`${base(projectId)}/notifications`, {
      query: { limit: PROJECT_NOTIFICATIONS_FETCHED },
    })
  ).notifications;

export const projectNotificationsQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectPageQueryKeys.notifications(projectId),
    queryFn: () => getProjectNotifications(projectId),
  });

export const useProjectNotifications = (projectId: string) => useQuery(projectNotificationsQuery(projectId));

const getProjectMessages = async (projectId: string) =>
  (await api.get<{ messages: ProjectMessageView[] }>(`${base(projectId)}/messages`)).messages;

export const projectMessagesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'messages'],
    queryFn: () => getProjectMessages(projectId),
  });

export const useProjectMessages = (projectId: string) => useQuery(projectMessagesQuery(projectId));

const getProjectRevisions = async (projectId: string) =>
  (await api.get<{ revisions: ProjectRevisionView[] }>(`${base(projectId)}/revisions`)).revisions;

const projectRevisionsQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'revisions'],
    queryFn: () => getProjectRevisions(projectId),
  });

export const useProjectRevisions = (projectId: string) => useQuery(projectRevisionsQuery(projectId));

const getProjectTimeline = async (projectId: string) =>
  (await api.get<{ entries: StatusHistoryView[] }>(`${base(projectId)}/timeline`)).entries;

const projectTimelineQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'timeline'],
    queryFn: () => getProjectTimeline(projectId),
  });

export const useProjectTimeline = (projectId: string) => useQuery(projectTimelineQuery(projectId));

const getProjectFiles = async (projectId: string) =>
  (await api.get<{ files: ProjectFileView[] }>(`${base(projectId)}/files`)).files;

export const projectFilesQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['projects', projectId, 'files'],
    queryFn: () => getProjectFiles(projectId),
    // Download links expire after a few minutes: fetch fresh ones when the list is shown again.
    staleTime: 60_000,
  });

export const useProjectFiles = (projectId: string) => useQuery(projectFilesQuery(projectId));

const fileBase = (projectId: string, fileId: string) => `${base(projectId)}/files/${encodeURIComponent(fileId)}`;

/** A rush's shots with short-lived thumbnail links, read when its contact sheet is opened. */
export const useRushShots = (projectId: string, fileId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['projects', projectId, 'files', fileId, 'shots'],
    queryFn: () => api.get<ShotListView>(`${fileBase(projectId, fileId)}/shots`),
    enabled,
    // The thumbnail links expire after 15 minutes.
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });

/** Makes a failed contact sheet again; the files list follows (the sheet is pending, then its live event). */
export function useRetryContactSheet(projectId: string, fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ contactSheet: ContactSheetSummary }>(`${fileBase(projectId, fileId)}/contact-sheet/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFilesQuery(projectId).queryKey }),
  });
}

/** The rush's contact sheet as a PDF, or its shot list as a CSV. */
export const downloadContactSheet = (projectId: string, fileId: string, format: 'pdf' | 'csv') =>
  format === 'pdf'
    ? downloadApiFile(`${fileBase(projectId, fileId)}/contact-sheet.pdf`, 'planche-contact.pdf')
    : downloadApiFile(`${fileBase(projectId, fileId)}/shots.csv`, 'plans.csv');

const sendMessage = (projectId: string, content: string) =>
  api.post<{ message: ProjectMessageView }>(`${base(projectId)}/messages`, { content });

export function useSendMessage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendMessage(projectId, content),
    // The sender sees the message at once; its live event (or a refetch) never adds it twice.
    onSuccess: ({ message }) => {
      queryClient.setQueryData(projectMessagesQuery(projectId).queryKey, (current = []) =>
        current.some((item) => item.id === message.id) ? current : [...current, message],
      );
    },
  });
}

const BILLING_DOCUMENT_FILES = { invoice: 'invoice.pdf', credit_note: 'credit-note.pdf' } as const;

/** The project's invoice or credit note, as stored when issued (a 409 while its PDF is being made). */
export const downloadBillingDocument = (projectId: string, kind: ProjectBillingDocument['kind']) =>
  downloadApiFile(`${base(projectId)}/${BILLING_DOCUMENT_FILES[kind]}`, BILLING_DOCUMENT_FILES[kind]);
