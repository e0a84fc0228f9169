import type { EntityManager } from '@mikro-orm/postgresql';
import { Notification, Project } from '../../db/entities';
import { appendEvents, notificationCreated } from '../../db/outbox';
import type { NotificationSpec, ProjectActivities } from '../../workflows/project-activities';
import { keyedUuid } from '../keyed-uuid';
import type { ProjectActivityDeps } from './deps';
import { projectNotFound } from './rows';

/** The project's in-app notifications: who they go to, written once per key. */
export interface ProjectNotices {
  /** The admins' user ids when `specs` notify them (from the directory, outside any transaction). */
  adminsFor(specs: readonly Pick<NotificationSpec, 'to'>[]): Promise<string[]>;
  /**
   * Creates the notifications of `specs` with ids derived from `key`, and returns those created now:
   * a retried activity finds its rows, creates nothing more and announces nothing twice.
   */
  write(
    em: EntityManager,
    key: string,
    project: Project,
    specs: NotificationSpec[],
    admins: string[],
  ): Promise<Notification[]>;
}

export function createProjectNotices(deps: ProjectActivityDeps): ProjectNotices {
  return {
    async adminsFor(specs) {
      if (!specs.some((spec) => spec.to === 'admins')) return [];
      return ((await deps.directory?.admins()) ?? []).map((admin) => admin.id);
    },

    async write(em, key, project, specs, admins) {
      // A /test run's project notifies only its own stand-ins, never the real admins.
      const adminIds = project.systemTestRun ? [] : admins;
      const rows = specs.flatMap((spec, index) => {
        const users =
          typeof spec.to === 'object'
            ? [spec.to.userId]
            : spec.to === 'client'
              ? [project.clientId]
              : spec.to === 'editor'
                ? [project.editor?.userId]
                : adminIds;
        return users
          .filter((userId): userId is string => Boolean(userId))
          .map((userId) => ({ id: keyedUuid(key, String(index), userId), userId, spec }));
      });
      if (rows.length === 0) return [];
      const existing = new Set(
        (await em.find(Notification, { id: { $in: rows.map((row) => row.id) } }, { fields: ['id'] })).map(
          (row) => row.id,
        ),
      );
      return rows
        .filter((row) => !existing.has(row.id))
        .map(({ id, userId, spec }) =>
          em.create(Notification, { id, userId, type: spec.type, title: spec.title, message: spec.message, project }),
        );
    },
  };
}

/** Notifications without a status change (deadline reminder, closing, retention), keyed. */
export function createNotifyActivity(
  deps: ProjectActivityDeps,
  notices: ProjectNotices,
): Pick<ProjectActivities, 'notify'> {
  return {
    async notify({ key, projectId, notifications }) {
      const admins = await notices.adminsFor(notifications);
      await deps.orm.em.fork().transactional(async (em) => {
        const project = (await em.findOne(Project, { id: projectId })) ?? projectNotFound(projectId);
        const created = await notices.write(em, key, project, notifications, admins);
        await appendEvents(em, () => created.map(notificationCreated));
      });
    },
  };
}
