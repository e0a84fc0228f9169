import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UPLOADED_FILE_STATUSES } from '../../domain/uploads';
import { check, createdAt, sqlIndex, timestamp, uuidPk } from './columns';
import { UploadSession } from './upload-session';

/**
 * One rush of an upload session: the key the server chose, its S3 multipart upload, its status
 * and, after the analysis, its duration. Rejected and cancelled files stay for the record but do
 * not count towards the 20-file limit.
 */
export const UploadedFile = defineEntity({
  name: 'UploadedFile',
  tableName: 'uploaded_files',
  properties: {
    id: uuidPk(),
    /** Column `session_id`. */
    session: () => p.manyToOne(UploadSession).deleteRule('cascade'),
    /** The name as the user's computer gave it (shown back); the key holds the sanitised one. */
    name: p.text(),
    /** Bytes (bigint: files go up to 500 GB). */
    size: p.bigint('number'),
    mimeType: p.text(),
    kind: p.enum(['video', 'audio', 'image'] as const),
    bucket: p.text(),
    storageKey: p.text(),
    /** S3 multipart upload id, created by the server when the file was added. */
    multipartUploadId: p.text(),
    status: p.enum([...UPLOADED_FILE_STATUSES]).default('uploading'),
    /** French reason shown to the user when the file was rejected. */
    error: p.text().nullable(),
    durationSeconds: p.decimal('number').precision(12).scale(3).nullable(),
    completedAt: timestamp(),
    createdAt: createdAt(),
  },
  checks: [check('uploaded_files', 'size', 'size >= 0')],
  uniques: [{ name: 'uploaded_files_bucket_storage_key_unique', properties: ['bucket', 'storageKey'] }],
  indexes: [
    sqlIndex('uploaded_files', 'uploaded_files_session_id_created_at_index', '"session_id", "created_at"'),
    sqlIndex('uploaded_files', 'uploaded_files_unfinished_created_at_index', '"created_at"', `"status" <> 'completed'`),
  ],
});
export type UploadedFile = InferEntity<typeof UploadedFile>;
