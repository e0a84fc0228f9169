import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { PROJECT_FILE_TYPES } from '../../domain/enums';
import { contactSheetSummary } from '../../domain/contact-sheet';
import { isActiveStatus, projectPartiesOf, type ProjectParty } from '../../domain/project-lifecycle';
import { availableActions, availableReviewActions, pendingActions } from '../../domain/project-rules';
import {
  CHAT_HISTORY_LIMIT,
  projectUploadRefusal,
  PROJECT_MESSAGES,
  type ClientProjectCounters,
  type EditorProjectsAnswer,
  type MyProjectsAnswer,
  type ProjectBillingDocument,
  type ProjectDetail,
  type ProjectFileView,
  type ProjectMessageView,
  type ProjectNotificationView,
  type ProjectRevisionView,
  type ProjectSummary,
  type StatusHistoryView,
} from '../../domain/projects';
import {
  EditorProfile,
  Notification,
  Project,
  ProjectFile,
  ProjectMessage,
  ProjectRevision,
  StatusHistory,
} from '../../db/entities';
import type { ClientQuestionView } from '../../domain/review';
import { isoTimestamp } from '../../db/raw-timestamps';
import { REVISION_PROGRESS_COLUMNS, type RevisionProgressRow } from '../../db/revision-progress';
import { HttpError } from '../lib/http-error';
import { projectPartiesOrRefuse, type AuthUser, type ProjectParties } from '../middleware/auth';

/**
 * Read side of the project area: loads projects and what hangs off them (chat, files, revisions,
 * timeline, notifications) and shapes the answers of `domain/projects.ts`. Routes parse, call one
 * of these, and answer.
 */

const ProjectId = z.uuid();

/** A path id that is not a uuid names no project: 404, like an unknown one. */
export function projectIdOf(raw: string | undefined): string {
  const parsed = ProjectId.safeParse(raw);
  if (!parsed.success) throw new HttpError(404, PROJECT_MESSAGES.notFound);
  return parsed.data;
}

/** Who the project's parties are (the route guard's read, before every `:projectId` route), as a plain row. */
export async function loadProjectParties(em: EntityManager, projectId: string): Promise<ProjectParties | null> {
  if (!ProjectId.safeParse(projectId).success) return null;
  const [row] = await em
    .getConnection()
    .execute<{ client_id: string | null; client_email: string; editor_id: string | null }[]>(
      'select client_id, client_email, editor_id from projects where id = ?',
      [projectId],
      'all',
    );
  return row ? { clientId: row.client_id, clientEmail: row.client_email, editorId: row.editor_id } : null;
}

/** The project with its editor and brief, or 404; the caller's access was checked by the route guard. */
export async function loadProject(em: EntityManager, projectId: string): Promise<Project> {
  const project = await em.findOne(Project, { id: projectIdOf(projectId) }, { populate: ['editor', 'brief'] });
  if (!project) throw new HttpError(404, PROJECT_MESSAGES.notFound);
  return project;
}

