import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../domain/admin';
import { createdAt, sqlIndex, userId, uuidPk } from './columns';

/**
 * One admin action (Admin › Journal): who, what, when, on what, and the values before and after.
 * Written in the transaction of the change when the change is in PostgreSQL, by the worker's
 * activity when it is in Keycloak; its id is the operation's key, so a retried write adds nothing.
 */
export const AuditLogEntry = defineEntity({
  name: 'AuditLogEntry',
  tableName: 'admin_audit_log',
  properties: {
    id: uuidPk(),
    /** Keycloak user id and e-mail of the admin who acted. */
    actorId: userId(),
    actorEmail: p.text(),
    action: p.enum([...AUDIT_ACTIONS]),
    targetType: p.enum([...AUDIT_TARGET_TYPES]),
    /** The project id, the user's Keycloak id, the application id; null for the settings. */
    targetId: p.text().nullable(),
    /** What the admin reads: the project's title, the user's e-mail… */
    targetLabel: p.text().nullable(),
    before: p.json<unknown>().nullable(),
    after: p.json<unknown>().nullable(),
    createdAt: createdAt(),
  },
  indexes: [
    sqlIndex('admin_audit_log', 'admin_audit_log_created_at_index', '"created_at" desc'),
    sqlIndex('admin_audit_log', 'admin_audit_log_target_index', '"target_type", "target_id", "created_at" desc'),
  ],
});
export type AuditLogEntry = InferEntity<typeof AuditLogEntry>;
