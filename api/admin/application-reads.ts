import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AdminApplicationView, Page } from '../../domain/admin';
import { EditorApplication } from '../../db/entities/editor-application';
import type { UploadedFile } from '../../db/entities/uploaded-file';
import { downloadHeaders } from '../uploads/content-sniffer';

/** How long an admin's link to an applicant's photo stays valid. */
export const PHOTO_LINK_SECONDS = 5 * 60;

export interface PhotoLinkDeps {
  /** Signs for the browser (public storage endpoint): the bucket itself is private. */
  publicS3: S3Client;
}

/** A short-lived link to the applicant's uploaded photo, shown inline in the admin's browser when it is an image. */
export function photoLink(photo: UploadedFile, deps: PhotoLinkDeps): Promise<string> {
  return getSignedUrl(
    deps.publicS3,
    new GetObjectCommand({
      Bucket: photo.bucket,
      Key: photo.storageKey,
      ...downloadHeaders(photo.mimeType, photo.name, 'inline'),
    }),
    { expiresIn: PHOTO_LINK_SECONDS },
  );
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
    photoUrl: application.profilePhoto ? await photoLink(application.profilePhoto, photos) : null,
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
    reviewedByName: application.reviewedByName ?? null,
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
    populate: ['profilePhoto'],
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
