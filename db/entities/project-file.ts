import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { ContactSheetRecord } from '../../domain/contact-sheet';
import { PROJECT_FILE_TYPES } from '../../domain/enums';
import { Project } from './project';
import { check, createdAt, sqlIndex, userId, uuidPk } from './columns';

/**
 * A file attached to a project (000 §3): the client's sources or the editor's final delivery,
 * stored at `{projectId}/{fileType}/{timestamp}-{filename}` in its bucket, never overwritten.
 */
export const ProjectFile = defineEntity({
  name: 'ProjectFile',
  tableName: 'project_files',
  properties: {
    id: uuidPk(),
    /** Column `project_id`. */
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    filename: p.text(),
    fileType: p.enum([...PROJECT_FILE_TYPES]),
    /** project-files (source) or video-uploads (final). */
    storageBucket: p.text(),
    /** The object key (the spec's `file_path`). */
    storageKey: p.text(),
    mimeType: p.text().nullable(),
    /** Bytes (bigint; files go up to 500 GB). */
    fileSize: p.bigint('number'),
    /** Keycloak user id of the uploader. */
    uploadedBy: userId(),
    /** Media duration in seconds, from ffprobe, when known. */
    durationSeconds: p.decimal('number').precision(12).scale(3).nullable(),
    /** A source video's contact sheet (shots, thumbnails, status); null for other files. */
    contactSheet: p.json<ContactSheetRecord>().nullable(),
    createdAt: createdAt(),
  },
  checks: [check('project_files', 'file_size', 'file_size >= 0')],
  uniques: [{ name: 'project_files_storage_bucket_storage_key_unique', properties: ['storageBucket', 'storageKey'] }],
  indexes: [sqlIndex('project_files', 'project_files_project_id_created_at_index', '"project_id", "created_at" desc')],
});
export type ProjectFile = InferEntity<typeof ProjectFile>;
