import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditAction, AuditEntryView, Page } from '../../domain/admin';
import { AuditLogEntry } from '../../db/entities';

/** The audit log, newest first, a page at a time (optionally one action). */
export async function listAuditEntries(
  em: EntityManager,
  query: { page: number; pageSize: number; action?: AuditAction },
): Promise<Page<AuditEntryView>> {
  const [rows, total] = await em.findAndCount(AuditLogEntry, query.action ? { action: query.action } : {}, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId ?? null,
      targetLabel: row.targetLabel ?? null,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
