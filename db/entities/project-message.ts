import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { Project } from './project';
import { check, createdAt, sqlIndex, userId, uuidPk } from './columns';

/** A chat message on the project page (000 §3). Empty messages are refused. */
export const ProjectMessage = defineEntity({
  name: 'ProjectMessage',
  tableName: 'project_messages',
  properties: {
    id: uuidPk(),
    /** Column `project_id`. */
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    /** Keycloak user id of the sender. */
    senderId: userId(),
    /** Display name at the time of sending. */
    senderName: p.text().nullable(),
    content: p.text(),
    /** 'text' for a chat message; other kinds (e.g. 'system') are free text. */
    messageType: p.text().default('text'),
    createdAt: createdAt(),
  },
  checks: [check('project_messages', 'content', 'length(btrim(content)) > 0')],
  indexes: [
    sqlIndex('project_messages', 'project_messages_project_id_created_at_index', '"project_id", "created_at" desc'),
  ],
});
export type ProjectMessage = InferEntity<typeof ProjectMessage>;
