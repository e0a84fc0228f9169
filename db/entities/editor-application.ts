import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { EDITOR_APPLICATION_STATUSES, PAYMENT_METHODS } from '../../domain/enums';
import { check, createdAt, sqlIndex, textList, timestamp, updatedAt, userId, uuidPk } from './columns';
import { UploadedFile } from './uploaded-file';

/**
 * An application sent from /recrutement (000 §3: the application record and its submission
 * payload). Anyone may apply; admins set the status freely and keep notes.
 */
export const EditorApplication = defineEntity({
  name: 'EditorApplication',
  tableName: 'editor_applications',
  properties: {
    id: uuidPk(),

    // — personal information
    firstName: p.text(),
    lastName: p.text(),
    /** Stored lower-cased. */
    email: p.text(),
    phone: p.text().nullable(),
    address: p.text().nullable(),
    /**
     * Column `profile_photo_file_id`: the photo uploaded with the application (payload
     * `profilePhoto`), in bucket `application-photos`; admins see it through a short-lived link.
     */
    profilePhoto: () => p.manyToOne(UploadedFile).fieldName('profile_photo_file_id').nullable().deleteRule('set null'),
    paymentMethod: p.enum([...PAYMENT_METHODS]).nullable(),

    // — skills
    complexityLevels: textList(),
    specialtyDomains: textList(),
    videoSpecialties: textList(),
    technicalCompetencies: textList(),
    softwareMastered: textList(),
    otherSoftware: p.text().nullable(),
    /** Copy of `specialtyDomains` (kept as the application record's `specialties`). */
    specialties: textList(),
    /** Fixed to French by the form. */
    languages: textList(),

    // — availability
    timezone: p.text().default('Europe/Paris'),
    /** French weekday names. */
    availabilityDays: textList(),
    /** 'HH:MM'. */
    availabilityStartTime: p.string().columnType('time(0)').nullable(),
    availabilityEndTime: p.string().columnType('time(0)').nullable(),
    /** Free-text periods. */
    unavailablePeriods: textList(),
    /** payload `availabilityHours`. */
    availabilityHoursPerWeek: p.integer().nullable(),

    // — presentation and experience
    experienceYears: p.integer().nullable(),
    experienceDescription: p.text().nullable(),
    /** numeric(8,2) read as a string. */
    hourlyRate: p.decimal().precision(8).scale(2).nullable(),
    motivation: p.text().nullable(),
    technicalSkills: p.text().nullable(),
    equipmentDescription: p.text().nullable(),
    portfolioLinks: textList(),

    // — preferences
    preferredClientTypes: textList(),
    preferredVideoGenres: textList(),

    // — consents (terms, privacy and contract are required; portfolio use is optional)
    acceptsTerms: p.boolean(),
    acceptsPrivacy: p.boolean(),
    acceptsContract: p.boolean(),
    authorizesPortfolioUse: p.boolean().default(false),

    // — review
    status: p.enum([...EDITOR_APPLICATION_STATUSES]).default('pending'),
    adminNotes: p.text().nullable(),
    /** Keycloak user id of the admin who last changed the status or notes. */
    reviewedBy: userId().nullable(),
    /** The reviewer's name (or e-mail) as the Recrutement tab shows it. */
    reviewedByName: p.text().nullable(),
    reviewedAt: timestamp(),
    /** When the applicant was invited as an editor. */
    invitedAt: timestamp(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    check('editor_applications', 'availability_hours_per_week', 'availability_hours_per_week >= 0'),
    check('editor_applications', 'experience_years', 'experience_years >= 0'),
    check('editor_applications', 'hourly_rate', 'hourly_rate >= 0'),
    check('editor_applications', 'accepts_terms', 'accepts_terms = true'),
    check('editor_applications', 'accepts_privacy', 'accepts_privacy = true'),
    check('editor_applications', 'accepts_contract', 'accepts_contract = true'),
  ],
  indexes: [
    sqlIndex('editor_applications', 'editor_applications_created_at_index', '"created_at" desc'),
    { name: 'editor_applications_email_index', properties: ['email'] },
  ],
});
export type EditorApplication = InferEntity<typeof EditorApplication>;
