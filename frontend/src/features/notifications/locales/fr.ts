/** The notification bell's text (namespace `notifications`); titles and messages come from the server. */
export const fr = {
  title: 'Notifications',
  open: 'Notifications',
  openUnread_one: 'Notifications, {{count}} non lue',
  openUnread_other: 'Notifications, {{count}} non lues',
  markAllRead: 'Tout marquer comme lu',
  empty: 'Aucune notification',
  loading: 'Chargement des notifications…',
  unread: 'Non lue :',
};
