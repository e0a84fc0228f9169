import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { DeliveryQcReport, Waveform } from '../../domain/delivery-qc';
import { ANALYSIS_STATUSES, PREVIEW_STATUSES } from '../../domain/review';
import { Project } from './project';
import { ProjectFile } from './project-file';
import { check, createdAt, sqlIndex, timestamp, updatedAt, userId, uuidPk } from './columns';

/**
 * One version of the editor's final video (v1, v2, …): the uploaded original (a `project_files`
 * row, private to the editor and admins until the client approves a version), what ffprobe found
 * (the exact rational frame rate, frame count, size, start timecode) and its watermarked preview
 * (`previews/…` beside the originals), made by `versionPreviewWorkflow`.
 */
export const ProjectVersion = defineEntity({
  name: 'ProjectVersion',
  tableName: 'project_versions',
  properties: {
    id: uuidPk(),
    /** Column `project_id`. */
    project: () => p.manyToOne(Project).deleteRule('cascade'),
    /** 1, 2, … in upload order within the project. */
    number: p.integer(),
    /** Column `project_file_id`: the original; removing the file removes the version. */
    projectFile: () => p.manyToOne(ProjectFile).deleteRule('cascade'),
    /** The editor's note, given when the final upload session was opened. */
    note: p.text().nullable(),
    filename: p.text(),
    /** Keycloak user id of the editor who uploaded it. */
    uploadedBy: userId(),
    previewStatus: p.enum([...PREVIEW_STATUSES]).default('processing'),
    /** 0–100 while the preview is rendered. */
    previewProgress: p.integer().default(0),
    /** French reason of a failed preview. */
    previewError: p.text().nullable(),
    /** Object key of the preview in the originals' bucket (`previews/…`), once uploaded. */
    previewKey: p.text().nullable(),
    previewBucket: p.text().nullable(),
    /** Exact rational frame rate (e.g. 30000/1001), null until probed. */
    frameRateNum: p.integer().nullable(),
    frameRateDen: p.integer().nullable(),
    frameCount: p.integer().nullable(),
    durationSeconds: p.decimal('number').precision(12).scale(3).nullable(),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    /** The first frame's timecode as frames at the version's rate (01:00:00:00 when the file has none). */
    startFrame: p.integer().nullable(),
    hasOwnTimecode: p.boolean().default(false),
    /** ffprobe's name of the picture's codec (h264, prores…), for the QC. */
    videoCodec: p.text().nullable(),
    hasAudio: p.boolean().nullable(),
    probedAt: timestamp(),
    /** The delivery analysis made on the preview's pass (domain/delivery-qc.ts). */
    analysisStatus: p.enum([...ANALYSIS_STATUSES]).default('pending'),
    qcReport: p.json<DeliveryQcReport>().nullable(),
    /** First frames of the shots after each cut. */
    sceneCuts: p.json<number[]>().nullable(),
    waveform: p.json<Waveform>().nullable(),
    /** When the editor showed the QC report to the client (null: only the editor and admins see it). */
    qcSharedAt: timestamp(),
    /** Set when the client approved this version, or when the revision window elapsed on it. */
    approvedAt: timestamp(),
    /** Keycloak user id of the approving client; null for the automatic approval. */
    approvedBy: userId().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    check('project_versions', 'number', 'number >= 1'),
    check('project_versions', 'preview_progress', 'preview_progress >= 0 and preview_progress <= 100'),
    check('project_versions', 'frame_rate', '(frame_rate_num is null) = (frame_rate_den is null)'),
  ],
  uniques: [
    { name: 'project_versions_project_id_number_unique', properties: ['project', 'number'] },
    { name: 'project_versions_project_file_id_unique', properties: ['projectFile'] },
  ],
  indexes: [sqlIndex('project_versions', 'project_versions_project_id_number_index', '"project_id", "number" desc')],
});
export type ProjectVersion = InferEntity<typeof ProjectVersion>;
