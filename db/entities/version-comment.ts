import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Drawing } from '../../domain/review';
import { Project } from './project';
import { ProjectVersion } from './project-version';
import { check, createdAt, sqlIndex, timestamp, updatedAt, userId, uuidPk } from './columns';

const COMMENT_STATUSES = ['open', 'resolved'] as const;
const COMMENT_AUTHOR_ROLES = ['client', 'editor', 'admin'] as const;

/**
 * A frame-accurate comment on a version (or a reply, one level): integer frames plus the version's
 * rational rate, never float seconds; an optional vector drawing. `revision_number` is the round
 * that sent it to the editor; `carried_from_id` the unresolved comment of the previous version it
 * was carried from (same timecode).
 */
export const VersionComment = defineEntity({
  name: 'VersionComment',
  tableName: 'version_comments',
  properties: {
    id: uuidPk(),
    /** Column `project_id` (access checks and the events read it). */
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    /** Column `version_id`. */
    version: () => p.manyToOne(ProjectVersion).deleteRule('cascade'),
    /** Column `parent_id` (a reply's thread), a comment of the same version. */
    parentId: p.uuid().nullable(),
    authorId: userId(),
    authorName: p.text(),
    authorRole: p.enum([...COMMENT_AUTHOR_ROLES]),
    body: p.text(),
    frameIn: p.integer().nullable(),
    frameOut: p.integer().nullable(),
    /** The version's rate the frames are counted at. */
    rateNum: p.integer().nullable(),
    rateDen: p.integer().nullable(),
    drawing: p.json<Drawing>().nullable(),
    status: p.enum([...COMMENT_STATUSES]).default('open'),
    resolvedAt: timestamp(),
    resolvedBy: userId().nullable(),
    resolvedByName: p.text().nullable(),
    /** Column `carried_from_id`: the comment of the previous version this one continues. */
    carriedFromId: p.uuid().nullable(),
    carriedFromVersionNumber: p.integer().nullable(),
    /** The revision round (project_revisions.revision_number) that sent it to the editor. */
    revisionNumber: p.integer().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    check('version_comments', 'frame_in', 'frame_in >= 0'),
    check('version_comments', 'frame_out', 'frame_out >= frame_in'),
    check('version_comments', 'body', 'length(btrim(body)) > 0'),
  ],
  uniques: [
    // Carrying a comment twice to the same version is one row (the carry is idempotent).
    { name: 'version_comments_version_id_carried_from_id_unique', properties: ['version', 'carriedFromId'] },
  ],
  indexes: [
    sqlIndex('version_comments', 'version_comments_version_id_created_at_index', '"version_id", "created_at"'),
    sqlIndex('version_comments', 'version_comments_parent_id_index', '"parent_id"', '"parent_id" is not null'),
  ],
});
export type VersionComment = InferEntity<typeof VersionComment>;
