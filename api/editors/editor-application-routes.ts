import type { S3Client } from '@aws-sdk/client-s3';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { EditorApplication, UploadedFile } from '../../db/entities';
import { readSettings } from '../../db/settings';
import { MESSAGES } from '../../domain/messages';
import { OPEN_APPLICATION_STATUSES, RECRUITMENT_MESSAGES, REQUIRED_CONSENTS } from '../../domain/recruitment';
import { editorApplicationSchema } from '../../domain/schemas/recruitment';
import { UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { photoLink, PHOTO_LINK_SECONDS } from '../admin/application-reads';
import { HttpError } from '../lib/http-error';
import { fieldErrors } from '../lib/validation';
import { requireRole, type AuthState } from '../middleware/auth';
import { startOrUndo } from '../lib/start-or-undo';
import type { UploadService } from '../uploads/upload-service';
import type { EditorApplicationWorkflowClient } from './editor-application-workflow-client';

export interface EditorApplicationRouteDeps {
  em: () => EntityManager;
  workflows: EditorApplicationWorkflowClient;
  uploads: Pick<UploadService, 'openSessionForBrief'>;
  /** Storage client on the public endpoint: the photo link is opened by the admin's browser. */
  publicS3: S3Client;
}

const PhotoParams = z.object({ applicationId: z.uuid() });

/** The refusal's summary: the consent sentence of 000 §5 when a consent is missing, else the first field's message. */
function applicationErrorSummary(fields: Record<string, string>): string {
  if (REQUIRED_CONSENTS.some((consent) => consent in fields)) return RECRUITMENT_MESSAGES.consents;
  return Object.values(fields)[0] ?? MESSAGES.invalidInput;
}

/**
 * The photo of the upload session the application names (area `application_photo`, opened with
 * its secret): its completed image, whose content was sniffed as an image when it was completed.
 */
async function uploadedPhoto(
  em: EntityManager,
  uploads: EditorApplicationRouteDeps['uploads'],
  sessionId: string | undefined,
  secret: string | undefined,
  userId: string | undefined,
): Promise<UploadedFile | null> {
  if (!sessionId) return null;
  const refused = new HttpError(400, RECRUITMENT_MESSAGES.photoInvalid, {
    profilePhotoSessionId: RECRUITMENT_MESSAGES.photoInvalid,
  });
  const session = await uploads.openSessionForBrief(em, sessionId, secret, { userId: userId ?? null }).catch(() => {
    throw refused;
  });
  if (session.area !== 'application_photo') throw refused;
  const photo = await em.findOne(
    UploadedFile,
    { session: session.id, status: 'completed', kind: 'image' },
    { orderBy: { completedAt: 'desc' } },
  );
  if (!photo) throw refused;
  return photo;
}

/**
 * Editor applications from /recrutement (000 §2, §3, §5): anyone may apply; the application is
 * stored `pending`, then editorApplicationWorkflow confirms it by e-mail and notifies the admins.
 * One open application (pending or contacted) per e-mail address: a second one is refused (409).
 */
export function editorApplicationRoutes(deps: EditorApplicationRouteDeps): Router {
  const router = new Router({ prefix: '/api/editor-applications' });

  router.post('/', async (ctx) => {
    const parsed = editorApplicationSchema.safeParse(ctx.request.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      throw new HttpError(400, applicationErrorSummary(fields), fields);
    }
    const { profilePhotoSessionId, ...application } = parsed.data;
    const em = deps.em();
    const photo = await uploadedPhoto(
      em,
      deps.uploads,
      profilePhotoSessionId,
      ctx.get(UPLOAD_SESSION_HEADER) || undefined,
      (ctx.state as AuthState).user?.id,
    );
    const stored = await em.transactional(async (tx) => {
      // Two submissions of one address wait for each other here, so only one can be open.
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`editor-application:${application.email}`]);
      const open = await tx.count(EditorApplication, {
        email: application.email,
        status: { $in: [...OPEN_APPLICATION_STATUSES] },
      });
      if (open > 0) throw new HttpError(409, RECRUITMENT_MESSAGES.alreadyOpen((await readSettings(tx)).contactEmail));
      const row = tx.create(EditorApplication, {
        ...application,
        phone: application.phone ?? null,
        address: application.address ?? null,
        paymentMethod: application.paymentMethod ?? null,
        otherSoftware: application.otherSoftware ?? null,
        availabilityStartTime: application.availabilityStartTime ?? null,
        availabilityEndTime: application.availabilityEndTime ?? null,
        availabilityHoursPerWeek: application.availabilityHours,
        experienceDescription: application.experienceDescription ?? null,
        hourlyRate: application.hourlyRate === null ? null : application.hourlyRate.toFixed(2),
        motivation: application.motivation ?? null,
        technicalSkills: application.technicalSkills ?? null,
        equipmentDescription: application.equipmentDescription ?? null,
        profilePhoto: photo,
        status: 'pending',
      });
      await tx.flush();
      return row;
    });
    await startOrUndo(
      () => deps.workflows.start(stored.id),
      () => deps.em().nativeDelete(EditorApplication, { id: stored.id }),
      `editor application ${stored.id}`,
    );
    ctx.status = 201;
    ctx.body = { applicationId: stored.id };
  });

  /** An admin's short-lived link to the applicant's photo (the bucket itself is private). */
  router.get('/:applicationId/photo', requireRole('admin'), async (ctx) => {
    const params = PhotoParams.safeParse(ctx.params);
    if (!params.success) throw new HttpError(404, RECRUITMENT_MESSAGES.applicationNotFound);
    const application = await deps
      .em()
      .findOne(EditorApplication, { id: params.data.applicationId }, { populate: ['profilePhoto'] });
    if (!application) throw new HttpError(404, RECRUITMENT_MESSAGES.applicationNotFound);
    const photo = application.profilePhoto;
    if (!photo) throw new HttpError(404, RECRUITMENT_MESSAGES.photoNotFound);
    const url = await photoLink(photo, deps);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { url, expiresAt: new Date(Date.now() + PHOTO_LINK_SECONDS * 1000).toISOString() };
  });

  return router;
}
