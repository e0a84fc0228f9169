import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction, AuditTargetType } from '../domain/admin';
import { AuditLogEntry } from './entities';

export interface AuditRecord {
  /** The operation's key when it may be retried (a workflow's `uuid4()`); a fresh id otherwise. */
  id?: string;
  actorId: string;
  actorEmail: string;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  targetLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Adds an admin action to the audit log in the caller's transaction (flushed with the change it
 * describes). Returns false when an entry with this id exists: the operation was already recorded.
 */
export async function recordAudit(em: EntityManager, record: AuditRecord): Promise<boolean> {
  if (record.id && (await em.count(AuditLogEntry, { id: record.id })) > 0) return false;
  em.create(AuditLogEntry, {
    ...(record.id ? { id: record.id } : {}),
    actorId: record.actorId,
    actorEmail: record.actorEmail,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    targetLabel: record.targetLabel ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
  });
  return true;
}