export function partiesOf(user: AuthUser, project: Project): ProjectParty[] {
  return projectPartiesOf(user, {
    clientId: project.clientId ?? null,
    clientEmail: project.clientEmail,
    editorId: project.editor?.userId ?? null,
  });
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

type SummaryFields = Pick<Project, 'status' | 'currency' | 'totalPriceCents'>;

function countersOf(projects: SummaryFields[]): ClientProjectCounters {
  const spent = new Map<Project['currency'], number>();
  for (const project of projects) {
    if (project.status === 'cancelled') continue;
    spent.set(project.currency, (spent.get(project.currency) ?? 0) + project.totalPriceCents);
  }
  return {
    total: projects.length,
    active: projects.filter((project) => isActiveStatus(project.status)).length,
    completed: projects.filter((project) => project.status === 'completed').length,
    spent: [...spent].map(([currency, cents]) => ({ currency, cents })),
  };
}

/** One line of a project list, as the summaries' query returns it. */
interface SummaryRow extends RevisionProgressRow {
  id: string;
  title: string;
  reference: string;
  status: Project['status'];
  video_type: string | null;
  total_price_cents: number;
  currency: Project['currency'];
  created_at: string;
  delivery_date: string | null;
  estimated_delivery_date: string | null;
  editor_first_name: string | null;
  editor_last_name: string | null;
  revision_count: number;
  max_revisions: number;
  revision_window_ends_at: string | null;
  approved_version_number: number | null;
  has_final_file: boolean;
}

/** The columns of a `SummaryRow`: the project `p` and its editor's profile `e` (left joined). */
const SUMMARY_COLUMNS = `p.id, p.title, p.reference, p.status, p.video_type, p.total_price_cents, p.currency, p.created_at,
       p.delivery_date, p.estimated_delivery_date, p.revision_count, p.max_revisions,
       p.revision_window_ends_at, e.first_name as editor_first_name, e.last_name as editor_last_name,
       (select v.number from project_versions v
         where v.project_id = p.id and v.approved_at is not null
         order by v.number desc limit 1) as approved_version_number,
       exists(select 1 from project_files f where f.project_id = p.id and f.file_type = 'final') as has_final_file,
       ${REVISION_PROGRESS_COLUMNS}`;

function summaryOf(row: SummaryRow): ProjectSummary & SummaryFields {
  return {
    id: row.id,
    title: row.title,
    reference: row.reference,
    status: row.status,
    videoType: row.video_type,
    totalPrice: { cents: row.total_price_cents, currency: row.currency },
    totalPriceCents: row.total_price_cents,
    currency: row.currency,
    createdAt: isoTimestamp(row.created_at),
    deliveryDate: isoTimestamp(row.delivery_date ?? row.estimated_delivery_date),
    editorName: row.editor_first_name === null ? null : `${row.editor_first_name} ${row.editor_last_name ?? ''}`.trim(),
    revisionCount: row.revision_count,
    maxRevisions: row.max_revisions,
    revisionWindowEndsAt: isoTimestamp(row.revision_window_ends_at),
    approvedVersionNumber: row.approved_version_number,
    hasFinalFile: row.has_final_file,
    openRevision:
      row.status === 'revision_requested'
        ? { started: row.revision_started === true, newVersionUploaded: row.new_version_since_revision }
        : null,
  };
}

/**
 * The project lists' one query, read as plain rows: the dashboards ask for them on every visit
 * and live update, and building ORM entities for each line cost more than the query itself.
 */
async function readSummaries(
  em: EntityManager,
  where: string,
  params: unknown[],
): Promise<(ProjectSummary & SummaryFields)[]> {
  const rows = await em.getConnection().execute<SummaryRow[]>(
    `select ${SUMMARY_COLUMNS}
       from projects p left join editor_profiles e on e.user_id = p.editor_id
      where ${where}
      order by p.created_at desc`,
    params,
    'all',
  );
  return rows.map(summaryOf);
}

const summaryOnly = ({ totalPriceCents: _cents, currency: _currency, ...summary }: ProjectSummary & SummaryFields) =>
  summary as ProjectSummary;

/** The project page's row: a summary's columns and the rest of the project, its brief's prices, its review state. */
export interface ProjectPageRow extends SummaryRow {
  description: string | null;
  client_id: string | null;
  client_email: string;
  editor_id: string | null;
  /** `numeric` columns come as text. */
  final_duration_minutes: string | null;
  duration_minutes: string | null;
  urgency_level: Project['urgencyLevel'];
  completed_at: string | null;
  brief_data: Record<string, unknown>;
  /** Null when the brief row is missing (left join). */
  brief_launch_offer_applied: boolean | null;
  brief_price_cents: number | null;
  brief_offer_price_cents: number | null;
  brief_video_type_custom: string | null;
  final_file_count: string;
  question_id: string | null;
  question: string;
  question_asked_at: string;
  question_asked_by_name: string;
  /** The brief's invoice and credit note, oldest first. */
  billing_documents: ProjectBillingDocument[];
  /** `bigint` comes as text. */
  last_event_id: string;
}

const minutesOf = (value: string | null) => (value === null ? null : Number(value));

/**
 * The project page's row (`GET /api/projects/{id}`, and the answer of every lifecycle action) in
 * one query of plain rows: the project with its editor and brief, the count of final files, the
 * approved version, the editor's open question and the live channel's last event (one statement,
 * one snapshot: the row includes every event up to that id); undefined for an unknown project. The
 * page is read on every visit and live update; five ORM reads with their entities cost it most of its time.
 */
export async function loadProjectPageRow(em: EntityManager, projectId: string): Promise<ProjectPageRow | undefined> {
  const [row] = await em.getConnection().execute<ProjectPageRow[]>(
    `select ${SUMMARY_COLUMNS},
            p.description, p.client_id, p.client_email, p.editor_id, p.final_duration_minutes,
            p.duration_minutes, p.urgency_level, p.completed_at, p.brief_data,
            b.launch_offer_applied as brief_launch_offer_applied, b.price_cents as brief_price_cents,
            b.offer_price_cents as brief_offer_price_cents, b.video_type_custom as brief_video_type_custom,
            (select count(*) from project_files f
              where f.project_id = p.id and f.file_type = 'final') as final_file_count,
            q.id as question_id, q.question, q.asked_at as question_asked_at,
            q.asked_by_name as question_asked_by_name,
            coalesce((select json_agg(json_build_object('kind', i.kind, 'number', i.number) order by i.issued_at)
                        from invoices i where i.brief_id = p.brief_id), '[]') as billing_documents,
            (select coalesce(max(id), 0) from events) as last_event_id
       from projects p
       left join editor_profiles e on e.user_id = p.editor_id
       left join briefs b on b.id = p.brief_id
       left join lateral (
             select c.id, c.question, c.asked_at, c.asked_by_name from client_questions c
              where c.project_id = p.id and c.answered_at is null
              order by c.asked_at desc limit 1) q on true
      where p.id = ?`,
    [projectId],
    'all',
  );
  return row;
}

/**
 * The project page as `user` sees it, from its row: the access rule is the route guard's own
 * (`projectPartiesOrRefuse`): unknown → 404, not a party → 403. Worked out at each request, so the
 * actions follow the clock (the revision window) even when the row is kept in memory.
 */
export function projectDetailOf(row: ProjectPageRow | undefined, user: AuthUser): ProjectDetail {
  if (!row) throw new HttpError(404, PROJECT_MESSAGES.notFound);
  const parties = projectPartiesOrRefuse(user, {
    clientId: row.client_id,
    clientEmail: row.client_email,
    editorId: row.editor_id,
  });
  const summary = summaryOf(row);
  const clientQuestion: ClientQuestionView | null =
    row.question_id === null
      ? null
      : {
          id: row.question_id,
          question: row.question,
          askedAt: isoTimestamp(row.question_asked_at),
          askedByName: row.question_asked_by_name,
        };
  return {
    ...summaryOnly(summary),
    description: row.description,
    clientEmail: row.client_email,
    editor:
      row.editor_first_name === null
        ? null
        : { firstName: row.editor_first_name, lastName: row.editor_last_name ?? '' },
    finalDurationMinutes: minutesOf(row.final_duration_minutes),
    durationMinutes: minutesOf(row.duration_minutes),
    urgencyLevel: row.urgency_level,
    completedAt: isoTimestamp(row.completed_at),
    briefData: row.brief_data,
    videoTypeCustom: row.brief_video_type_custom,
    briefPrice:
      row.brief_launch_offer_applied === null
        ? null
        : {
            priceCents: row.brief_price_cents,
            offerPriceCents: row.brief_offer_price_cents,
            launchOfferApplied: row.brief_launch_offer_applied,
          },
    viewer: { parties },
    actions: availableActions(parties, summary),
    pendingActions: pendingActions(parties, summary),
    uploads: PROJECT_FILE_TYPES.filter((fileType) => projectUploadRefusal(fileType, parties, row.status) === null),
    finalFileCount: Number(row.final_file_count),
    reviewActions: availableReviewActions(parties, { ...summary, questionPending: clientQuestion !== null }),
    clientQuestion,
    // Billing is between the client and the agency: the editor does not see it.
    billingDocuments: parties.includes('client') || parties.includes('admin') ? row.billing_documents : [],
    lastEventId: Number(row.last_event_id),
  };
}

/** The project page, read from the database now (after a lifecycle action). */
export async function readProjectDetail(em: EntityManager, user: AuthUser, rawId: string): Promise<ProjectDetail> {
  return projectDetailOf(await loadProjectPageRow(em, projectIdOf(rawId)), user);
}

/** The address a client's projects are also found by: their e-mail, once verified (lower case). */
const verifiedEmailOf = (user: AuthUser) => (user.emailVerified && user.email ? user.email.toLowerCase() : null);

/** What a list of `/api/projects/mine` depends on: who asks, as what, and (as a client) their verified e-mail. */
export function projectListKey(user: AuthUser, as: 'client' | 'editor'): string {
  return as === 'editor' ? `editor ${user.id}` : `client ${user.id} ${verifiedEmailOf(user) ?? ''}`;
}

/** The client's projects, newest first: by account id or by verified e-mail (000 §6). */
export async function readClientProjects(em: EntityManager, user: AuthUser): Promise<MyProjectsAnswer> {
  const byEmail = verifiedEmailOf(user);
  const projects = await readSummaries(
    em,
    byEmail ? 'p.client_id = ? or p.client_email = ?' : 'p.client_id = ?',
    byEmail ? [user.id, byEmail] : [user.id],
  );
  return { projects: projects.map(summaryOnly), counters: countersOf(projects) };
}

/** The editor's assigned projects, newest first, with their load (current / max). */
export async function readEditorProjects(em: EntityManager, user: AuthUser): Promise<EditorProjectsAnswer> {
  const [projects, profile] = await Promise.all([
    readSummaries(em, 'p.editor_id = ?', [user.id]),
    em.findOne(EditorProfile, { userId: user.id }),
  ]);
  return {
    projects: projects.map(summaryOnly),
    load: profile ? { current: profile.currentProjectsCount, max: profile.maxConcurrentProjects } : null,
  };
}

/** The caller's own notifications about the project, newest first. */
export async function readProjectNotifications(
  em: EntityManager,
  projectId: string,
  userId: string,
  limit: number,
): Promise<ProjectNotificationView[]> {
  const rows = await em.find(
    Notification,
    { project: projectIdOf(projectId), userId },
    { orderBy: { createdAt: 'desc' }, limit },
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  }));
}

