import { createHash } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { SYSTEM_TEST_EDITOR } from '../domain/admin';
import { Brief, EditorProfile, Notification, Project, StatusHistory } from '../db/entities';
import { systemTestClient, systemTestEditorId } from '../workflows/contracts/system-test';
import type { SystemTestActivities } from '../workflows/system-test-activities';

export interface SystemTestActivityDeps {
  orm: MikroORM;
}

/** A stable uuid for one of the run's rows, so creating them again finds them. */
function runUuid(runId: string, what: string): string {
  const hex = createHash('sha256').update(`system-test:${runId}:${what}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Activities of systemTestWorkflow: the run's own rows, marked with its id and removed at the end. */
export function createSystemTestActivities(deps: SystemTestActivityDeps): SystemTestActivities {
  return {
    async createSystemTestRows(runId) {
      const projectId = runUuid(runId, 'project');
      const briefId = runUuid(runId, 'brief');
      const editorId = systemTestEditorId(runId);
      const client = systemTestClient(runId);
      await deps.orm.em.fork().transactional(async (em) => {
        if (await em.findOne(Project, { id: projectId })) return;
        em.create(EditorProfile, {
          userId: editorId,
          firstName: SYSTEM_TEST_EDITOR.firstName,
          lastName: SYSTEM_TEST_EDITOR.lastName,
          specialties: [...SYSTEM_TEST_EDITOR.specialties],
          visualComplexityLevels: [...SYSTEM_TEST_EDITOR.visualComplexityLevels],
          languages: ['français'],
          maxConcurrentProjects: SYSTEM_TEST_EDITOR.maxConcurrentProjects,
          status: SYSTEM_TEST_EDITOR.status,
          systemTestRun: runId,
        });
        const brief = em.create(Brief, {
          id: briefId,
          funnel: 'wizard',
          status: 'paid',
          clientId: client.id,
          email: client.email,
          projectName: 'Projet de test (Tests Système)',
          videoType: 'youtube',
          systemTestRun: runId,
        });
        em.create(Project, {
          id: projectId,
          brief,
          title: 'Projet de test (Tests Système)',
          description: 'Créé par la page /test puis supprimé.',
          videoType: 'youtube',
          status: 'brief_received',
          clientId: client.id,
          clientEmail: client.email,
          systemTestRun: runId,
        });
      });
      return { projectId, briefId, editorId };
    },

    async readSystemTestRun(runId) {
      const em = deps.orm.em.fork();
      const project = await em.findOne(Project, { systemTestRun: runId }, { populate: ['editor'] });
      if (!project) return { project: null, editor: null, notifications: [], statuses: [] };
      const [notifications, history] = await Promise.all([
        em.find(Notification, { project: project.id }, { orderBy: { createdAt: 'asc' } }),
        em.find(StatusHistory, { project: project.id }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      ]);
      const editor = project.editor;
      const audience = (userId: string) =>
        userId === project.clientId ? 'client' : userId === editor?.userId ? 'editor' : 'admin';
      return {
        project: { id: project.id, status: project.status, editorId: editor?.userId ?? null },
        editor: editor
          ? {
              userId: editor.userId,
              firstName: editor.firstName,
              lastName: editor.lastName,
              specialties: editor.specialties,
              visualComplexityLevels: editor.visualComplexityLevels,
              currentProjectsCount: editor.currentProjectsCount,
              maxConcurrentProjects: editor.maxConcurrentProjects,
            }
          : null,
        notifications: notifications.map((row) => ({
          type: row.type,
          title: row.title,
          message: row.message,
          audience: audience(row.userId),
        })),
        statuses: [...new Set(history.flatMap((row) => [row.oldStatus, row.newStatus]).filter(Boolean))] as string[],
      };
    },

    async cleanUpSystemTestRun(runId) {
      return deps.orm.em.fork().transactional(async (em) => {
        // Notifications, timeline, files and revisions go with the project (on delete cascade).
        const projects = await em.nativeDelete(Project, { systemTestRun: runId });
        const briefs = await em.nativeDelete(Brief, { systemTestRun: runId });
        const editors = await em.nativeDelete(EditorProfile, { systemTestRun: runId });
        return { deleted: projects + briefs + editors };
      });
    },
  };
}
