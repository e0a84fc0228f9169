import { wrap, type EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { availableActions, projectUploadRefusal, PROJECT_MESSAGES, type ProjectDetail, type ProjectSummary } from '../../domain/projects';
import { projectPartiesOf, type ProjectParty } from '../../domain/project-lifecycle';
import { PROJECT_FILE_TYPES } from '../../domain/enums';
import { Project, ProjectFile } from '../db/entities';
import { HttpError } from '../lib/http-error';
import type { AuthUser, ProjectParties } from '../middleware/auth';

/** Read side of the project routes: loads projects and shapes the answers of `domain/projects.ts`. */

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
  return row ? { clientId: row.clientId ?? null, clientEmail: row.clientEmail, editorId: row.editor?.userId ?? null } : null;
}

/** The project with its editor and brief, or 404; the caller's access was checked by the route guard. */
export async function loadProject(em: EntityManager, projectId: string): Promise<Project> {
  const project = await em.findOne(Project, { id: projectIdOf(projectId) }, { populate: ['editor', 'brief'] });
  if (!project) throw new HttpError(404, PROJECT_MESSAGES.notFound);
  return project;
}

export function partiesOf(user: AuthUser, project: Project): ProjectParty[] {
  return projectPartiesOf(user, { clientId: project.clientId ?? null, clientEmail: project.clientEmail, editorId: project.editor?.userId ?? null });
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toSummary(project: Project): ProjectSummary {
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
  const finalFileCount = await em.count(ProjectFile, { project: project.id, fileType: 'final' });
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
      ? { priceCents: brief.priceCents ?? null, offerPriceCents: brief.offerPriceCents ?? null, launchOfferApplied: brief.launchOfferApplied }
      : null,
    viewer: { parties },
    actions: availableActions(parties, project),
    uploads: PROJECT_FILE_TYPES.filter((fileType) => projectUploadRefusal(fileType, parties, project.status) === null),
    finalFileCount,
  };
}