export function toMessageView(message: ProjectMessage, user: AuthUser): ProjectMessageView {
  return {
    id: message.id,
    senderId: message.senderId,
    senderName: message.senderName ?? null,
    content: message.content,
    messageType: message.messageType,
    createdAt: message.createdAt.toISOString(),
    mine: message.senderId === user.id,
  };
}

/** The chat, oldest first (the newest `CHAT_HISTORY_LIMIT`). */
export async function readMessages(
  em: EntityManager,
  projectId: string,
  user: AuthUser,
): Promise<ProjectMessageView[]> {
  const rows = await em.find(
    ProjectMessage,
    { project: projectIdOf(projectId) },
    { orderBy: { createdAt: 'desc', id: 'desc' }, limit: CHAT_HISTORY_LIMIT },
  );
  return rows.reverse().map((row) => toMessageView(row, user));
}

/** Revisions, newest first (000 §7). */
export async function readRevisions(em: EntityManager, projectId: string): Promise<ProjectRevisionView[]> {
  const rows = await em.find(ProjectRevision, { project: projectIdOf(projectId) }, { orderBy: { createdAt: 'desc' } });
  return rows.map((row) => ({
    id: row.id,
    revisionNumber: row.revisionNumber,
    feedback: row.feedback,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
  }));
}

