import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { VersionAnalysisView } from '../../domain/delivery-qc';
import type { ProjectParty } from '../../domain/project-lifecycle';
import {
  REVIEW_LINK_EXPIRY_SECONDS,
  REVIEW_MESSAGES,
  type CommentView,
  type OriginalLinkView,
  type VersionMedia,
  type VersionView,
} from '../../domain/review';
import { ProjectVersion, VersionComment } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import { downloadHeaders } from '../uploads/content-sniffer';

/**
 * Read side of the review studio: versions with their previews and counters, comment threads,
 * the original's link and the approved version (the open client question is read with the
 * project page, api/projects/project-reads.ts). Routes parse, check the caller's part, call one
 * of these, and answer.
 */

/** `{n}` of a path: an integer ≥ 1, else no version has that number (404). */
export function versionNumberOf(raw: string | undefined): number {
  const number = Number(raw);
  if (!raw || !/^\d{1,9}$/.test(raw) || !Number.isSafeInteger(number) || number < 1)
    throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
  return number;
}

/** The project's version `number`, or 404 'Version introuvable'. */
export async function loadVersion(em: EntityManager, projectId: string, number: number): Promise<ProjectVersion> {
  const version = await em.findOne(ProjectVersion, { project: projectId, number }, { populate: ['projectFile'] });
  if (!version) throw new HttpError(404, REVIEW_MESSAGES.versionNotFound);
  return version;
}

/** The number of the approved version of the project, if any. */
export async function approvedVersionNumber(em: EntityManager, projectId: string): Promise<number | null> {
  const approved = await em.findOne(
    ProjectVersion,
    { project: projectId, approvedAt: { $ne: null } },
    { orderBy: { number: 'desc' }, fields: ['number'] },
  );
  return approved?.number ?? null;
}

/**
 * Whether `parties` may download the originals of the final video: the editor and admins always,
 * the client once a version of the project is approved (until then, watermarked previews only).
 */
export function originalsOpenTo(parties: readonly ProjectParty[], approved: number | null): boolean {
  return parties.includes('editor') || parties.includes('admin') || (parties.includes('client') && approved !== null);
}

