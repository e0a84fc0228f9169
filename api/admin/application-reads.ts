import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminApplicationView, Page } from '../../domain/admin';
import { EditorApplication } from '../../db/entities/editor-application';

/** How long the photo's link works. */
const PHOTO_LINK_SECONDS = 300;

export interface PhotoLinkDeps {
  /** Signs for the browser (public storage endpoint). */
  publicS3: S3Client;
  /** Storage endpoints whose URLs name our own objects (path style: `/<bucket>/<key>`). */
  storageOrigins: string[];
}

/**
 * The photo's address for the admin: an object of our storage (`s3://bucket/key`, or a URL on one
 * of our storage endpoints) gets a presigned link valid a few minutes; any other https address is
 * the applicant's own and is kept; anything else is dropped.
 */
async function photoLink(stored: string | null | undefined, deps: PhotoLinkDeps): Promise<string | null> {
  if (!stored) return null;
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return null;
  }
  let object: { bucket: string; key: string } | null = null;
  if (url.protocol === 's3:') object = { bucket: url.hostname, key: decodeURIComponent(url.pathname.slice(1)) };
  else if (deps.storageOrigins.includes(url.origin)) {
    const [bucket, ...key] = url.pathname.slice(1).split('/');
    if (bucket && key.length) object = { bucket, key: decodeURIComponent(key.join('/')) };
  }
  if (object) {
    return getSignedUrl(deps.publicS3, new GetObjectCommand({ Bucket: object.bucket, Key: object.key }), {
      expiresIn: PHOTO_LINK_SECONDS,
    });
  }
  return url.protocol === 'https:' ? url.toString() : null;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const hhmm = (time: string | null | undefined) => (time ? time.slice(0, 5) : null);

export async function toApplicationView(
  application: EditorApplication,
  photos: PhotoLinkDeps,
): Promise<AdminApplicationView> {
  return {
    id: application.id,
    createdAt: application.createdAt.toISOString(),
    firstName: application.firstName,
    lastName: application.lastName,
    email: application.email,
    phone: application.phone ?? null,
    address: application.address ?? null,
    photoUrl: await photoLink(application.profilePhotoUrl, photos).catch(() => null),
    paymentMethod: application.paymentMethod ?? null,
    complexityLevels: application.complexityLevels,
    specialtyDomains: application.specialtyDomains,
    videoSpecialties: application.videoSpecialties,
    technicalCompetencies: application.technicalCompetencies,
    softwareMastered: application.softwareMastered,
    otherSoftware: application.otherSoftware ?? null,
    languages: application.languages,
    timezone: application.timezone,
    availabilityDays: application.availabilityDays,
    availabilityStartTime: hhmm(application.availabilityStartTime),
    availabilityEndTime: hhmm(application.availabilityEndTime),
    unavailablePeriods: application.unavailablePeriods,
    availabilityHoursPerWeek: application.availabilityHoursPerWeek ?? null,
    experienceYears: application.experienceYears ?? null,
    experienceDescription: application.experienceDescription ?? null,
    hourlyRate: application.hourlyRate == null ? null : Number(application.hourlyRate),
    motivation: application.motivation ?? null,
    technicalSkills: application.technicalSkills ?? null,
    equipmentDescription: application.equipmentDescription ?? null,
    portfolioLinks: application.portfolioLinks,
    preferredClientTypes: application.preferredClientTypes,
    preferredVideoGenres: application.preferredVideoGenres,
    acceptsTerms: application.acceptsTerms,
    acceptsPrivacy: application.acceptsPrivacy,
    acceptsContract: application.acceptsContract,
    authorizesPortfolioUse: application.authorizesPortfolioUse,
    status: application.status,
    adminNotes: application.adminNotes ?? null,
    reviewedBy: application.reviewedBy ?? null,
    reviewedAt: iso(application.reviewedAt),
    invitedAt: iso(application.invitedAt),
  };
}

/** Admin › Recrutement: applications newest first (000 §7), a page at a time. */
export async function listApplications(
  em: EntityManager,
  query: { page: number; pageSize: number; status?: EditorApplication['status'] },
  photos: PhotoLinkDeps,
): Promise<Page<AdminApplicationView>> {
  const [rows, total] = await em.findAndCount(EditorApplication, query.status ? { status: query.status } : {}, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: await Promise.all(rows.map((row) => toApplicationView(row, photos))),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
