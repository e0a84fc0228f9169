import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Project } from './project';
import { createdAt, sqlIndex, timestamp, userId } from './columns';

/**
 * A question the editor asked the client ('En attente du client'): the delivery deadline stops
 * counting from `asked_at` until `answered_at`. The id is made by the project's workflow, so a
 * retried activity finds its row.
 */
export const ClientQuestion = defineEntity({
  name: 'ClientQuestion',
  tableName: 'client_questions',
  properties: {
    id: p.uuid().primary(),
    /** Column `project_id`. */
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    question: p.text(),
    askedBy: userId(),
    askedByName: p.text(),
    askedAt: p.datetime(),
    answer: p.text().nullable(),
    answeredBy: userId().nullable(),
    answeredByName: p.text().nullable(),
    answeredAt: timestamp(),
    /** How long the deadline was paused (ms), once answered. */
    pausedMs: p.bigint('number').nullable(),
    createdAt: createdAt(),
  },
  indexes: [
    sqlIndex('client_questions', 'client_questions_project_id_asked_at_index', '"project_id", "asked_at" desc'),
  ],
});
export type ClientQuestion = InferEntity<typeof ClientQuestion>;
