import type { S3Client } from '@aws-sdk/client-s3';
import Router from '@koa/router';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import { projectEvent, type OutboxEntry } from '../../domain/events';
import type { ProjectParty } from '../../domain/project-lifecycle';
import { QC_MESSAGES } from '../../domain/delivery-qc';
import { REVIEW_MESSAGES } from '../../domain/review';
import { CommentInputSchema } from '../../domain/schemas/review';
import { ProjectVersion, VersionComment } from '../../db/entities';
import { appendEvents } from '../../db/outbox';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { currentUser, displayName, requireProjectAccess } from '../middleware/auth';
import { loadProject, loadProjectParties, partiesOf, projectIdOf } from '../projects/project-reads';
import type { PreviewWorkflowClient } from './preview-workflow-client';
import {
  loadVersion,
  mediaOf,
  originalLink,
  readComment,
  readComments,
  readVersionAnalysis,
  readVersions,
  versionNumberOf,
} from '../projects/version-reads';

export interface ProjectReviewRouteDeps {
  em: () => EntityManager;
  /** Signs the preview and original links browsers follow (the public endpoint). */
  publicS3: S3Client;
  previews: PreviewWorkflowClient;
}

/** The part a comment is signed with: the project's editor, else its client, else admin. */
function authorRole(parties: readonly ProjectParty[]): 'editor' | 'client' | 'admin' {
  if (parties.includes('editor')) return 'editor';
  if (parties.includes('client')) return 'client';
  return 'admin';
}

function commentEvent(
  projectId: string,
  versionNumber: number,
  commentId: string,
  change: 'created' | 'resolved' | 'reopened',
): OutboxEntry {
  return projectEvent({ type: 'project.comment', projectId, versionNumber, commentId, change });
}

/**
 * The review studio's routes (000 §2 project page, delivery side), for the project's client, its
 * editor and admins (others: 403, unknown project: 404, like every project route):
 *
 * - `GET …/versions` → `{ versions: VersionView[] }` newest first, each with its preview link;
 * - `GET …/versions/{n}/original` → `OriginalLinkView` (403 for the client before an approval);
 * - `POST …/versions/{n}/preview/retry` (editor, admin) → `202 { version }`;
 * - `GET|POST …/versions/{n}/comments`, `POST …/comments/{commentId}/resolve|reopen`.
 *
 * Every change commits with its `project.comment` / `project.version` event.
 */
