/** The notification bell (000 §2, §3, §7, §9): what `GET /api/notifications` answers and how it shows. */

/** The bell lists the user's newest notifications, this many (000 §9). */
export const NOTIFICATION_LIST_LIMIT = 20;
/** Above this the badge reads `99+`. */
const NOTIFICATION_BADGE_CAP = 99;

export interface NotificationView {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  /** A click opens `/project/{projectId}` when there is one. */
  projectId: string | null;
  /** The project it is about, as the bell names it. */
  project: { reference: string; title: string } | null;
}

export interface NotificationsAnswer {
  notifications: NotificationView[];
  /** All the user's unread notifications, not only the listed ones. */
  unreadCount: number;
}

/** The badge text: the count, `99+` above 99, nothing at 0. */
export function badgeText(unread: number): string {
  if (unread <= 0) return '';
  return unread > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(unread);
}

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification introuvable',
} as const;
