import { hashKey, useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { myProjectsQuery } from '@/features/dashboard/api/my-projects';
import { editorProfileQuery, editorProjectsQuery } from '@/features/editor/api/editor';
import { addLiveNotification, notificationsQuery } from '@/features/notifications/api/notifications';
import { toastNewNotification } from '@/features/notifications/components/notification-toast';
import { paymentStateQuery } from '@/features/payments/api/payments';
import { projectFilesQuery, projectMessagesQuery, projectQuery } from '@/features/projects/api/project';
import { commentsQuery } from '@/features/review/api/review';
import { afterProjectActions, answeredByProjectAction } from '@/lib/project-actions';
import { versionsQuery } from '@/lib/project-versions';
import { useStreamMessages, type StreamMessage } from '@/lib/event-stream';

/**
 * The live channel → TanStack Query, mounted once inside the providers. Events carry ids only:
 * each one marks the queries it concerns stale, and the ones on screen refetch. The cache stays
 * the only copy of server state (the bell's new item and the chat's own message are written into
 * it, never beside it).
 */
export function LiveSync() {
  const queryClient = useQueryClient();
  useStreamMessages((message) => applyLiveMessage(queryClient, message));
  return null;
}

type LiveEvent = Extract<StreamMessage, { kind: 'event' }>['event'];

/** Every query of one project: detail, notifications, messages, revisions, timeline, files. */
const projectKey = (projectId: string): QueryKey => ['projects', projectId];

const isProjectNotifications = (query: Query) =>
  query.queryKey.length === 3 && query.queryKey[0] === 'projects' && query.queryKey[2] === 'notifications';

/** A payment return page still waiting for its project (it also polls, slowly while the stream is up). */
const isCreatingPayment = (query: Query) =>
  query.queryKey[0] === 'payment-state' && (query.state.data as { state?: string } | undefined)?.state === 'creating';

function applyLiveMessage(queryClient: QueryClient, message: StreamMessage): void {
  const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
  switch (message.kind) {
    case 'resync':
      // Events were lost to retention: nothing on screen can be trusted.
      void queryClient.invalidateQueries();
      return;
    case 'ready':
      // A stream that did not resume replays nothing: what was read before it asked may be stale.
      if (!message.resumed) {
        void queryClient.invalidateQueries({
          predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < message.requestedAt,
        });
      }
      return;
    case 'event':
      applyEvent(queryClient, message.event, message.id, message.newSinceLoad, invalidate);
  }
}

function applyEvent(
  queryClient: QueryClient,
  event: LiveEvent,
  eventId: string | null,
  newSinceLoad: boolean,
  invalidate: (queryKey: QueryKey) => void,
): void {
  switch (event.type) {
    case 'notification.created': {
      const { notification } = event;
      addLiveNotification(queryClient, notification);
      // Only what happened after this page opened raises a toast (never a replay of older events).
      if (newSinceLoad) toastNewNotification(notification);
      invalidate(notificationsQuery().queryKey);
      if (notification.projectId) invalidate(['projects', notification.projectId, 'notifications']);
      return;
    }
    case 'notifications.read':
      invalidate(notificationsQuery().queryKey);
      void queryClient.invalidateQueries({ predicate: isProjectNotifications });
      return;
    case 'project.changed':
      // This tab's own action answers with the project after the change: wait for one under way.
      afterProjectActions(queryClient, event.projectId, () =>
        projectChanged(queryClient, event.projectId, eventId === null ? Infinity : Number(eventId), invalidate),
      );
      return;
    case 'project.message': {
      // The sender's own tab already holds the message (the POST's answer): no refetch for it.
      const messages = queryClient.getQueryData(projectMessagesQuery(event.projectId).queryKey);
      if (!messages?.some((item) => item.id === event.messageId))
        invalidate(projectMessagesQuery(event.projectId).queryKey);
      return;
    }
    case 'project.file':
      // The list, and the detail's final-file count, upload areas and actions.
      invalidate(projectFilesQuery(event.projectId).queryKey);
      invalidate(projectQuery(event.projectId).queryKey);
      return;
    case 'project.version':
      // A new version, its preview's progress, ready or failed, approved: the list; the page's detail
      // when the version is new or done (not at every step of the progress).
      invalidate(versionsQuery(event.projectId).queryKey);
      if (event.previewStatus !== 'processing' || event.progress === 0)
        invalidate(projectQuery(event.projectId).queryKey);
      return;
    case 'project.comment':
      // A comment or a reply posted, resolved, reopened or carried: that version's threads and counters.
      invalidate(commentsQuery(event.projectId, event.versionNumber).queryKey);
      invalidate(versionsQuery(event.projectId).queryKey);
      return;
    case 'payment.changed':
      invalidate(paymentStateQuery(event.sessionId).queryKey);
      invalidate(myProjectsQuery().queryKey);
      return;
    case 'access.changed':
      // Roles changed: what the user may see changed too (the stream reconnects with a fresh token).
      void queryClient.invalidateQueries();
      return;
  }
}

/**
 * Status, assignment, counters, dates, actions: the page, the lists, the editor's load. The page is
 * not read again when it already shows the event (this tab's action answered with it, or a read
 * came after it), nor the project's other queries and lists when this tab's action refreshed them.
 */
function projectChanged(
  queryClient: QueryClient,
  projectId: string,
  eventId: number,
  invalidate: (queryKey: QueryKey) => void,
): void {
  const detailKey = projectQuery(projectId).queryKey;
  const shown = queryClient.getQueryData(detailKey);
  if (!(shown && shown.lastEventId >= eventId)) invalidate(detailKey);
  if (!answeredByProjectAction(queryClient, projectId, eventId)) {
    const detailHash = hashKey(detailKey);
    void queryClient.invalidateQueries({
      queryKey: projectKey(projectId),
      predicate: (query) => query.queryHash !== detailHash,
    });
    invalidate(myProjectsQuery().queryKey);
    invalidate(editorProjectsQuery().queryKey);
  }
  invalidate(editorProfileQuery().queryKey);
  // The administration's lists (Projets, Briefs) and an open assignment dialog's editors.
  invalidate(['admin']);
  void queryClient.invalidateQueries({ predicate: isCreatingPayment });
}
