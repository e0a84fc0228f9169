import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  title: 'Notifications',
  open: 'Notifications',
  openUnread_one: 'Notifications, {{count}} unread',
  openUnread_other: 'Notifications, {{count}} unread',
  markAllRead: 'Mark all as read',
  empty: 'No notifications',
  loading: 'Loading notifications…',
  unread: 'Unread:',
};
