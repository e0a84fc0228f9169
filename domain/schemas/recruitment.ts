/**
 * The editor application (000 §3 "Application submission payload"), as the api checks it and as
 * the form at /recrutement resolves its values, with French messages.
 */
import { z } from 'zod';
import { optionValues } from '../brief-options';
import {
  APPLICATION_LANGUAGES,
  APPLICATION_NUMBER_LIMITS,
  APPLICATION_PAYMENT_METHODS,
  APPLICATION_TIMEZONES,
  applicationPayload,
  CLIENT_TYPES,
  COMPLEXITY_LEVELS,
  DEFAULT_APPLICATION_TIMEZONE,
  PORTFOLIO_LINKS_MAX,
  RECRUITMENT_MESSAGES,
  SOFTWARE,
  SPECIALTY_DOMAINS,
  TECHNICAL_COMPETENCIES,
  UNAVAILABLE_PERIODS_MAX,
  VIDEO_GENRES,
  VIDEO_SPECIALTIES,
  WEEKDAYS,
  type EditorApplicationFormValues,
} from '../recruitment';
import {
  blankToUndefined,
  flag,
  manyOf,
  optionalOneOf,
  optionalText,
  requiredEmail,
  requiredText,
  textList,
} from './fields';

const NAME_MAX = 100;
const LONG_TEXT_MAX = 3_000;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

function optionalNumber(label: string, { min, max }: { min: number; max: number }, integer: boolean) {
  const base = z.number({ error: `« ${label} » doit être un nombre.` });
  return (integer ? base.int({ error: `« ${label} » doit être un nombre entier.` }) : base)
    .min(min, { error: `« ${label} » doit être au moins ${min}.` })
    .max(max, { error: `« ${label} » ne peut pas dépasser ${max}.` })
    .nullable()
    .optional()
    .transform((value) => value ?? null);
}

const optionalTime = (label: string) =>
  z
    .preprocess(
      blankToUndefined,
      z
        .string({ error: `« ${label} » doit être un texte.` })
        .regex(HH_MM, { error: RECRUITMENT_MESSAGES.invalidTime })
        .optional(),
    )
    .optional();

const consent = z
  .boolean({ error: RECRUITMENT_MESSAGES.consents })
  .refine((accepted) => accepted, { error: RECRUITMENT_MESSAGES.consents });

/**
 * `POST /api/editor-applications` (000 §3 "Application submission payload"). Numbers are numbers
 * or null; empty portfolio links and periods are dropped; `specialties` is the copy of
 * `specialtyDomains` and `languages` is French whatever the browser sends. The profile photo is an
 * upload session of area `application_photo`, proven by its secret (header `X-Upload-Session`).
 */
export const editorApplicationSchema = z
  .object(
    {
      email: requiredEmail(RECRUITMENT_MESSAGES.emailRequired),
      firstName: requiredText(RECRUITMENT_MESSAGES.firstNameRequired, 'Prénom', NAME_MAX),
      lastName: requiredText(RECRUITMENT_MESSAGES.lastNameRequired, 'Nom', NAME_MAX),
      phone: optionalText('Téléphone', 40),
      address: optionalText('Adresse', 300),
      profilePhotoSessionId: z
        .preprocess(blankToUndefined, z.uuid({ error: RECRUITMENT_MESSAGES.photoInvalid }).optional())
        .optional(),
      paymentMethod: optionalOneOf(APPLICATION_PAYMENT_METHODS, 'Moyen de paiement'),
      complexityLevels: manyOf(COMPLEXITY_LEVELS, 'Niveaux de complexité'),
      specialtyDomains: manyOf(SPECIALTY_DOMAINS, 'Domaines de spécialité'),
      videoSpecialties: manyOf(VIDEO_SPECIALTIES, 'Spécialités vidéo'),
      technicalCompetencies: manyOf(TECHNICAL_COMPETENCIES, 'Compétences techniques'),
      softwareMastered: manyOf(SOFTWARE, 'Logiciels maîtrisés'),
      otherSoftware: optionalText('Autres logiciels', 300),
      timezone: z
        .preprocess(
          blankToUndefined,
          z.enum(optionValues(APPLICATION_TIMEZONES), { error: 'Fuseau horaire inconnu.' }).optional(),
        )
        .optional()
        .transform((value) => value ?? DEFAULT_APPLICATION_TIMEZONE),
      availabilityDays: manyOf(WEEKDAYS, 'Jours de disponibilité'),
      availabilityStartTime: optionalTime('Début de journée'),
      availabilityEndTime: optionalTime('Fin de journée'),
      unavailablePeriods: textList('Périodes d’indisponibilité', UNAVAILABLE_PERIODS_MAX, 200),
      experienceDescription: optionalText('Votre expérience', LONG_TEXT_MAX),
      portfolioLinks: textList('Liens du portfolio', PORTFOLIO_LINKS_MAX, 500).pipe(
        z.array(z.url({ protocol: /^https?$/, error: RECRUITMENT_MESSAGES.invalidLink })),
      ),
      preferredClientTypes: manyOf(CLIENT_TYPES, 'Types de clients'),
      preferredVideoGenres: manyOf(VIDEO_GENRES, 'Genres de vidéos'),
      acceptsTerms: consent,
      acceptsPrivacy: consent,
      acceptsContract: consent,
      authorizesPortfolioUse: flag('Utilisation du portfolio'),
      experienceYears: optionalNumber('Années d’expérience', APPLICATION_NUMBER_LIMITS.experienceYears, true),
      hourlyRate: optionalNumber('Tarif horaire', APPLICATION_NUMBER_LIMITS.hourlyRate, false),
      availabilityHours: optionalNumber(
        'Heures disponibles par semaine',
        APPLICATION_NUMBER_LIMITS.availabilityHours,
        true,
      ),
      motivation: optionalText('Motivation', LONG_TEXT_MAX),
      technicalSkills: optionalText('Compétences techniques (détail)', LONG_TEXT_MAX),
      equipmentDescription: optionalText('Votre équipement', LONG_TEXT_MAX),
      /** Sent by the form as the copy of `specialtyDomains`; the server makes the copy itself. */
      specialties: z.unknown().optional(),
      /** Sent by the form as French; fixed by the server. */
      languages: z.unknown().optional(),
    },
    { error: 'La candidature doit être un objet JSON.' },
  )
  .refine(
    (application) =>
      !application.availabilityStartTime ||
      !application.availabilityEndTime ||
      application.availabilityEndTime > application.availabilityStartTime,
    { error: RECRUITMENT_MESSAGES.endBeforeStart, path: ['availabilityEndTime'] },
  )
  .transform(({ specialties: _specialties, languages: _languages, ...application }) => ({
    ...application,
    hourlyRate: application.hourlyRate === null ? null : Math.round(application.hourlyRate * 100) / 100,
    specialties: application.specialtyDomains,
    languages: [...APPLICATION_LANGUAGES],
  }));

export type EditorApplicationInput = z.output<typeof editorApplicationSchema>;

/** The form's resolver: the form's values become the payload, checked by the api's own schema. */
export const editorApplicationFormSchema = z
  .custom<EditorApplicationFormValues>()
  .transform((values) => applicationPayload(values) as z.input<typeof editorApplicationSchema>)
  .pipe(editorApplicationSchema);
