import i18n from 'i18next';
import { withFrenchSpacing } from '@/i18n/typography';

export const NOTIFICATIONS_NAMESPACE = 'notifications';

/** The notification bell's text (namespace `notifications`); titles and messages come from the server. */
const fr = {
  title: 'Notifications',
  open: 'Notifications',
  openUnread_one: 'Notifications, {{count}} non lue',
  openUnread_other: 'Notifications, {{count}} non lues',
  markAllRead: 'Tout marquer comme lu',
  empty: 'Aucune notification',
  loading: 'Chargement des notifications…',
  unread: 'Non lue :',
};

const en: typeof fr = {
  title: 'Notifications',
  open: 'Notifications',
  openUnread_one: 'Notifications, {{count}} unread',
  openUnread_other: 'Notifications, {{count}} unread',
  markAllRead: 'Mark all as read',
  empty: 'No notifications',
  loading: 'Loading notifications…',
  unread: 'Unread:',
};

let registered = false;

export function registerNotificationLabels(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('fr', NOTIFICATIONS_NAMESPACE, withFrenchSpacing(fr), true, false);
  i18n.addResourceBundle('en', NOTIFICATIONS_NAMESPACE, en, true, false);
}
