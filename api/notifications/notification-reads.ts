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
  project_reference: string | null;
  project_title: string | null;
  unread_count: string;
}

/**
 * The bell's list: the user's newest notifications and the count of all their unread ones (the
 * window runs before the limit), in one query of plain rows: every page of every signed-in tab
 * reads it.
 */
export async function readNotifications(em: EntityManager, userId: string): Promise<NotificationsAnswer> {
  const rows = await em.getConnection().execute<NotificationRow[]>(
    `select n.id, n.type, n.title, n.message, n.is_read, n.created_at, n.project_id,
            p.reference as project_reference, p.title as project_title,
            count(*) filter (where not n.is_read) over () as unread_count
       from notifications n left join projects p on p.id = n.project_id
      where n.user_id = ?
      order by n.created_at desc, n.id desc
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
      project:
        row.project_reference === null ? null : { reference: row.project_reference, title: row.project_title ?? '' },
    })),
    unreadCount: Number(rows[0]?.unread_count ?? 0),
  };
}
