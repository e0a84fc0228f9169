import { ApplicationFailure } from '@temporalio/common';
import { revisionsLeft } from '../../domain/revision-rule';
import { Project } from '../../db/entities';
import type { Audience, ProjectActivities } from '../../workflows/project-activities';
import { projectEmail } from '../mail/project-emails';
import { sendEmailOnce } from '../mail/send-email';
import type { ProjectActivityDeps } from './deps';
import { projectNotFound } from './rows';

/** The project's e-mails: rendered in French, sent once per recipient (`sent_emails`). */
export function createProjectEmailActivities(deps: ProjectActivityDeps): Pick<ProjectActivities, 'sendProjectEmail'> {
  const directory = () => deps.directory;

  async function addressesOf(audience: Audience, project: Project): Promise<string[]> {
    if (typeof audience === 'object') {
      const address = await directory()?.emailOf(audience.userId);
      return address ? [address] : [];
    }
    if (audience === 'client') return [project.clientEmail];
    if (audience === 'editor') {
      const editorId = project.editor?.userId;
      const address = editorId ? await directory()?.emailOf(editorId) : null;
      return address ? [address] : [];
    }
    return ((await directory()?.admins()) ?? []).map((admin) => admin.email).filter(Boolean);
  }

  return {
    async sendProjectEmail({ key, projectId, template, to, data }) {
      const { mailTransport, mailFrom, appUrl } = deps;
      if (!mailTransport || !mailFrom || !appUrl)
        throw ApplicationFailure.nonRetryable('The worker has no mail transport configured', 'WorkerMisconfigured');
      const em = deps.orm.em.fork();
      const project =
        (await em.findOne(Project, { id: projectId }, { populate: ['editor'] })) ?? projectNotFound(projectId);
      // A /test run's project writes to nobody: its client and editor are stand-ins.
      if (project.systemTestRun) return { sent: 0 };
      const details = {
        id: project.id,
        title: project.title,
        reference: project.reference,
        editorName: project.editor ? `${project.editor.firstName} ${project.editor.lastName}`.trim() : null,
        totalPriceCents: project.totalPriceCents,
        currency: project.currency,
        deliveryDate: project.deliveryDate ?? null,
        revisionsLeft: revisionsLeft(project),
      };
      let sent = 0;
      for (const address of await addressesOf(to, project)) {
        const message = await projectEmail(template, address, details, appUrl, data);
        const result = await sendEmailOnce(
          { orm: deps.orm, transport: mailTransport, from: mailFrom },
          { ...message, idempotencyKey: `${key}:${address.toLowerCase()}` },
        );
        if (result.sentNow) sent += 1;
      }
      return { sent };
    },
  };
}
