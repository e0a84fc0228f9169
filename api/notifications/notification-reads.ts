import type { EntityManager } from '@mikro-orm/postgresql';
import { NOTIFICATION_LIST_LIMIT, type NotificationsAnswer } from '../../domain/notifications';
import { isoTimestamp } from '../../db/raw-timestamps';

interface NotificationRow {
  id: string;
  type: string;
  title: string;
  message: string;
  is_read: boolean;
  created_at: string;
  project_id: string | null;
  unread_count: string;
}

/**
 * The bell's list: the user's newest notifications and the count of all their unread ones (the
 * window runs before the limit), in one query of plain rows: every page of every signed-in tab
 * reads it.
 */
export async function readNotifications(em: EntityManager, userId: string): Promise<NotificationsAnswer> {
  const rows = await em.getConnection().execute<NotificationRow[]>(
    `select id, type, title, message, is_read, created_at, project_id,
            count(*) filter (where not is_read) over () as unread_count
       from notifications
      where user_id = ?
      order by created_at desc, id desc
      limit ?`,
    [userId, NOTIFICATION_LIST_LIMIT],
    'all',
  );
  return {
    notifications: rows.map((row) => ({
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      isRead: row.is_read,
      createdAt: isoTimestamp(row.created_at),
      projectId: row.project_id,
    })),
    unreadCount: Number(rows[0]?.unread_count ?? 0),
  };
}
