import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import {
  isOverdue,
  OVERDUE_STATUSES,
  WAITING_STATUSES,
  type AdminProjectRow,
  type EligibleEditor,
  type Page,
} from '../../domain/admin';
import type { ProjectListQuery } from '../../domain/schemas/admin';
import { levelsFor, specialtiesFor } from '../../domain/assignment';
import { availableAdminChanges } from '../../domain/project-rules';
import { EditorProfile, Project, ProjectVersion } from '../../db/entities';
import { projectWorkflowId } from '../../workflows/contracts/project';
import { workflowUrl } from './temporal-links';
import { traceUrl, type AdminLinks } from './trace-links';

/** `%text%` for ILIKE, with the pattern's own characters taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const editorName = (editor: EditorProfile) => `${editor.firstName} ${editor.lastName}`.trim() || editor.userId;

function toRow(project: Project, links: AdminLinks, now: number, approved: Map<string, number>): AdminProjectRow {
  const deliveryDate = project.deliveryDate ?? project.estimatedDeliveryDate ?? null;
  return {
    id: project.id,
    title: project.title,
    reference: project.reference,
    status: project.status,
    videoType: project.videoType ?? null,
    clientEmail: project.clientEmail,
    editor: project.editor ? { id: project.editor.userId, name: editorName(project.editor) } : null,
    totalPrice: { cents: project.totalPriceCents, currency: project.currency },
    createdAt: project.createdAt.toISOString(),
    deliveryDate: deliveryDate ? deliveryDate.toISOString() : null,
    overdue: isOverdue(project.status, deliveryDate, now),
    needsAttention: project.needsAttention ?? null,
    revisionCount: project.revisionCount,
    maxRevisions: project.maxRevisions,
    workflowUrl: workflowUrl(links, projectWorkflowId(project.id)),
    traceUrl: traceUrl(links, project.traceId),
    changes: availableAdminChanges(
      {
        status: project.status,
        approvedVersionNumber: approved.get(project.id) ?? null,
        revisionWindowEndsAt: project.revisionWindowEndsAt ?? null,
      },
      new Date(now),
    ),
  };
}

/**
 * Admin › Projets: every project (never a /test run's), newest first, filtered and paginated in
 * the database. `q` matches the title, the reference, the client's e-mail or the project id.
 */
export async function listAdminProjects(
  em: EntityManager,
  query: ProjectListQuery,
  links: AdminLinks,
): Promise<Page<AdminProjectRow>> {
  const now = Date.now();
  const conditions: FilterQuery<Project>[] = [{ systemTestRun: null }];
  if (query.status) conditions.push({ status: query.status });
  if (query.editorId) conditions.push({ editor: query.editorId });
  if (query.clientEmail) conditions.push({ clientEmail: { $ilike: containing(query.clientEmail) } });
  if (query.videoType) conditions.push({ videoType: query.videoType });
  if (query.overdue) conditions.push({ status: { $in: [...OVERDUE_STATUSES] }, deliveryDate: { $lt: new Date(now) } });
  if (query.waiting) conditions.push({ status: { $in: [...WAITING_STATUSES] } });
  if (query.q) {
    conditions.push({
      $or: [
        { title: { $ilike: containing(query.q) } },
        { reference: { $ilike: containing(query.q) } },
        { clientEmail: { $ilike: containing(query.q) } },
        ...(UUID.test(query.q) ? [{ id: query.q }] : []),
      ],
    });
  }
  const [projects, total] = await em.findAndCount(
    Project,
    { $and: conditions },
    {
      populate: ['editor'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    },
  );
  // The approved versions of the page's projects (their revisions are over), in one query.
  const approved = new Map(
    (
      await em.find(
        ProjectVersion,
        { project: { $in: projects.map((project) => project.id) }, approvedAt: { $ne: null } },
        { fields: ['project', 'number'] },
      )
    ).map((version) => [version.project.id, version.number]),
  );
  return {
    items: projects.map((project) => toRow(project, links, now, approved)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The video types projects have, for the filter (a /test run's excluded). */
export async function projectVideoTypes(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ video_type: string }[]>(
    `select distinct "video_type" from "projects" where "video_type" is not null and "system_test_run" is null order by 1`,
  );
  return rows.map((row) => row.video_type);
}

/** Every editor profile (a /test run's excluded), for the filters: name, status and load. */
export async function listEditors(em: EntityManager) {
  const editors = await em.find(
    EditorProfile,
    { systemTestRun: null },
    { orderBy: { lastName: 'asc', firstName: 'asc' } },
  );
  return editors.map((editor) => ({
    id: editor.userId,
    name: editorName(editor),
    status: editor.status,
    current: editor.currentProjectsCount,
    max: editor.maxConcurrentProjects,
  }));
}

/**
 * Editors the admin may assign the project to by hand: active, with a free slot (what the
 * assignment activity accepts); `matches` when their specialties and levels fit the brief, as
 * the automatic assignment requires. Matching ones first, then the least loaded.
 */
export async function eligibleEditors(em: EntityManager, project: Project): Promise<EligibleEditor[]> {
  const complexity =
    typeof project.briefData?.visual_complexity === 'string' ? project.briefData.visual_complexity : null;
  const specialties = new Set(specialtiesFor(project.videoType));
  const levels = new Set(levelsFor(complexity));
  const editors = await em.find(EditorProfile, { status: 'active', systemTestRun: project.systemTestRun ?? null });
  return (
    editors
      // Reassigning: the project's own editor is not a choice.
      .filter(
        (editor) =>
          editor.currentProjectsCount < editor.maxConcurrentProjects && editor.userId !== project.editor?.userId,
      )
      .map((editor) => ({
        id: editor.userId,
        name: editorName(editor),
        specialties: editor.specialties,
        levels: editor.visualComplexityLevels,
        current: editor.currentProjectsCount,
        max: editor.maxConcurrentProjects,
        matches:
          editor.specialties.some((specialty) => specialties.has(specialty)) &&
          editor.visualComplexityLevels.some((level) => levels.has(level)),
      }))
      .sort(
        (a, b) =>
          Number(b.matches) - Number(a.matches) ||
          a.current / a.max - b.current / b.max ||
          a.name.localeCompare(b.name),
      )
  );
}
