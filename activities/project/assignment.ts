import { LockMode } from '@mikro-orm/core';
import { asyncLocalStorage } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { levelsFor, pickLeastLoaded, specialtiesFor } from '../../domain/assignment';
import { PROJECT_ACTION_MESSAGES, PROJECT_NOTICES, PROJECT_TIMELINE } from '../../domain/project-notices';
import { recordAudit } from '../../db/audit';
import { AuditLogEntry, EditorProfile, Project, StatusHistory } from '../../db/entities';
import { appendEvents, notificationCreated } from '../../db/outbox';
import { EDITOR_NOT_AVAILABLE } from '../../workflows/contracts/project';
import type { ProjectActivities } from '../../workflows/project-activities';
import type { ProjectActivityDeps } from './deps';
import type { ProjectNotices } from './notices';
import { approvedVersionOf, lockProject, projectChanged, projectNotFound } from './rows';

/** The project's start and its editor: the snapshot the workflow starts from, the first timeline row, (re)assignment. */
export function createAssignmentActivities(
  deps: ProjectActivityDeps,
  notices: ProjectNotices,
): Pick<ProjectActivities, 'recordProjectStatus' | 'loadProjectSnapshot' | 'assignEditor' | 'reassignEditor'> {
  return {
    async recordProjectStatus({ projectId, oldStatus, newStatus, comment }) {
      return deps.orm.em.fork().transactional(async (em) => {
        // The project's row lock makes "already recorded?" and the insert one step for concurrent retries.
        const project = await lockProject(em, projectId);
        const recorded = await em.count(StatusHistory, { project: projectId, oldStatus, newStatus });
        if (recorded > 0) return { recordedNow: false };
        em.create(StatusHistory, {
          project,
          oldStatus,
          newStatus,
          comment: comment ?? null,
          changedBy: null,
          changerName: 'Rushflow',
        });
        project.status = newStatus;
        await appendEvents(em, () => [projectChanged(project)]);
        return { recordedNow: true };
      });
    },

    async loadProjectSnapshot(projectId) {
      const project = (await deps.orm.em.fork().findOne(Project, { id: projectId })) ?? projectNotFound(projectId);
      return {
        status: project.status,
        clientId: project.clientId ?? null,
        clientEmail: project.clientEmail,
        editorId: project.editor?.userId ?? null,
        videoType: project.videoType ?? null,
        title: project.title,
        revisionCount: project.revisionCount,
        maxRevisions: project.maxRevisions,
        deliveryDate: project.deliveryDate ? project.deliveryDate.getTime() : null,
        approvedVersion: await approvedVersionOf(deps.orm.em.fork(), projectId),
      };
    },

    async assignEditor({ key, projectId, from, editorId, actorId, actorName, audit }) {
      const outcome = await deps.orm.em.fork().transactional(async (em) => {
        const project = await lockProject(em, projectId);
        if ((await em.count(StatusHistory, { id: key })) > 0) {
          // A retry after the commit: the assignment is done.
          const editor = await em.findOneOrFail(EditorProfile, { userId: project.editor!.userId });
          return {
            assigned: true as const,
            editorId: editor.userId,
            editorName: `${editor.firstName} ${editor.lastName}`.trim(),
          };
        }
        let editor: EditorProfile | undefined;
        if (editorId) {
          const named = await em.findOne(EditorProfile, { userId: editorId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
          // A /test run's editor takes only its run's project, and only it.
          if (!named || (named.systemTestRun ?? null) !== (project.systemTestRun ?? null))
            throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorUnknown, EDITOR_NOT_AVAILABLE);
          if (named.status !== 'active' || named.currentProjectsCount >= named.maxConcurrentProjects) {
            throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorNotAvailable, EDITOR_NOT_AVAILABLE);
          }
          editor = named;
        } else {
          // Row locks on every candidate, taken in one order (by id) so concurrent assignments
          // queue instead of deadlocking; the counts read under the lock are the committed ones.
          const complexity =
            typeof project.briefData?.visual_complexity === 'string' ? project.briefData.visual_complexity : null;
          const candidates = await em.find(
            EditorProfile,
            {
              status: 'active',
              specialties: { $overlap: specialtiesFor(project.videoType) },
              visualComplexityLevels: { $overlap: levelsFor(complexity) },
              // Real projects never go to a /test run's editor; a run's project only to its own.
              systemTestRun: project.systemTestRun ?? null,
            },
            { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { userId: 'asc' } },
          );
          editor = pickLeastLoaded(candidates);
          if (!editor) return { assigned: false as const };
        }
        const previousStatus = project.status;
        editor.currentProjectsCount += 1;
        editor.totalProjectsCount += 1;
        project.editor = editor;
        project.status = 'assigned';
        project.assignedAt = new Date();
        const editorName = `${editor.firstName} ${editor.lastName}`.trim();
        em.create(StatusHistory, {
          id: key,
          project,
          oldStatus: from,
          newStatus: 'assigned',
          comment: editorId ? PROJECT_TIMELINE.assignedByAdmin(editorName) : PROJECT_TIMELINE.assigned(editorName),
          changedBy: actorId ?? null,
          changerName: actorName ?? 'Rushflow',
        });
        const created = await notices.write(
          em,
          key,
          project,
          [
            { to: 'client', ...PROJECT_NOTICES.assignedToClient(editorName, project.title) },
            { to: 'editor', ...PROJECT_NOTICES.assignedToEditor(project.title) },
          ],
          [],
        );
        if (audit) {
          await recordAudit(em, {
            id: key,
            actorId: audit.actorId,
            actorEmail: audit.actorEmail,
            action: 'project.assign',
            targetType: 'project',
            targetId: project.id,
            targetLabel: project.title,
            before: { status: previousStatus, editorId: null },
            after: {
              status: 'assigned',
              editorId: editor.userId,
              editorName,
              editorLoad: `${editor.currentProjectsCount}/${editor.maxConcurrentProjects}`,
            },
          });
        }
        await appendEvents(em, () => [projectChanged(project), ...created.map(notificationCreated)]);
        return { assigned: true as const, editorId: editor.userId, editorName };
      });
      // Through the activity's logger: the line carries the workflow's and the activity's ids. Never the names.
      asyncLocalStorage.getStore()?.log.info(outcome.assigned ? 'editor assigned' : 'no editor available', {
        projectId,
        ...(outcome.assigned ? { editorId: outcome.editorId } : {}),
      });
      return outcome;
    },

    async reassignEditor({ key, projectId, editorId, actorId, actorName, audit }) {
      return deps.orm.em.fork().transactional(async (em) => {
        const project = await lockProject(em, projectId);
        const previousId = project.editor?.userId;
        const nameOf = (editor: EditorProfile) => `${editor.firstName} ${editor.lastName}`.trim();
        if ((await em.count(StatusHistory, { id: key })) > 0) {
          // A retry after the commit: the reassignment is done.
          const editor = await em.findOneOrFail(EditorProfile, { userId: editorId });
          const entry = await em.findOneOrFail(AuditLogEntry, { id: key });
          const before = entry.before as { editorId: string };
          return { editorId, editorName: nameOf(editor), previousEditorId: before.editorId };
        }
        if (!previousId)
          throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorUnknown, EDITOR_NOT_AVAILABLE);
        // Both profiles locked in one order (by id), as the assignment does, so concurrent changes queue.
        const locked = await em.find(
          EditorProfile,
          { userId: { $in: [previousId, editorId] } },
          { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { userId: 'asc' } },
        );
        const next = locked.find((editor) => editor.userId === editorId);
        const previous = locked.find((editor) => editor.userId === previousId);
        // A /test run's editor takes only its run's project, and only it.
        if (!next || (next.systemTestRun ?? null) !== (project.systemTestRun ?? null))
          throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorUnknown, EDITOR_NOT_AVAILABLE);
        if (next.status !== 'active' || next.currentProjectsCount >= next.maxConcurrentProjects)
          throw ApplicationFailure.nonRetryable(PROJECT_ACTION_MESSAGES.editorNotAvailable, EDITOR_NOT_AVAILABLE);
        const load = (editor: EditorProfile | undefined) =>
          editor ? `${editor.currentProjectsCount}/${editor.maxConcurrentProjects}` : null;
        const previousName = previous ? nameOf(previous) : previousId;
        const before = { editorId: previousId, editorName: previousName, editorLoad: load(previous) };
        if (previous) previous.currentProjectsCount = Math.max(0, previous.currentProjectsCount - 1);
        next.currentProjectsCount += 1;
        next.totalProjectsCount += 1;
        project.editor = next;
        project.assignedAt = new Date();
        const editorName = nameOf(next);
        em.create(StatusHistory, {
          id: key,
          project,
          oldStatus: project.status,
          newStatus: project.status,
          comment: PROJECT_TIMELINE.reassigned(previousName, editorName),
          changedBy: actorId,
          changerName: actorName,
        });
        const created = await notices.write(
          em,
          key,
          project,
          [
            { to: 'client', ...PROJECT_NOTICES.reassignedToClient(editorName, project.title) },
            { to: 'editor', ...PROJECT_NOTICES.assignedToEditor(project.title) },
            { to: { userId: previousId }, ...PROJECT_NOTICES.reassignedAway(project.title) },
          ],
          [],
        );
        await recordAudit(em, {
          id: key,
          actorId: audit.actorId,
          actorEmail: audit.actorEmail,
          action: 'project.reassign',
          targetType: 'project',
          targetId: project.id,
          targetLabel: project.title,
          before,
          after: {
            editorId: next.userId,
            editorName,
            editorLoad: load(next),
            previousEditorLoad: load(previous),
          },
        });
        await appendEvents(em, () => [projectChanged(project), ...created.map(notificationCreated)]);
        return { editorId: next.userId, editorName, previousEditorId: previousId };
      });
    },
  };
}
