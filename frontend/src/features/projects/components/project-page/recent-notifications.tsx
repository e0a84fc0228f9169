import { PROJECT_NOTIFICATIONS_SHOWN } from '@domain/projects';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '@/lib/format';
import { useProjectNotifications } from '../../api/project';
import { PROJECTS_NAMESPACE } from '../../locales';

/** The project's latest notifications for the signed-in user. */
export function RecentNotifications({ projectId }: { projectId: string }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const notifications = useProjectNotifications(projectId);
  const shown = (notifications.data ?? []).slice(0, PROJECT_NOTIFICATIONS_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section
      aria-labelledby="project-notifications"
      className="rounded-2xl border border-violet-100 bg-violet-50/60 p-4"
    >
      <h2 id="project-notifications" className="mb-2 flex items-center gap-2 text-sm font-semibold text-violet-900">
        <Bell className="size-4" aria-hidden="true" />
        {t('notifications')}
      </h2>
      <ul className="space-y-2" data-testid="project-notifications">
        {shown.map((notification) => (
          <li key={notification.id} className="text-sm">
            <span className="font-medium text-slate-900">{notification.title}</span>
            <span className="text-slate-700"> — {notification.message}</span>
            {/* Written a moment apart by the server and the browser: React keeps the server's text. */}
            <span className="ml-1 text-xs text-slate-500" suppressHydrationWarning>
              ({formatRelative(notification.createdAt)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
