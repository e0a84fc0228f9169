import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Project } from './project';
import { createdAt, sqlIndex, userId, uuidPk } from './columns';

/**
 * An in-app notification for one user (000 §3). Known types are listed in `NOTIFICATION_TYPES`;
 * the column stays free text because the front end shows any other type as default.
 */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  properties: {
    id: uuidPk(),
    userId: userId(),
    type: p.text(),
    title: p.text(),
    message: p.text(),
    isRead: p.boolean().default(false),
    /** Column `project_id`; notifications go with their project. */
    project: () => p.manyToOne(Project).nullable().deleteRule('cascade'),
    createdAt: createdAt(),
  },
  indexes: [
    sqlIndex('notifications', 'notifications_user_id_created_at_index', '"user_id", "created_at" desc'),
    sqlIndex(
      'notifications',
      'notifications_project_id_user_id_created_at_index',
      '"project_id", "user_id", "created_at" desc',
    ),
    /** The unread badge and "mark all as read". */
    sqlIndex('notifications', 'notifications_unread_user_id_index', '"user_id", "created_at" desc', 'not "is_read"'),
  ],
});
export type Notification = InferEntity<typeof Notification>;
