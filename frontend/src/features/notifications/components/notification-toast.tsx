import { toast } from 'sonner';
import type { LiveNotification } from '../api/notifications';
import { iconForType } from './notification-icon';

/** Ids already toasted in this tab: a notification raises one toast, however often it arrives. */
const toasted = new Set<string>();

/** The toast of a notification that just arrived live (000 §4): its title and message. */
export function toastNewNotification(notification: LiveNotification): void {
  if (toasted.has(notification.id)) return;
  toasted.add(notification.id);
  const Icon = iconForType(notification.type);
  toast(notification.title, {
    id: `notification-${notification.id}`,
    description: notification.message,
    icon: <Icon className="size-4 text-violet-700" aria-hidden="true" />,
  });
}
