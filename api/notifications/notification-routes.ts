import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { userEvent } from '../../domain/events';
import { NOTIFICATION_MESSAGES } from '../../domain/notifications';
import { Notification } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import { HttpError } from '../lib/http-error';
import type { ReadCaches } from '../projects/read-caches';
import { currentUser, requireAuth } from '../middleware/auth';
import { readNotifications } from '../notifications/notification-reads';

export interface NotificationRouteDeps {
  em: () => EntityManager;
  /** The bell, kept in memory while the database says the user's notifications have not changed. */
  reads: Pick<ReadCaches, 'notificationLists'>;
}

const NotificationId = z.uuid();

/**
 * The notification bell (000 §2, §7): the signed-in user's own notifications only. Marking read
 * writes a `notifications.read` event, so the user's other tabs follow.
 */
export function notificationRoutes(deps: NotificationRouteDeps): Router {
  const router = new Router({ prefix: '/api/notifications' });

  router.get('/', requireAuth, async (ctx) => {
    const userId = currentUser(ctx).id;
    ctx.type = 'json';
    ctx.body = await deps.reads.notificationLists.read(userId, async () =>
      JSON.stringify(await readNotifications(deps.em(), userId)),
    );
  });

  router.post('/read-all', requireAuth, async (ctx) => {
    const userId = currentUser(ctx).id;
    await deps.em().transactional(async (em) => {
      const changed = await em.nativeUpdate(Notification, { userId, isRead: false }, { isRead: true });
      if (changed > 0) await appendEvents(em, () => [userEvent(userId, { type: 'notifications.read', ids: 'all' })]);
    });
    ctx.body = { unreadCount: 0 };
  });

  router.post('/:notificationId/read', requireAuth, async (ctx) => {
    const userId = currentUser(ctx).id;
    const id = NotificationId.safeParse(ctx.params.notificationId);
    if (!id.success) throw new HttpError(404, NOTIFICATION_MESSAGES.notFound);
    const unreadCount = await deps.em().transactional(async (em) => {
      const notification = await em.findOne(Notification, { id: id.data, userId });
      if (!notification) throw new HttpError(404, NOTIFICATION_MESSAGES.notFound);
      if (!notification.isRead) {
        notification.isRead = true;
        await appendEvents(em, () => [userEvent(userId, { type: 'notifications.read', ids: [notification.id] })]);
      }
      return em.count(Notification, { userId, isRead: false });
    });
    ctx.body = { unreadCount };
  });

  return router;
}
