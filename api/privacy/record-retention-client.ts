import type { EntityManager } from '@mikro-orm/postgresql';
import { CallBooking, ContactMessage, EditorApplication } from '../../db/entities';
import { recordKeepUntil } from '../../domain/retention';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import {
  extendRetentionSignal,
  RECORD_RETENTION_WORKFLOW_TYPE,
  recordRetentionWorkflowId,
  type RecordRetentionInput,
} from '../../workflows/contracts/record-retention';
import type { TemporalConnection } from '../temporal/connection';

/**
 * The api's side of recordRetentionWorkflow: each record's timer is started, or postponed when it
 * runs already, by one signal-with-start, so keeping a record twice keeps it once.
 */
export function createRecordRetentionClient(temporal: TemporalConnection) {
  async function keep(record: RecordRetentionInput): Promise<void> {
    const client = await temporal();
    await client.workflow.signalWithStart(RECORD_RETENTION_WORKFLOW_TYPE, {
      taskQueue: TASK_QUEUE,
      workflowId: recordRetentionWorkflowId(record.kind, record.recordId),
      args: [record],
      signal: extendRetentionSignal,
      signalArgs: [record.keepUntil],
    });
  }

  /**
   * A contact from `email` at `contactAt` (a message's receipt, a call's date) is the address's
   * last contact: its messages and bookings, the new one too, are kept 3 years from it, and its
   * rejected applications 2 years (CNIL: periods run from the last contact).
   */
  async function renewContact(em: EntityManager, email: string, contactAt: Date): Promise<void> {
    const [messages, bookings, applications] = await Promise.all([
      em.find(ContactMessage, { email }, { fields: ['id'] }),
      em.find(CallBooking, { email }, { fields: ['id'] }),
      em.find(EditorApplication, { email, status: 'rejected' }, { fields: ['id'] }),
    ]);
    const records = [
      ...messages.map((row) => ({ kind: 'contact_message' as const, recordId: row.id })),
      ...bookings.map((row) => ({ kind: 'call_booking' as const, recordId: row.id })),
      ...applications.map((row) => ({ kind: 'editor_application' as const, recordId: row.id })),
    ];
    for (const record of records) await keep({ ...record, keepUntil: recordKeepUntil(record.kind, contactAt) });
  }

  /**
   * The last contact of `email`: its latest message or booked call (null without one).
   */
  async function lastContactOf(em: EntityManager, email: string): Promise<Date | null> {
    const [messages, bookings] = await Promise.all([
      em.find(ContactMessage, { email }, { fields: ['createdAt'], orderBy: { createdAt: 'desc' }, limit: 1 }),
      em.find(CallBooking, { email }, { fields: ['startsAt'], orderBy: { startsAt: 'desc' }, limit: 1 }),
    ]);
    const dates = [messages[0]?.createdAt, bookings[0]?.startsAt].filter((date): date is Date => date !== undefined);
    return dates.length ? new Date(Math.max(...dates.map((date) => date.getTime()))) : null;
  }

  return {
    keep,

    renewContact,

    /**
     * Starts the timers of the records stored before the timers existed (an upgraded deployment):
     * every contact address's messages and bookings from its last contact, every rejected
     * application from its rejection or a later contact. Idempotent: a timer already running is
     * only postponed, never shortened. Answers how many records it kept.
     */
    async keepExistingRecords(em: EntityManager): Promise<number> {
      const emails = new Set([
        ...(await em.find(ContactMessage, {}, { fields: ['email'] })).map((row) => row.email),
        ...(await em.find(CallBooking, {}, { fields: ['email'] })).map((row) => row.email),
      ]);
      let kept = 0;
      for (const email of emails) {
        const lastContact = await lastContactOf(em, email);
        if (!lastContact) continue;
        await renewContact(em, email, lastContact);
        kept += (await em.count(ContactMessage, { email })) + (await em.count(CallBooking, { email }));
      }
      for (const application of await em.find(EditorApplication, { status: 'rejected' })) {
        const contacts = [application.reviewedAt ?? application.createdAt, await lastContactOf(em, application.email)];
        const last = Math.max(...contacts.flatMap((date) => (date ? [date.getTime()] : [])));
        await keep({
          kind: 'editor_application',
          recordId: application.id,
          keepUntil: recordKeepUntil('editor_application', new Date(last)),
        });
        kept += 1;
      }
      return kept;
    },
  };
}

export type RecordRetentionClient = ReturnType<typeof createRecordRetentionClient>;
