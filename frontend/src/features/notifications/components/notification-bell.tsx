import { badgeText, type NotificationView } from '@domain/notifications';
import { Bell, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatRelative } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications';
import { NOTIFICATIONS_NAMESPACE } from '../locales';
import { NotificationIcon } from './notification-icon';

/**
 * The signed-in user's bell (000 §2, §3, §4, §9): the unread count (`99+` above 99), the 20
 * newest notifications in a 20 rem scroll area, newest first, unread ones marked; a click marks
 * one read and opens its project; "Tout marquer comme lu". New ones arrive through the live
 * channel (app/live-sync). A menu: arrow keys move through the items, Enter opens one.
 */
export function NotificationBell() {
  const { t } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const navigate = useNavigate();
  const { data, isPending } = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const unread = data?.unreadCount ?? 0;
  const badge = badgeText(unread);
  const notifications = data?.notifications ?? [];

  const open = (notification: NotificationView) => {
    if (!notification.isRead) markRead.mutate(notification.id);
    if (notification.projectId) void navigate(paths.project.getHref(notification.projectId));
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? t('openUnread', { count: unread }) : t('open')}
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden="true" />
          {badge && (
            <span
              className="absolute top-0.5 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white tabular-nums ring-2 ring-white"
              aria-hidden="true"
              data-testid="notification-badge"
            >
              {badge}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-80 max-w-[calc(100vw-1rem)] p-0" collisionPadding={8}>
        <div className="flex items-center justify-between gap-2 py-1 pr-1.5 pl-0.5">
          <DropdownMenuLabel>{t('title')}</DropdownMenuLabel>
          {unread > 0 && (
            <DropdownMenuItem
              className="px-2 text-xs font-medium whitespace-nowrap text-violet-800 [&_svg]:text-violet-700"
              onSelect={(event) => {
                event.preventDefault();
                markAllRead.mutate();
              }}
              data-testid="notifications-mark-all"
            >
              <CheckCheck aria-hidden="true" />
              {t('markAllRead')}
            </DropdownMenuItem>
          )}
        </div>
        <DropdownMenuSeparator className="mx-0 my-0" />
        <div className="max-h-80 overflow-y-auto overscroll-contain p-1.5" data-testid="notification-list">
          {isPending ? (
            <div className="space-y-2 p-1.5" role="status" aria-label={t('loading')}>
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : notifications.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-600">{t('empty')}</p>
          ) : (
            notifications.map((notification) => (
              <DropdownMenuItem
                key={notification.id}
                onSelect={() => open(notification)}
                className={cn(
                  'items-start gap-3 py-2.5 [&_svg]:text-current',
                  !notification.isRead && 'bg-violet-50/70 data-[highlighted]:bg-violet-100/80',
                )}
                data-testid="notification-item"
                data-unread={notification.isRead ? undefined : 'true'}
              >
                <NotificationIcon type={notification.type} />
                <div className="min-w-0 flex-1">
                  <p className={cn('text-sm text-slate-900', notification.isRead ? 'font-medium' : 'font-semibold')}>
                    {!notification.isRead && <span className="sr-only">{t('unread')} </span>}
                    {notification.title}
                  </p>
                  {notification.project && (
                    <p className="truncate text-xs font-medium text-slate-600" data-testid="notification-project">
                      {notification.project.reference} · {notification.project.title}
                    </p>
                  )}
                  <p className="line-clamp-2 text-sm break-words text-slate-600">{notification.message}</p>
                  <p className="mt-0.5 text-xs text-slate-600">
                    <time dateTime={notification.createdAt}>{formatRelative(notification.createdAt)}</time>
                  </p>
                </div>
                {!notification.isRead && (
                  <span className="mt-1.5 size-2 shrink-0 rounded-full bg-violet-600" aria-hidden="true" />
                )}
              </DropdownMenuItem>
            ))
          )}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
