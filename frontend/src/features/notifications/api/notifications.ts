import { NOTIFICATION_LIST_LIMIT, type NotificationsAnswer, type NotificationView } from '@domain/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The bell's endpoints (000 §2, §7): per read, a fetcher, its query options and a hook; then the
 * writes. Failures are only logged (000 §8 "silent handling"): the bell shows what it has.
 */

const logged =
  (what: string) =>
  (error: unknown): never => {
    console.error(`[notifications] ${what}:`, error);
    throw error;
  };

/** `GET /api/notifications`: the 20 newest, newest first, and the count of every unread one. */
const getNotifications = () => api.get<NotificationsAnswer>('/notifications').catch(logged('load failed'));

export const notificationsQuery = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: getNotifications,
  });

export const useNotifications = () => useQuery(notificationsQuery());

/** The answer with `ids` (or all) read; the unread count follows what the list shows. */
function withRead(answer: NotificationsAnswer, ids: readonly string[] | 'all'): NotificationsAnswer {
  if (ids === 'all') {
    return { notifications: answer.notifications.map((item) => ({ ...item, isRead: true })), unreadCount: 0 };
  }
  const turned = answer.notifications.filter((item) => !item.isRead && ids.includes(item.id)).length;
  return {
    notifications: answer.notifications.map((item) => (ids.includes(item.id) ? { ...item, isRead: true } : item)),
    unreadCount: Math.max(0, answer.unreadCount - turned),
  };
}

/** `POST /api/notifications/{id}/read` → `{ unreadCount }`. */
const markNotificationRead = (id: string) =>
  api.post<{ unreadCount: number }>(`/notifications/${encodeURIComponent(id)}/read`).catch(logged('mark read failed'));

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQuery();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (current) => current && withRead(current, [id]));
    },
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(queryKey, (current) => current && { ...current, unreadCount });
    },
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** `POST /api/notifications/read-all` → `{ unreadCount: 0 }`. */
const markAllNotificationsRead = () =>
  api.post<{ unreadCount: number }>('/notifications/read-all').catch(logged('mark all read failed'));

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQuery();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, (current) => current && withRead(current, 'all'));
    },
    onError: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** A notification as the live channel brings it (`notification.created`): its project's name comes with the refetch. */
export type LiveNotification = Omit<NotificationView, 'isRead' | 'project'>;

/**
 * A notification that just arrived on the live channel goes to the top of the bell at once; the
 * caller then refetches the list, which settles the count.
 */
export function addLiveNotification(queryClient: QueryClient, notification: LiveNotification): void {
  const { queryKey } = notificationsQuery();
  queryClient.setQueryData(queryKey, (current) => {
    if (!current || current.notifications.some((item) => item.id === notification.id)) return current;
    const view: NotificationView = { ...notification, isRead: false, project: null };
    return {
      notifications: [view, ...current.notifications].slice(0, NOTIFICATION_LIST_LIMIT),
      unreadCount: current.unreadCount + 1,
    };
  });
}
