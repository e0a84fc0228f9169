import Router from '@koa/router';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '../../domain/admin';
import { ApplicationListQuerySchema, ApplicationUpdateSchema } from '../../domain/schemas/admin';
import { recordAudit } from '../../db/audit';
import { EditorApplication } from '../../db/entities/editor-application';
import { recordKeepUntil } from '../../domain/retention';
import { listApplications, toApplicationView, type PhotoLinkDeps } from '../admin/application-reads';
import { HttpError } from '../lib/http-error';
import type { RecordRetentionClient } from '../privacy/record-retention-client';
import { parseInput } from '../lib/validation';
import { currentUser, displayName, requireRole } from '../middleware/auth';
import { inviteEditor, type AdminUserRouteDeps } from './admin-user-routes';

export interface AdminApplicationRouteDeps {
  em: () => EntityManager;
  photos: PhotoLinkDeps;
  users: AdminUserRouteDeps;
  /** A rejected application is purged 2 years after the applicant's last contact. */
  retention: RecordRetentionClient;
}

const ApplicationId = z.uuid();

function applicationIdOf(raw: string | undefined): string {
  const parsed = ApplicationId.safeParse(raw);
  if (!parsed.success) throw new HttpError(404, ADMIN_MESSAGES.applicationNotFound);
  return parsed.data;
}

const label = (application: EditorApplication) =>
  `${application.firstName} ${application.lastName} <${application.email}>`;

/**
 * Admin › Recrutement (000 §2, §4): applications newest first with every answer; status and notes
 * edited freely (`reviewed_by`, `reviewed_at` and the audit entry written with the change); an
 * approved applicant invited as an editor, with a profile filled from the application.
 */
export function adminApplicationRoutes(deps: AdminApplicationRouteDeps): Router {
  const router = new Router();
  const admin = requireRole('admin');

  router.get('/api/admin/applications', admin, async (ctx) => {
    const query = parseInput(ApplicationListQuerySchema, ctx.query);
    ctx.body = await listApplications(deps.em(), query, deps.photos);
  });

  router.patch('/api/admin/applications/:applicationId', admin, async (ctx) => {
    const id = applicationIdOf(ctx.params.applicationId);
    const input = parseInput(ApplicationUpdateSchema, ctx.request.body ?? {});
    const user = currentUser(ctx);
    const saved = await deps.em().transactional(async (em) => {
      const application = await em.findOne(EditorApplication, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!application) throw new HttpError(404, ADMIN_MESSAGES.applicationNotFound);
      const before = { status: application.status, adminNotes: application.adminNotes ?? null };
      if (input.status !== undefined) application.status = input.status;
      if (input.adminNotes !== undefined) application.adminNotes = input.adminNotes || null;
      application.reviewedBy = user.id;
      application.reviewedByName = displayName(user);
      application.reviewedAt = new Date();
      await recordAudit(em, {
        actorId: user.id,
        actorEmail: user.email,
        action: 'application.update',
        targetType: 'application',
        targetId: application.id,
        targetLabel: label(application),
        before,
        after: { status: application.status, adminNotes: application.adminNotes ?? null },
      });
      // The rejection is the applicant's last contact; its timer starts before the commit, so a
      // Temporal that cannot take it leaves the application as it was.
      if (application.status === 'rejected' && before.status !== 'rejected') {
        await deps.retention.keep({
          kind: 'editor_application',
          recordId: application.id,
          keepUntil: recordKeepUntil('editor_application', application.reviewedAt),
        });
      }
      // The answer links the photo: its key is read here (a row locked FOR UPDATE cannot be joined).
      await em.populate(application, ['profilePhoto']);
      return application;
    });
    ctx.body = { application: await toApplicationView(saved, deps.photos) };
  });

  router.post('/api/admin/applications/:applicationId/invite', admin, async (ctx) => {
    const id = applicationIdOf(ctx.params.applicationId);
    const em = deps.em();
    const application = await em.findOne(EditorApplication, { id });
    if (!application) throw new HttpError(404, ADMIN_MESSAGES.applicationNotFound);
    if (application.status !== 'approved') throw new HttpError(409, ADMIN_MESSAGES.applicationNotApproved);
    if (application.invitedAt) throw new HttpError(409, ADMIN_MESSAGES.applicationAlreadyInvited);
    const user = currentUser(ctx);
    const result = await inviteEditor(deps.users, {
      actor: { id: user.id, email: user.email },
      email: application.email,
      firstName: application.firstName,
      lastName: application.lastName,
      applicationId: id,
    });
    const updated = await deps.em().findOneOrFail(EditorApplication, { id }, { populate: ['profilePhoto'] });
    ctx.status = 201;
    ctx.body = { ...result, application: await toApplicationView(updated, deps.photos) };
  });

  return router;
}
