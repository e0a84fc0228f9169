import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { PROJECT_STATUSES } from '../../domain/enums';
import { Project } from './project';
import { createdAt, userId, uuidPk } from './columns';

/** One project status change: the project's timeline (000 §3). */
export const StatusHistory = defineEntity({
  name: 'StatusHistory',
  tableName: 'status_history',
  properties: {
    id: uuidPk(),
    /** Column `project_id`. */
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    /** Null for the project's first status. */
    oldStatus: p.enum([...PROJECT_STATUSES]).nullable(),
    newStatus: p.enum([...PROJECT_STATUSES]),
    comment: p.text().nullable(),
    /** Keycloak user id of who made the change; null when the system did. */
    changedBy: userId().nullable(),
    changerName: p.text().nullable(),
    createdAt: createdAt(),
  },
  indexes: [{ name: 'status_history_project_id_created_at_index', properties: ['project', 'createdAt'] }],
});
export type StatusHistory = InferEntity<typeof StatusHistory>;
