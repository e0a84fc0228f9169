import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { REVISION_STATUSES } from '../../domain/enums';
import { Project } from './project';
import { check, createdAt, sqlIndex, timestamp, updatedAt, userId, uuidPk } from './columns';

/** A revision requested by the client after delivery (000 §3, §4): pending → in_progress → completed. */
export const ProjectRevision = defineEntity({
  name: 'ProjectRevision',
  tableName: 'project_revisions',
  properties: {
    id: uuidPk(),
    /** Column `project_id`. */
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    /** 1 for the first revision of the project. */
    revisionNumber: p.integer(),
    /** Keycloak user id of the client who asked. */
    requestedBy: userId(),
    feedback: p.text(),
    /** The version whose open comments make this revision round (null for the rounds of feedback only). */
    versionNumber: p.integer().nullable(),
    status: p.enum([...REVISION_STATUSES]).default('pending'),
    startedAt: timestamp(),
    completedAt: timestamp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    check('project_revisions', 'revision_number', 'revision_number >= 1'),
    check('project_revisions', 'feedback', 'length(btrim(feedback)) > 0'),
  ],
  uniques: [{ name: 'project_revisions_project_id_revision_number_unique', properties: ['project', 'revisionNumber'] }],
  indexes: [
    sqlIndex('project_revisions', 'project_revisions_project_id_created_at_index', '"project_id", "created_at" desc'),
  ],
});
export type ProjectRevision = InferEntity<typeof ProjectRevision>;
