import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DOWNLOAD_URL_EXPIRY_SECONDS, projectUploadRefusal } from '../../domain/projects';
import { ProjectUploadSessionSchema } from '../../domain/schemas/project';
import type { ProjectFile } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, requireProjectAccess } from '../middleware/auth';
import { loadProject, loadProjectParties, partiesOf, readProjectFiles } from '../projects/project-reads';
import { approvedVersionNumber, originalsOpenTo } from './version-reads';
import { downloadHeaders } from '../uploads/content-sniffer';
import type { UploadService } from '../uploads/upload-service';

export interface ProjectFileRouteDeps {
  em: () => EntityManager;
  /** Signs the download links browsers follow (the public endpoint). */
  publicS3: S3Client;
  uploads: UploadService;
}

/**
 * The project's files (000 §2 Files tab): the list with short-lived download links, and upload
 * sessions for the client's sources and the editor's final video. Uploads then go through the
 * shared upload routes; a completed file becomes a `project_files` row there.
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

  return router;
}
