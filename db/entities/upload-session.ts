import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UPLOAD_AREAS } from '../../domain/uploads';
import type { RushAnalysisResult } from '../../domain/analysis';
import { createdAt, sqlIndex, timestamp, uuidPk } from './columns';
import { Project } from './project';

/**
 * A browser's upload session for one brief's rushes. Anonymous visitors may upload, so the session
 * is owned by a secret handed out once at creation (only its SHA-256 is stored) and, for a
 * signed-in user, by the user id as well.
 */
export const UploadSession = defineEntity({
  name: 'UploadSession',
  tableName: 'upload_sessions',
  properties: {
    id: uuidPk(),
    /** hex SHA-256 of the secret the browser presents in `X-Upload-Session`. */
    secretHash: p.text(),
    /** Keycloak user id; null for an anonymous session (keys then start with `anonymous/`). */
    userId: p.text().nullable(),
    /** Which funnel or project area uploads: decides the accepted types, the limit and the bucket. */
    area: p.enum([...UPLOAD_AREAS]),
    /** Column `project_id`: set for the project areas, whose completed files become project files. */
    project: () => p.manyToOne(Project).nullable().deleteRule('cascade'),
    /** The latest duration analysis (001 §3.4). */
    /** A final session's note: each final file completed in it becomes a version with this note. */
    note: p.text().nullable(),
    analysis: p.json<RushAnalysisResult>().nullable(),
    analysedAt: timestamp(),
    /**
     * When a brief or an application took the session's files. A brief's or an application's
     * session still without it a day after its last file is abandoned: the sweep removes it.
     */
    attachedAt: timestamp(),
    createdAt: createdAt(),
  },
  indexes: [
    sqlIndex('upload_sessions', 'upload_sessions_unattached_created_at_index', '"created_at"', '"attached_at" is null'),
  ],
});
export type UploadSession = InferEntity<typeof UploadSession>;
