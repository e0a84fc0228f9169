import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { carryFrame, REVIEW_MESSAGES, type FrameRate } from '../../domain/review';
import { MarkersQuerySchema } from '../../domain/schemas/review';
import { defaultStartFrame } from '../../domain/timecode';
import { Project, ProjectVersion, VersionComment } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';
import { requireProjectAccess } from '../middleware/auth';
import { loadProjectParties, projectIdOf } from '../projects/project-reads';
import { exportMarkers, type MarkerComment, type MarkerVersion } from '../review/markers';

export interface ReviewMarkerRouteDeps {
  em: () => EntityManager;
}

/** 409 while ffprobe has not measured the version: without its rate no frame has a timecode. */
const MARKERS_NOT_READY = 'Cette version n’a pas encore été analysée : ses marqueurs ne sont pas encore disponibles.';

/** `{n}` of the path: an integer ≥ 1, else no version has that number (404). */
function versionNumberOf(raw: string | undefined): number {
  const number = Number(raw);
  if (!raw || !/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(number) || number < 1)
    throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
  return number;
}

/**
 * The version and its positioned comments (threads with their replies, oldest first) as the marker
 * exports take them; null when the project has no version `number`. Frames stored at another rate
 * than the version's (never expected) are brought to the version's rate at the same instant.
 */
async function readMarkerSource(
  em: EntityManager,
  projectId: string,
  number: number,
): Promise<{ version: MarkerVersion; comments: MarkerComment[] } | null> {
  const row = await em.findOne(ProjectVersion, { project: projectId, number });
  if (!row) return null;
  if (row.frameRateNum == null || row.frameRateDen == null) throw new HttpError(409, MARKERS_NOT_READY);
  const project = await em.findOneOrFail(Project, { id: projectId }, { fields: ['title'] });
  const frameRate: FrameRate = { num: row.frameRateNum, den: row.frameRateDen };
  const version: MarkerVersion = {
    projectTitle: project.title,
    number: row.number,
    frameRate,
    startFrame: row.startFrame ?? defaultStartFrame(frameRate),
    frameCount: row.frameCount ?? 0,
    width: row.width ?? null,
    height: row.height ?? null,
  };
  const rows = await em.find(VersionComment, { version: row.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const clock = { frameRate, startFrame: 0, frameCount: Math.max(version.frameCount, 1) };
  const toVersionRate = (frame: number, comment: VersionComment) =>
    comment.rateNum == null ||
    comment.rateDen == null ||
    comment.rateNum * frameRate.den === frameRate.num * comment.rateDen
      ? frame
      : carryFrame(frame, { ...clock, frameRate: { num: comment.rateNum, den: comment.rateDen } }, clock);
  const replies = new Map<string, { authorName: string; body: string }[]>();
  for (const comment of rows) {
    if (comment.parentId == null) continue;
    const thread = replies.get(comment.parentId) ?? [];
    thread.push({ authorName: comment.authorName, body: comment.body });
    replies.set(comment.parentId, thread);
  }
  const comments = rows
    .filter((comment) => comment.parentId == null && comment.frameIn != null)
    .map((comment) => {
      const frameIn = toVersionRate(comment.frameIn ?? 0, comment);
      return {
        id: comment.id,
        authorName: comment.authorName,
        body: comment.body,
        frameIn,
        frameOut: comment.frameOut == null ? null : Math.max(frameIn, toVersionRate(comment.frameOut, comment)),
        status: comment.status,
        createdAt: comment.createdAt.toISOString(),
        replies: replies.get(comment.id) ?? [],
      };
    });
  return { version, comments };
}

/**
 * `GET /api/projects/{projectId}/versions/{n}/markers?format=premiere|resolve|fcpxml|avid|csv`:
 * the version's comments as markers for an editing application, downloaded as
 * `<project>-v<n>.<xml|edl|fcpxml|txt|csv>` (Resolve beyond 999 markers: a `.zip` of EDLs, see
 * api/review/markers). For the project's client, its editor and admins.
 */
export function reviewMarkerRoutes(deps: ReviewMarkerRouteDeps): Router {
  const router = new Router({ prefix: '/api/projects/:projectId' });
  const guard = requireProjectAccess((projectId) => loadProjectParties(deps.em(), projectId));

  router.get('/versions/:number/markers', guard, async (ctx) => {
    const { format } = parseInput(MarkersQuerySchema, ctx.query);
    const number = versionNumberOf(ctx.params.number);
    const source = await readMarkerSource(deps.em(), projectIdOf(ctx.params.projectId), number);
    if (!source) throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
    const download = exportMarkers(format, source.version, source.comments);
    ctx.type = download.contentType;
    ctx.set('Content-Disposition', `attachment; filename="${download.filename}"`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = download.body;
  });

  return router;
}
