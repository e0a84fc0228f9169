import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { LiveEvent } from '../../domain/events';
import { check, sqlIndex } from './columns';

/**
 * The event outbox (DESIGN.md, live channel): one row per event, written in the transaction of the
 * change it describes (`appendEvents` in db/outbox.ts). The row id is the SSE `id:`; the api's
 * hub reads rows in id order and sends each to the streams allowed to see it: `user_id`'s, or the
 * people of `project_id` (its client, its editor, admins).
 */
export const OutboxEvent = defineEntity({
  name: 'OutboxEvent',
  tableName: 'events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    type: p.text(),
    payload: p.json<LiveEvent>(),
    userId: p.text().nullable(),
    projectId: p.uuid().nullable(),
    /** The W3C `traceparent` of the change that wrote the event; its delivery joins that trace. */
    traceParent: p.text().nullable(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  },
  indexes: [sqlIndex('events', 'events_created_at_index', '"created_at"')],
  checks: [check('events', 'audience', '"user_id" is not null or "project_id" is not null')],
});
export type OutboxEvent = InferEntity<typeof OutboxEvent>;