export function projectReviewRoutes(deps: ProjectReviewRouteDeps): Router {
  const router = new Router({ prefix: '/api/projects/:projectId' });
  const guard = requireProjectAccess((projectId) => loadProjectParties(deps.em(), projectId));

  async function callerParts(ctx: Context, em: EntityManager) {
    const user = currentUser(ctx);
    const project = await loadProject(em, ctx.params.projectId);
    return { user, project, parties: partiesOf(user, project) };
  }

  router.get('/versions', guard, async (ctx) => {
    const em = deps.em();
    const { project, parties } = await callerParts(ctx, em);
    ctx.body = { versions: await readVersions(em, project.id, parties, deps.publicS3) };
  });

  router.get('/versions/:n', guard, async (ctx) => {
    const em = deps.em();
    const { project, parties } = await callerParts(ctx, em);
    const number = versionNumberOf(ctx.params.n);
    const version = (await readVersions(em, project.id, parties, deps.publicS3)).find((v) => v.number === number);
    if (!version) throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
    ctx.body = { version };
  });

  /** The original's short-lived link: editor and admins always, the client once a version is approved. */
  router.get('/versions/:n/original', guard, async (ctx) => {
    const em = deps.em();
    const { project, parties } = await callerParts(ctx, em);
    const version = await loadVersion(em, project.id, versionNumberOf(ctx.params.n));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = await originalLink(em, version, parties, deps.publicS3);
  });

  /** The delivery QC, scene cuts and waveform; the client sees the report once the editor shared it. */
  router.get('/versions/:n/analysis', guard, async (ctx) => {
    const em = deps.em();
    const { project, parties } = await callerParts(ctx, em);
    const version = await loadVersion(em, project.id, versionNumberOf(ctx.params.n));
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = readVersionAnalysis(version, parties);
  });

  /** The editor (or an admin) shows the QC report to the client; sharing it again changes nothing. */
  router.post('/versions/:n/analysis/share', guard, async (ctx) => {
    const em = deps.em();
    const { project, parties } = await callerParts(ctx, em);
    if (!parties.includes('editor') && !parties.includes('admin')) throw new HttpError(403, QC_MESSAGES.shareForbidden);
    const number = versionNumberOf(ctx.params.n);
    const { id } = await loadVersion(em, project.id, number);
    const version = await em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(ProjectVersion, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (row.analysisStatus === 'unavailable') throw new HttpError(409, QC_MESSAGES.notAnalysed);
      if (row.analysisStatus !== 'ready') throw new HttpError(409, QC_MESSAGES.notReady);
      if (row.qcSharedAt) return row;
      row.qcSharedAt = new Date();
      await appendEvents(tx, () => [
        projectEvent({
          type: 'project.version',
          projectId: project.id,
          versionNumber: row.number,
          previewStatus: row.previewStatus,
          progress: row.previewProgress,
        }),
      ]);
      return row;
    });
    ctx.body = readVersionAnalysis(version, parties);
  });

  /** A failed (or never started) preview is made again; the run's progress follows on the stream. */
  router.post('/versions/:n/preview/retry', guard, async (ctx) => {
    const em = deps.em();
    const { project, parties } = await callerParts(ctx, em);
    if (!parties.includes('editor') && !parties.includes('admin'))
      throw new HttpError(403, REVIEW_MESSAGES.previewRetryForbidden);
    const number = versionNumberOf(ctx.params.n);
    const { id, previewStatus } = await loadVersion(em, project.id, number);
    // A failed run has recorded its reason and is ending: let it close before starting the next.
    if (previewStatus === 'failed' && (await deps.previews.running(id))) await deps.previews.settle(id);
    await em.transactional(async (tx) => {
      const version = await tx.findOneOrFail(ProjectVersion, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (version.previewStatus === 'ready') throw new HttpError(409, REVIEW_MESSAGES.previewAlreadyReady);
      if (version.previewStatus === 'processing' && (await deps.previews.running(version.id)))
        throw new HttpError(409, REVIEW_MESSAGES.previewAlreadyRunning);
      version.previewStatus = 'processing';
      version.previewProgress = 0;
      version.previewError = null;
      await appendEvents(tx, () => [
        projectEvent({
          type: 'project.version',
          projectId: project.id,
          versionNumber: version.number,
          previewStatus: 'processing',
          progress: 0,
        }),
      ]);
      // Started before the commit: when the start is refused, the reset rolls back.
      await deps.previews.start(version.id);
    });
    ctx.status = 202;
    ctx.body = {
      version: (await readVersions(deps.em(), project.id, parties, deps.publicS3)).find((v) => v.number === number),
    };
  });

  router.get('/versions/:n/comments', guard, async (ctx) => {
    const em = deps.em();
    const projectId = projectIdOf(ctx.params.projectId);
    const version = await loadVersion(em, projectId, versionNumberOf(ctx.params.n));
    ctx.body = { comments: await readComments(em, version) };
  });

  /** A comment at a frame or a range (with an optional drawing), or a reply to a thread. */
  router.post('/versions/:n/comments', guard, async (ctx) => {
    const em = deps.em();
    const { user, project, parties } = await callerParts(ctx, em);
    const version = await loadVersion(em, project.id, versionNumberOf(ctx.params.n));
    const input = parseInput(CommentInputSchema, ctx.request.body ?? {});
    let position: Pick<VersionComment, 'frameIn' | 'frameOut' | 'rateNum' | 'rateDen'> = {
      frameIn: null,
      frameOut: null,
      rateNum: null,
      rateDen: null,
    };
    if (input.parentId) {
      const parent = await em.findOne(VersionComment, { id: input.parentId, version: version.id });
      if (!parent) throw new HttpError(404, REVIEW_MESSAGES.commentNotFound);
      if (parent.parentId) throw new HttpError(400, REVIEW_MESSAGES.replyToReply);
    } else {
      const media = mediaOf(version);
      if (!media) throw new HttpError(409, REVIEW_MESSAGES.previewNotReady);
      const fields: Record<string, string> = {};
      if (input.frameIn! >= media.frameCount) fields.frameIn = REVIEW_MESSAGES.frameOutOfRange;
      if (input.frameOut !== undefined && input.frameOut >= media.frameCount)
        fields.frameOut = REVIEW_MESSAGES.frameOutOfRange;
      if (Object.keys(fields).length > 0) throw new HttpError(400, REVIEW_MESSAGES.frameOutOfRange, fields);
      position = {
        frameIn: input.frameIn!,
        frameOut: input.frameOut ?? null,
        rateNum: media.frameRate.num,
        rateDen: media.frameRate.den,
      };
    }
    const comment = await em.transactional(async (tx) => {
      const created = tx.create(VersionComment, {
        project: project.id,
        version: version.id,
        parentId: input.parentId ?? null,
        authorId: user.id,
        authorName: displayName(user),
        authorRole: authorRole(parties),
        body: input.body,
        ...position,
        drawing: input.drawing ?? null,
      });
      await appendEvents(tx, () => [commentEvent(project.id, version.number, created.id, 'created')]);
      return created;
    });
    ctx.status = 201;
    ctx.body = { comment: await readComment(deps.em(), comment, version.number) };
  });

  /**
   * Resolve (the editor's checklist, or the client withdrawing a remark) or reopen a thread.
   * Resolving also resolves the open copies carried from it to later versions.
   */
  for (const change of ['resolve', 'reopen'] as const) {
    router.post(`/versions/:n/comments/:commentId/${change}`, guard, async (ctx) => {
      const em = deps.em();
      const { user, project } = await callerParts(ctx, em);
      const version = await loadVersion(em, project.id, versionNumberOf(ctx.params.n));
      const commentId = ctx.params.commentId;
      const comment = await em.transactional(async (tx) => {
        const found = /^[0-9a-f-]{36}$/i.test(commentId)
          ? await tx.findOne(
              VersionComment,
              { id: commentId, version: version.id },
              { lockMode: LockMode.PESSIMISTIC_WRITE },
            )
          : null;
        if (!found) throw new HttpError(404, REVIEW_MESSAGES.commentNotFound);
        if (found.parentId) throw new HttpError(400, REVIEW_MESSAGES.resolveReply);
        const events: OutboxEntry[] = [];
        const target = change === 'resolve' ? 'resolved' : 'open';
        const apply = (row: VersionComment, versionNumber: number) => {
          if (row.status === target) return;
          row.status = target;
          row.resolvedAt = target === 'resolved' ? new Date() : null;
          row.resolvedBy = target === 'resolved' ? user.id : null;
          row.resolvedByName = target === 'resolved' ? displayName(user) : null;
          events.push(commentEvent(project.id, versionNumber, row.id, target === 'resolved' ? 'resolved' : 'reopened'));
        };
        apply(found, version.number);
        if (change === 'resolve') {
          // The copies carried to later versions are the same remark: resolved with it.
          for (let sources = [found.id]; sources.length > 0;) {
            const copies = await tx.find(
              VersionComment,
              { carriedFromId: { $in: sources }, project: project.id },
              { populate: ['version'] },
            );
            copies.forEach((copy) => apply(copy, copy.version.number));
            sources = copies.map((copy) => copy.id);
          }
        }
        await appendEvents(tx, () => events);
        return found;
      });
      ctx.body = { comment: await readComment(deps.em(), comment, version.number) };
    });
  }

  return router;
}
