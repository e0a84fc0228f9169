import type { EntityManager } from '@mikro-orm/postgresql';
import { userEvent, type OutboxEntry } from '../domain/events';
import { currentTraceParent } from '../observability/trace-context';
import { AccessRevocation, type Notification } from './entities';

/** PostgreSQL channel that wakes the api instances' event hubs; its payload is an event id. */
export const EVENTS_CHANNEL = 'rushflow_events';

/** Events are kept this long for reconnecting browsers (`Last-Event-ID`), then pruned. */
export const EVENT_RETENTION_DAYS = 7;

/**
 * Transaction-scoped advisory lock taken by every outbox writer just before it inserts, and held
 * until its commit: event ids therefore become visible in id order, so a reader that has seen id N
 * can never later see a smaller one (no event skipped by a reader's cursor).
 */
const OUTBOX_WRITE_LOCK = 0x5255_5348; // "RUSH"

/**
 * Writes events to the outbox in the caller's transaction and wakes the api instances with one
 * small NOTIFY (delivered at commit; a rollback drops both). The caller's pending changes are
 * flushed first, so `describe` sees the rows with their ids and timestamps; once the lock is held
 * nothing may wait on a row lock, so writers never deadlock. Call it last in the transaction.
 */
export async function appendEvents(em: EntityManager, describe: () => OutboxEntry[]): Promise<void> {
  if (!em.isInTransaction()) throw new Error('appendEvents must run inside the transaction of the change it describes');
  await em.flush();
  const events = describe();
  if (events.length === 0) return;
  // One statement: the lock, the rows (their ids drawn under the lock) and the NOTIFY, so the lock
  // is held for as few round trips as possible before the commit releases it.
  const rows = events.map(() => '(?, ?::jsonb, ?, ?::uuid)').join(', ');
  await em.execute(
    `with locked as (select pg_advisory_xact_lock(?)),
          inserted as (insert into "events" ("type", "payload", "user_id", "project_id", "trace_parent")
                       select v.type, v.payload, v.user_id, v.project_id, ?::text from locked, (values ${rows}) as v (type, payload, user_id, project_id)
                       returning "id")
     select pg_notify('${EVENTS_CHANNEL}', max("id")::text) from inserted`,
    [
      OUTBOX_WRITE_LOCK,
      // The delivery of these events, by whichever api, joins the trace of the change they describe.
      currentTraceParent(),
      ...events.flatMap((entry) => [
        entry.event.type,
        JSON.stringify(entry.event),
        'userId' in entry ? entry.userId : null,
        'projectId' in entry ? entry.projectId : null,
      ]),
    ],
  );
}

/** The `notification.created` event of a notification just created: its user's bell and toast. */
export function notificationCreated(row: Notification): OutboxEntry {
  return userEvent(row.userId, {
    type: 'notification.created',
    notification: {
      id: row.id,
      type: row.type,
      title: row.title,
      message: row.message,
      projectId: row.project?.id ?? null,
      createdAt: row.createdAt.toISOString(),
    },
  });
}

/**
 * Ends `userId`'s live streams after a change of their roles, in the caller's transaction: tokens
 * issued until now no longer open a stream, and an `access.changed` event closes the open ones
 * (the browser reconnects with a fresh token, which carries the new roles).
 */
export async function revokeStreams(
  em: EntityManager,
  userId: string,
  { thisSecondToo = false }: { thisSecondToo?: boolean } = {},
): Promise<void> {
  // Whole seconds, as token `iat`s are: after a change of roles a token issued in this very second
  // (the fresh one) still works; when every session ended, none issued so far does.
  const second = Math.floor(Date.now() / 1000) * 1000;
  await em.upsert(AccessRevocation, { userId, revokedBefore: new Date(thisSecondToo ? second + 1000 : second) });
  await appendEvents(em, () => [userEvent(userId, { type: 'access.changed' })]);
}
