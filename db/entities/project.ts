import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { CURRENCIES, PROJECT_STATUSES, URGENCY_LEVELS } from '../../domain/enums';
import { SETTING_DEFAULTS } from '../../domain/settings';
import { Brief } from './brief';
import { EditorProfile } from './editor-profile';
import { check, createdAt, minutes, sqlIndex, timestamp, updatedAt, userId, uuidPk } from './columns';

/** The brief's essentials copied onto the project (000 §3 `brief_data`). */
export interface ProjectBriefData {
  objective?: string | null;
  editing_style?: string | null;
  delivery_formats?: string[];
  deadline?: string | null;
  creative_brief?: string | null;
  constraints?: string | null;
  needs_subtitles?: boolean;
  express_delivery?: boolean;
  language?: string | null;
  [key: string]: unknown;
}

/**
 * A paid project (000 §3), created exactly once from its brief. Lifecycle changes come from the
 * project's workflow; `version` guards concurrent writes (optimistic locking).
 */
export const Project = defineEntity({
  name: 'Project',
  tableName: 'projects',
  properties: {
    id: uuidPk(),
    /** One project per brief (unique). */
    brief: () => p.oneToOne(Brief).owner().unique('projects_brief_id_unique').deleteRule('restrict'),
    title: p.text(),
    /** `RF-2026-0042`: given by the database on insert (sequence `project_reference_seq`), never changed. */
    reference: p
      .text()
      .defaultRaw(`project_reference(now(), nextval('project_reference_seq'::regclass))`)
      .unique('projects_reference_unique'),
    description: p.text().nullable(),
    videoType: p.text().nullable(),
    status: p.enum([...PROJECT_STATUSES]).default('brief_received'),
    /** Keycloak user id of the client; null when the brief was sent without an account. */
    clientId: userId().nullable(),
    /** Stored lower-cased; a client also sees the projects sent with their e-mail. */
    clientEmail: p.text(),
    /** The assigned editor (column `editor_id`, the editor's Keycloak user id). */
    editor: () => p.manyToOne(EditorProfile).fieldName('editor_id').nullable().deleteRule('set null'),
    /** Amount paid, in cents of `currency`. */
    totalPriceCents: p.integer().default(0),
    currency: p.enum([...CURRENCIES]).default('EUR'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    assignedAt: timestamp(),
    completedAt: timestamp(),
    cancelledAt: timestamp(),
    /** Planned delivery shown to the client. */
    deliveryDate: timestamp(),
    estimatedDeliveryDate: timestamp(),
    actualDeliveryDate: timestamp(),
    /** End of the current revision window (after each delivery). */
    revisionWindowEndsAt: timestamp(),
    /** When the project's files were deleted under the retention policy. */
    filesPurgedAt: timestamp(),
    /** Target duration of the edited video, minutes. */
    durationMinutes: minutes().nullable(),
    rushDurationMinutes: minutes().nullable(),
    /** Duration of the delivered video, minutes (shown only when present). */
    finalDurationMinutes: minutes().nullable(),
    urgencyLevel: p.enum([...URGENCY_LEVELS]).default('normal'),
    revisionCount: p.integer().default(0),
    /** The project's revision quota: the setting when it was created (`activities/payments.ts`), raised by an admin. */
    maxRevisions: p.integer().default(SETTING_DEFAULTS.max_revisions),
    briefData: p
      .json<ProjectBriefData>()
      .defaultRaw(`'{}'`)
      .onCreate(() => ({})),
    /** Set when a compensation (refund, editor release) failed and an admin must act. */
    needsAttention: p.text().nullable(),
    /**
     * Set on the project a /test run creates (its run id) and removed with it: real assignments,
     * lists and dashboards never see such rows, and the run's assignment sees only its own.
     */
    systemTestRun: p.uuid().nullable(),
    /** The trace its creation ran in (32 hex digits), linked from the admin pages; null when tracing was off. */
    traceId: p.text().nullable(),
    version: p.integer().version(),
  },
  checks: [
    check('projects', 'total_price_cents', 'total_price_cents >= 0'),
    check('projects', 'revision_count', 'revision_count >= 0'),
    check('projects', 'max_revisions', 'max_revisions >= 0'),
    check('projects', 'trace_id', `trace_id ~ '^[0-9a-f]{32}$'`),
  ],
  indexes: [
    sqlIndex('projects', 'projects_client_id_created_at_index', '"client_id", "created_at" desc'),
    sqlIndex('projects', 'projects_client_email_created_at_index', '"client_email", "created_at" desc'),
    sqlIndex('projects', 'projects_editor_id_created_at_index', '"editor_id", "created_at" desc'),
    sqlIndex('projects', 'projects_status_created_at_index', '"status", "created_at" desc'),
  ],
});
export type Project = InferEntity<typeof Project>;
