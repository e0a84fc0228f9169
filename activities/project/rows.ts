import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { projectEvent, type OutboxEntry } from '../../domain/events';
import { REVIEW_MESSAGES } from '../../domain/review';
import { EditorProfile, Project, ProjectRevision, ProjectVersion, VersionComment } from '../../db/entities';
import { NO_OPEN_COMMENTS, PROJECT_NOT_FOUND, VERSION_NOT_FOUND } from '../../workflows/contracts/project';

/** The project rows the project activities share: the lock, the live events, the review's changes. */

export function projectNotFound(projectId: string): never {
  throw ApplicationFailure.nonRetryable(`Project ${projectId} not found`, PROJECT_NOT_FOUND);
}

/** A typed refusal the workflow turns into the update's (its French message is shown as it is). */
export const refuse = (message: string, type: string): never => {
  throw ApplicationFailure.nonRetryable(message, type);
};

export async function lockProject(em: EntityManager, projectId: string): Promise<Project> {
  const project = await em.findOne(Project, { id: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  return project ?? projectNotFound(projectId);
}

/** The live channel's event for a change of the project (status, assignment, dates, files). */
export function projectChanged(project: Project): OutboxEntry {
  return projectEvent({ type: 'project.changed', projectId: project.id, status: project.status });
}

/** The approved version's number, if any (a retried step answers what it did). */
export async function approvedVersionOf(em: EntityManager, projectId: string): Promise<number | null> {
  const approved = await em.findOne(
    ProjectVersion,
    { project: projectId, approvedAt: { $ne: null } },
    { orderBy: { number: 'desc' } },
  );
  return approved?.number ?? null;
}

/** Who changed a row: the acting person, or Rushflow itself. */
interface RowActor {
  id: string | null;
  name: string;
}

/**
 * A revision round: the version's open comments not yet sent (at least one, else NoOpenComments)
 * get the round's number. Answers their live events and the feedback that sums them up.
 */
export async function sendRoundComments(
  em: EntityManager,
  project: Project,
  versionNumber: number,
  revisionNumber: number,
): Promise<{ events: OutboxEntry[]; summary: string }> {
  const version =
    (await em.findOne(ProjectVersion, { project: project.id, number: versionNumber })) ??
    refuse(REVIEW_MESSAGES.versionNotFound, VERSION_NOT_FOUND);
  const comments = await em.find(
    VersionComment,
    { version: version.id, parentId: null, status: 'open', revisionNumber: null },
    { orderBy: { frameIn: 'asc', createdAt: 'asc' } },
  );
  if (comments.length === 0) refuse(REVIEW_MESSAGES.noOpenComments, NO_OPEN_COMMENTS);
  const events = comments.map((comment) => {
    comment.revisionNumber = revisionNumber;
    return projectEvent({
      type: 'project.comment',
      projectId: project.id,
      versionNumber: version.number,
      commentId: comment.id,
      change: 'sent',
    });
  });
  const count = comments.length;
  return {
    events,
    summary: `${count} commentaire${count > 1 ? 's' : ''} sur la version v${version.number} à traiter.`,
  };
}

/**
 * Approves `version` (by the client, or by nobody when the window elapsed). The approval settles
 * the review (docs/review.md): the comments still open on the project are resolved by it, so
 * nothing reads « ouvert » on a video the client accepted. Answers the live events.
 */
export async function approveVersion(
  em: EntityManager,
  version: ProjectVersion,
  by: RowActor,
  now: Date,
): Promise<OutboxEntry[]> {
  const projectId = version.project.id;
  version.approvedAt ??= now;
  version.approvedBy ??= by.id;
  const open = await em.find(
    VersionComment,
    { project: projectId, parentId: null, status: 'open' },
    { populate: ['version'] },
  );
  return [
    projectEvent({
      type: 'project.version',
      projectId,
      versionNumber: version.number,
      previewStatus: version.previewStatus,
      progress: version.previewProgress,
    }),
    ...open.map((comment) => {
      comment.status = 'resolved';
      comment.resolvedAt = now;
      comment.resolvedBy = by.id;
      comment.resolvedByName = by.name;
      return projectEvent({
        type: 'project.comment',
        projectId,
        versionNumber: comment.version.number,
        commentId: comment.id,
        change: 'resolved',
      });
    }),
  ];
}

/** The newest revision moves on: started (`in_progress`) or `completed`. */
export async function moveLatestRevision(
  em: EntityManager,
  projectId: string,
  status: 'in_progress' | 'completed',
): Promise<void> {
  const latest = await em.findOne(ProjectRevision, { project: projectId }, { orderBy: { revisionNumber: 'desc' } });
  if (!latest) return;
  const now = new Date();
  latest.startedAt ??= now;
  latest.status = status;
  if (status === 'completed') latest.completedAt = now;
}

/** The editor's counters: a slot freed (delivered or cancelled), a completion counted (first delivery). */
export async function updateEditorCounters(
  em: EntityManager,
  project: Project,
  change: { releaseSlot: boolean; countCompletion: boolean },
): Promise<void> {
  if (!project.editor || !(change.releaseSlot || change.countCompletion)) return;
  const editor = await em.findOne(
    EditorProfile,
    { userId: project.editor.userId },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!editor) return;
  if (change.releaseSlot) editor.currentProjectsCount = Math.max(0, editor.currentProjectsCount - 1);
  if (change.countCompletion) editor.completedProjectsCount += 1;
}
