import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import { EditorApplication, Notification } from '../db/entities';
import { appendEvents, notificationCreated } from '../db/outbox';
import { readSettings } from '../db/settings';
import {
  APPLICATION_NOT_FOUND,
  APPLICATION_NOTICE,
  APPLICATION_NOTIFICATION_TYPE,
} from '../workflows/contracts/editor-application';
import type { EditorApplicationActivities } from '../workflows/editor-application-activities';
import { keyedUuid } from './keyed-uuid';
import { applicationReceivedEmail } from './mail/application-emails';
import type { UserDirectory } from './project';

export interface EditorApplicationActivityDeps {
  orm: MikroORM;
  appUrl: string;
  /** The admins to notify (Keycloak); absent, the notification fails without retry. */
  directory?: UserDirectory;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Activities of editorApplicationWorkflow: the applicant's confirmation and the admins' notifications. */
export function createEditorApplicationActivities(deps: EditorApplicationActivityDeps): EditorApplicationActivities {
  async function load(applicationId: string) {
    const em = deps.orm.em.fork();
    const application = UUID.test(applicationId) ? await em.findOne(EditorApplication, { id: applicationId }) : null;
    if (!application)
      throw ApplicationFailure.nonRetryable(`Application ${applicationId} not found`, APPLICATION_NOT_FOUND);
    return { em, application };
  }

  return {
    async renderApplicationReceivedEmail(applicationId) {
      const { em, application } = await load(applicationId);
      const { contactEmail } = await readSettings(em);
      return applicationReceivedEmail(application, deps.appUrl, contactEmail);
    },

    async notifyAdminsOfApplication({ key, applicationId }) {
      const { application } = await load(applicationId);
      if (!deps.directory)
        throw ApplicationFailure.nonRetryable('The worker has no user directory configured', 'WorkerMisconfigured');
      const admins = await deps.directory.admins();
      const notice = APPLICATION_NOTICE(`${application.firstName} ${application.lastName}`, application.email);
      return deps.orm.em.fork().transactional(async (em) => {
        const rows = admins.map((admin) => ({ id: keyedUuid(key, admin.id), userId: admin.id }));
        const existing = new Set(
          rows.length === 0
            ? []
            : (await em.find(Notification, { id: { $in: rows.map((row) => row.id) } }, { fields: ['id'] })).map(
                (row) => row.id,
              ),
        );
        const created = rows
          .filter((row) => !existing.has(row.id))
          .map((row) =>
            em.create(Notification, { ...row, type: APPLICATION_NOTIFICATION_TYPE, ...notice, project: null }),
          );
        await appendEvents(em, () => created.map(notificationCreated));
        return { notified: created.length };
      });
    },
  };
}