export function mediaOf(version: Omit<ProjectVersion, 'waveform' | 'sceneCuts'>): VersionMedia | null {
  if (version.frameRateNum == null || version.frameRateDen == null || version.frameCount == null) return null;
  return {
    frameRate: { num: version.frameRateNum, den: version.frameRateDen },
    frameCount: version.frameCount,
    durationSeconds: version.durationSeconds ?? 0,
    width: version.width ?? 0,
    height: version.height ?? 0,
    startFrame: version.startFrame ?? 0,
    hasOwnTimecode: version.hasOwnTimecode,
  };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Presigned GET on the public endpoint, valid `REVIEW_LINK_EXPIRY_SECONDS`. */
function sign(publicS3: S3Client, bucket: string, key: string, extra: Partial<GetObjectCommand['input']> = {}) {
  return getSignedUrl(publicS3, new GetObjectCommand({ Bucket: bucket, Key: key, ...extra }), {
    expiresIn: REVIEW_LINK_EXPIRY_SECONDS,
  });
}

/** The project's versions, newest first, as `parties` see them. */
export async function readVersions(
  em: EntityManager,
  projectId: string,
  parties: readonly ProjectParty[],
  publicS3: S3Client,
): Promise<VersionView[]> {
  const versions = await em.find(
    ProjectVersion,
    { project: projectId },
    // The waveform and the cuts are the studio's, read per version (readVersionAnalysis).
    { orderBy: { number: 'desc' }, exclude: ['waveform', 'sceneCuts'] },
  );
  const counts = new Map<string, { open: number; resolved: number }>();
  if (versions.length > 0) {
    // A comment carried to a later version is that version's to count: the same remark, not two.
    const rows: { version_id: string; status: 'open' | 'resolved'; n: string }[] = await em.execute(
      `select c."version_id", c."status", count(*) as n from "version_comments" c
        where c."project_id" = ? and c."parent_id" is null
          and not exists (select 1 from "version_comments" later where later."carried_from_id" = c."id")
        group by c."version_id", c."status"`,
      [projectId],
    );
    for (const row of rows) {
      const entry = counts.get(row.version_id) ?? { open: 0, resolved: 0 };
      entry[row.status] = Number(row.n);
      counts.set(row.version_id, entry);
    }
  }
  const approved = versions.find((version) => version.approvedAt)?.number ?? null;
  const originals = originalsOpenTo(parties, approved);
  return Promise.all(
    versions.map(async (version) => {
      const ready = version.previewStatus === 'ready' && version.previewKey && version.previewBucket;
      return {
        id: version.id,
        number: version.number,
        note: version.note ?? null,
        filename: version.filename,
        createdAt: version.createdAt.toISOString(),
        preview: {
          status: version.previewStatus,
          progress: version.previewProgress,
          error: version.previewError ?? null,
          url: ready ? await sign(publicS3, version.previewBucket!, version.previewKey!) : null,
        },
        media: mediaOf(version),
        comments: counts.get(version.id) ?? { open: 0, resolved: 0 },
        approvedAt: iso(version.approvedAt),
        originalAvailable: originals,
        analysis: {
          status: version.analysisStatus,
          warnings: qcVisibleTo(parties, version) ? (version.qcReport?.warnings ?? null) : null,
          qcShared: version.qcSharedAt != null,
        },
      } satisfies VersionView;
    }),
  );
}

/** The editor and admins see the QC report as soon as it is made; the client once the editor shared it. */
function qcVisibleTo(parties: readonly ProjectParty[], version: Pick<ProjectVersion, 'qcSharedAt'>): boolean {
  return parties.includes('editor') || parties.includes('admin') || version.qcSharedAt != null;
}

/** The version's QC report (as `parties` may see it), scene cuts and waveform. */
export function readVersionAnalysis(version: ProjectVersion, parties: readonly ProjectParty[]): VersionAnalysisView {
  const ready = version.analysisStatus === 'ready';
  return {
    status: version.analysisStatus,
    qc: ready && qcVisibleTo(parties, version) ? (version.qcReport ?? null) : null,
    qcShared: version.qcSharedAt != null,
    sceneCuts: ready ? (version.sceneCuts ?? []) : [],
    waveform: ready ? (version.waveform ?? null) : null,
  };
}

/** The original's short-lived download link, or 403 'Les fichiers originaux sont disponibles…' before approval. */
export async function originalLink(
  em: EntityManager,
  version: ProjectVersion,
  parties: readonly ProjectParty[],
  publicS3: S3Client,
  now: () => number = Date.now,
): Promise<OriginalLinkView> {
  if (!originalsOpenTo(parties, await approvedVersionNumber(em, version.project.id)))
    throw new HttpError(403, REVIEW_MESSAGES.originalLocked);
  const file = version.projectFile;
  return {
    url: await sign(publicS3, file.storageBucket, file.storageKey, {
      ...downloadHeaders(file.mimeType, file.filename, 'attachment'),
    }),
    filename: file.filename,
    expiresAt: new Date(now() + REVIEW_LINK_EXPIRY_SECONDS * 1000).toISOString(),
  };
}

function toView(comment: VersionComment, versionNumber: number): CommentView {
  return {
    id: comment.id,
    versionNumber,
    parentId: comment.parentId ?? null,
    author: { id: comment.authorId, name: comment.authorName, role: comment.authorRole },
    body: comment.body,
    frameIn: comment.frameIn ?? null,
    frameOut: comment.frameOut ?? null,
    frameRate:
      comment.rateNum != null && comment.rateDen != null ? { num: comment.rateNum, den: comment.rateDen } : null,
    drawing: comment.drawing ?? null,
    status: comment.status,
    resolvedAt: iso(comment.resolvedAt),
    resolvedByName: comment.resolvedByName ?? null,
    carriedFrom:
      comment.carriedFromId && comment.carriedFromVersionNumber != null
        ? { versionNumber: comment.carriedFromVersionNumber, commentId: comment.carriedFromId }
        : null,
    revisionNumber: comment.revisionNumber ?? null,
    createdAt: comment.createdAt.toISOString(),
    replies: [],
  };
}

/** One comment with its replies, oldest first. */
export async function readComment(em: EntityManager, comment: VersionComment, versionNumber: number) {
  const view = toView(comment, versionNumber);
  if (comment.parentId === null || comment.parentId === undefined) {
    const replies = await em.find(
      VersionComment,
      { parentId: comment.id },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    view.replies = replies.map((reply) => toView(reply, versionNumber));
  }
  return view;
}

/** The version's threads: top-level comments by frame then creation, each with its replies oldest first. */
export async function readComments(em: EntityManager, version: ProjectVersion): Promise<CommentView[]> {
  const rows = await em.find(VersionComment, { version: version.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const threads = rows.filter((row) => !row.parentId).map((row) => toView(row, version.number));
  const byId = new Map(threads.map((thread) => [thread.id, thread]));
  for (const row of rows) if (row.parentId) byId.get(row.parentId)?.replies.push(toView(row, version.number));
  return threads.sort((a, b) => (a.frameIn ?? 0) - (b.frameIn ?? 0) || a.createdAt.localeCompare(b.createdAt));
}
