import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { CallBooking, ContactMessage, EditorApplication, UploadSession, UploadedFile } from '../db/entities';
import type { RetainedRecordKind } from '../domain/retention';
import type { PurgeOutcome } from '../workflows/contracts/record-retention';
import type { RecordRetentionActivities } from '../workflows/record-retention-activities';
import type { DeleteObject } from './project';

export interface RecordRetentionDeps {
  orm: MikroORM;
  /** Removes one stored object (idempotent: a missing key succeeds). */
  deleteObject: DeleteObject;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Purge = (em: EntityManager, recordId: string, deps: RecordRetentionDeps) => Promise<PurgeOutcome>;

const deleted = (count: number): PurgeOutcome => (count > 0 ? 'purged' : 'absent');

/**
 * A rejected application with its photo's upload session: the objects first, then the rows, so a
 * failure leaves the rows to find the keys again on the retry. An application approved since its
 * rejection is an editor's now, and stays.
 */
const purgeRejectedApplication: Purge = async (em, recordId, deps) => {
  const application = await em.findOne(EditorApplication, { id: recordId }, { populate: ['profilePhoto'] });
  if (!application) return 'absent';
  if (application.status !== 'rejected') return 'kept';
  const sessionId = application.profilePhoto?.session.id;
  const files = sessionId ? await em.find(UploadedFile, { session: sessionId }) : [];
  for (const file of files) await deps.deleteObject(file.bucket, file.storageKey);
  await em.transactional(async (tx) => {
    await tx.nativeDelete(EditorApplication, { id: recordId });
    // The session's files go with it (cascade).
    if (sessionId) await tx.nativeDelete(UploadSession, { id: sessionId });
  });
  return 'purged';
};

/** How each kind is purged: a new kind adds its line here and its period in domain/retention.ts. */
const PURGES: Record<RetainedRecordKind, Purge> = {
  contact_message: async (em, recordId) => deleted(await em.nativeDelete(ContactMessage, { id: recordId })),
  call_booking: async (em, recordId) => deleted(await em.nativeDelete(CallBooking, { id: recordId })),
  editor_application: purgeRejectedApplication,
};

/** The activity of recordRetentionWorkflow: purges one record whose period has run. */
export function createRecordRetentionActivities(deps: RecordRetentionDeps): RecordRetentionActivities {
  return {
    async purgeRecord(kind, recordId) {
      // Every record id is a uuid: anything else names no row.
      if (!UUID.test(recordId)) return 'absent';
      return PURGES[kind](deps.orm.em.fork(), recordId, deps);
    },
  };
}
