import type { EntityManager } from '@mikro-orm/postgresql';
import { NOTIFICATION_LIST_LIMIT, type NotificationsAnswer } from '../../domain/notifications';
import { Notification } from '../../db/entities';

/** The bell's list: the user's newest notifications and the count of all their unread ones. */
export async function readNotifications(em: EntityManager, userId: string): Promise<NotificationsAnswer> {
  const [rows, unreadCount] = await Promise.all([
    em.find(Notification, { userId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: NOTIFICATION_LIST_LIMIT }),
    em.count(Notification, { userId, isRead: false }),
  ]);
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      isRead: row.isRead,
      createdAt: row.createdAt.toISOString(),
      projectId: row.project?.id ?? null,
    })),
    unreadCount,
  };
}
