import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import {
  CONTACT_SHEET_MESSAGES,
  shotsCsv,
  shotTimings,
  thumbnailName,
  THUMBNAIL_URL_EXPIRY_SECONDS,
  type ShotListView,
} from '../../domain/contact-sheet';
import { DOWNLOAD_URL_EXPIRY_SECONDS, projectUploadRefusal } from '../../domain/projects';
import { ProjectUploadSessionSchema } from '../../domain/schemas/project';
import { ProjectFile } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireProjectAccess } from '../middleware/auth';
import { loadProject, loadProjectParties, partiesOf, projectIdOf, readProjectFiles } from '../projects/project-reads';
import { contactSheetPdf } from './contact-sheet-pdf';
import { retryContactSheet } from './contact-sheet-runs';
import type { ContactSheetWorkflowClient } from './contact-sheet-workflow-client';
import { approvedVersionNumber, originalsOpenTo } from './version-reads';
import { downloadHeaders } from '../uploads/content-sniffer';
import type { UploadService } from '../uploads/upload-service';

export interface ProjectFileRouteDeps {
  em: () => EntityManager;
  /** The internal endpoint: the api reads the thumbnails it lays out in a contact sheet's PDF. */
  s3: S3Client;
  /** Signs the download links browsers follow (the public endpoint). */
  publicS3: S3Client;
  uploads: UploadService;
  contactSheets: Pick<ContactSheetWorkflowClient, 'start' | 'running' | 'settle'>;
}

/**
 * The project's files (000 §2 Files tab): the list with short-lived download links, and upload
 * sessions for the client's sources and the editor's final video. Uploads then go through the
 * shared upload routes; a completed file becomes a `project_files` row there. A source video's
 * contact sheet (issue 33) is read as shots, a PDF or a CSV shot list.
 */
export function projectFileRoutes(deps: ProjectFileRouteDeps): Router {
  const router = new Router({ prefix: '/api/projects/:projectId' });
  const guard = requireProjectAccess((projectId) => loadProjectParties(deps.em(), projectId));

  /**
   * The list with download links: the client's view of the final files has none until a version
   * is approved (the review studio shows the client watermarked previews until then).
   */
  router.get('/files', guard, async (ctx) => {
    const em = deps.em();
    const project = await loadProject(em, ctx.params.projectId);
    const finalsOpen = originalsOpenTo(
      partiesOf(currentUser(ctx), project),
      await approvedVersionNumber(em, project.id),
    );
    const signDownload = (file: ProjectFile) =>
      getSignedUrl(
        deps.publicS3,
        new GetObjectCommand({
          Bucket: file.storageBucket,
          Key: file.storageKey,
          ...downloadHeaders(file.mimeType, file.filename, 'attachment'),
        }),
        { expiresIn: DOWNLOAD_URL_EXPIRY_SECONDS },
      );
    ctx.body = {
      files: await readProjectFiles(em, project.id, signDownload, (file) => file.fileType !== 'final' || finalsOpen),
    };
  });

  /** Opens an upload session for `fileType`: sources by the client, the final video by the editor while editing. */
  router.post('/upload-sessions', guard, async (ctx) => {
    const user = currentUser(ctx);
    const { fileType, note } = parseInput(ProjectUploadSessionSchema, ctx.request.body ?? {});
    const project = await loadProject(deps.em(), ctx.params.projectId);
    const refusal = projectUploadRefusal(fileType, partiesOf(user, project), project.status);
    if (refusal) throw new HttpError(403, refusal);
    ctx.status = 201;
    ctx.body = await deps.uploads.createSession(
      { userId: user.id },
      fileType === 'final' ? 'project_final' : 'project_source',
      project.id,
      fileType === 'final' ? note : undefined,
    );
  });

  /** The file's ready sheet: 404 for a file of another project or one without a sheet, 409 while not ready. */
  async function readySheet(projectId: string, rawFileId: string) {
    const fileId = FileId.safeParse(rawFileId);
    if (!fileId.success) throw new HttpError(404, CONTACT_SHEET_MESSAGES.fileNotFound);
    const file = await deps
      .em()
      .findOne(ProjectFile, { id: fileId.data, project: projectIdOf(projectId) }, { populate: ['project'] });
    if (!file) throw new HttpError(404, CONTACT_SHEET_MESSAGES.fileNotFound);
    const sheet = file.contactSheet;
    if (!sheet || sheet.status === 'none') throw new HttpError(404, CONTACT_SHEET_MESSAGES.noSheet);
    if (sheet.status === 'pending') throw new HttpError(409, CONTACT_SHEET_MESSAGES.pending);
    if (sheet.status === 'failed' || !sheet.frameRate || sheet.startFrame == null || !sheet.shots)
      throw new HttpError(409, sheet.error ?? CONTACT_SHEET_MESSAGES.failed);
    const record = { frameRate: sheet.frameRate, startFrame: sheet.startFrame, shots: sheet.shots };
    return { file, record, timings: shotTimings(record) };
  }

  /** The shots with their timecodes, durations and short-lived thumbnail links. */
  router.get('/files/:fileId/shots', guard, async (ctx) => {
    const { file, record, timings } = await readySheet(ctx.params.projectId, ctx.params.fileId);
    const body: ShotListView = {
      filename: file.filename,
      frameRate: record.frameRate,
      shots: await Promise.all(
        timings.map(async (timing, index) => ({
          ...timing,
          thumbnailUrl: await getSignedUrl(
            deps.publicS3,
            new GetObjectCommand({ Bucket: file.storageBucket, Key: record.shots[index]!.thumbnailKey }),
            { expiresIn: THUMBNAIL_URL_EXPIRY_SECONDS },
          ),
        })),
      ),
    };
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = body;
  });

  /** A sheet that failed (or whose start was lost) is made again: 202 with the file's pending sheet. */
  router.post('/files/:fileId/contact-sheet/retry', guard, async (ctx) => {
    const fileId = FileId.safeParse(ctx.params.fileId);
    if (!fileId.success) throw new HttpError(404, CONTACT_SHEET_MESSAGES.fileNotFound);
    const projectId = projectIdOf(ctx.params.projectId);
    ctx.status = 202;
    ctx.body = { contactSheet: await retryContactSheet(deps.em(), deps.contactSheets, projectId, fileId.data) };
  });

  router.get('/files/:fileId/contact-sheet.pdf', guard, async (ctx) => {
    const { file, record, timings } = await readySheet(ctx.params.projectId, ctx.params.fileId);
    const shots = await Promise.all(
      timings.map(async (timing, index) => {
        const object = await deps.s3
          .send(new GetObjectCommand({ Bucket: file.storageBucket, Key: record.shots[index]!.thumbnailKey }))
          .catch(() => null);
        const bytes = object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
        return { ...timing, thumbnail: bytes };
      }),
    );
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="planche-${downloadStem(file.filename)}.pdf"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await contactSheetPdf({ filename: file.filename, projectTitle: file.project.title, shots });
  });

  router.get('/files/:fileId/shots.csv', guard, async (ctx) => {
    const { file, timings } = await readySheet(ctx.params.projectId, ctx.params.fileId);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="plans-${downloadStem(file.filename)}.csv"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = shotsCsv(timings, thumbnailName);
  });

  return router;
}

const FileId = z.uuid();

/** The file's name without its extension, in the characters a Content-Disposition name keeps as is. */
function downloadStem(filename: string): string {
  return (
    filename
      .replace(/\.[^.]*$/, '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'rush'
  );
}