/** Status history, oldest first: the timeline reads top to bottom. */
export async function readTimeline(em: EntityManager, projectId: string): Promise<StatusHistoryView[]> {
  const rows = await em.find(
    StatusHistory,
    { project: projectIdOf(projectId) },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return rows.map((row) => ({
    id: row.id,
    oldStatus: row.oldStatus ?? null,
    newStatus: row.newStatus,
    comment: row.comment ?? null,
    changerName: row.changerName ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The project's files, newest first (000 §7), each with a download link `signDownload` makes, or
 * none where `mayDownload` refuses (the client's final files before an approval).
 */
export async function readProjectFiles(
  em: EntityManager,
  projectId: string,
  signDownload: (file: ProjectFile) => Promise<string>,
  mayDownload: (file: ProjectFile) => boolean = () => true,
): Promise<ProjectFileView[]> {
  const rows = await em.find(ProjectFile, { project: projectIdOf(projectId) }, { orderBy: { createdAt: 'desc' } });
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      filename: row.filename,
      fileType: row.fileType,
      mimeType: row.mimeType ?? null,
      fileSize: row.fileSize,
      uploadedBy: row.uploadedBy,
      createdAt: row.createdAt.toISOString(),
      downloadUrl: mayDownload(row) ? await signDownload(row) : null,
      contactSheet: contactSheetSummary(row.contactSheet),
    })),
  );
}
