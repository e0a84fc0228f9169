import { wrap, type EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { PROJECT_FILE_TYPES } from '../../domain/enums';
import { isActiveStatus, projectPartiesOf, type ProjectParty } from '../../domain/project-lifecycle';
import {
  availableActions,
  CHAT_HISTORY_LIMIT,
  projectUploadRefusal,
  PROJECT_MESSAGES,
  type ClientProjectCounters,
  type EditorProjectsAnswer,
  type MyProjectsAnswer,
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
import { availableReviewActions } from '../../domain/review';
import { isoTimestamp } from '../../db/raw-timestamps';
import { HttpError } from '../lib/http-error';
import type { AuthUser, ProjectParties } from '../middleware/auth';
import { approvedVersionNumber, readOpenQuestion } from '../review/version-reads';

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

export async function loadProjectParties(em: EntityManager, projectId: string): Promise<ProjectParties | null> {
  if (!ProjectId.safeParse(projectId).success) return null;
  const row = await em.findOne(Project, { id: projectId }, { fields: ['clientId', 'clientEmail', 'editor'] });
  return row
    ? { clientId: row.clientId ?? null, clientEmail: row.clientEmail, editorId: row.editor?.userId ?? null }
    : null;
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

function toSummary(project: Project): ProjectSummary {
  const editor = project.editor && wrap(project.editor).isInitialized() ? project.editor : null;
  return {
    id: project.id,
    title: project.title,
    status: project.status,
    videoType: project.videoType ?? null,
    totalPrice: { cents: project.totalPriceCents, currency: project.currency },
    createdAt: project.createdAt.toISOString(),
    deliveryDate: iso(project.deliveryDate ?? project.estimatedDeliveryDate),
    editorName: editor ? `${editor.firstName} ${editor.lastName}`.trim() : null,
    revisionCount: project.revisionCount,
    maxRevisions: project.maxRevisions,
    revisionWindowEndsAt: iso(project.revisionWindowEndsAt),
  };
}

export async function toDetail(em: EntityManager, user: AuthUser, project: Project): Promise<ProjectDetail> {
  const parties = partiesOf(user, project);
  const editor = project.editor && wrap(project.editor).isInitialized() ? project.editor : null;
  const brief = wrap(project.brief).isInitialized() ? project.brief : null;
  const [finalFileCount, approved, clientQuestion] = await Promise.all([
    em.count(ProjectFile, { project: project.id, fileType: 'final' }),
    approvedVersionNumber(em, project.id),
    readOpenQuestion(em, project.id),
  ]);
  const review = {
    status: project.status,
    approvedVersionNumber: approved,
    clientQuestion,
    revisionWindowEndsAt: project.revisionWindowEndsAt,
  };
  return {
    ...toSummary(project),
    description: project.description ?? null,
    clientEmail: project.clientEmail,
    editor: editor ? { firstName: editor.firstName, lastName: editor.lastName } : null,
    finalDurationMinutes: project.finalDurationMinutes ?? null,
    durationMinutes: project.durationMinutes ?? null,
    urgencyLevel: project.urgencyLevel,
    completedAt: iso(project.completedAt),
    briefData: project.briefData,
    briefPrice: brief
      ? {
          priceCents: brief.priceCents ?? null,
          offerPriceCents: brief.offerPriceCents ?? null,
          launchOfferApplied: brief.launchOfferApplied,
        }
      : null,
    viewer: { parties },
    actions: availableActions(parties, project),
    uploads: PROJECT_FILE_TYPES.filter((fileType) => projectUploadRefusal(fileType, parties, project.status) === null),
    finalFileCount,
    reviewActions: availableReviewActions(parties, review),
    approvedVersionNumber: approved,
    clientQuestion,
  };
}

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
interface SummaryRow {
  id: string;
  title: string;
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
    `select p.id, p.title, p.status, p.video_type, p.total_price_cents, p.currency, p.created_at,
            p.delivery_date, p.estimated_delivery_date, p.revision_count, p.max_revisions,
            p.revision_window_ends_at, e.first_name as editor_first_name, e.last_name as editor_last_name
       from projects p left join editor_profiles e on e.user_id = p.editor_id
      where ${where}
      order by p.created_at desc`,
    params,
    'all',
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
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
  }));
}

const summaryOnly = ({ totalPriceCents: _cents, currency: _currency, ...summary }: ProjectSummary & SummaryFields) =>
  summary as ProjectSummary;

/** The client's projects, newest first: by account id or by verified e-mail (000 §6). */
export async function readClientProjects(em: EntityManager, user: AuthUser): Promise<MyProjectsAnswer> {
  const byEmail = user.emailVerified && user.email ? user.email.toLowerCase() : null;
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
    })),
  );
}
