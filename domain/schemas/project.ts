/**
 * Inputs of the project routes and the editor profile (000 §5), validated the same way by the
 * browser forms and by the api. Messages are French.
 */
import { z } from 'zod';
import {
  EDITOR_COMPLEXITY_LEVELS,
  EDITOR_HOURLY_RATE_MIN,
  EDITOR_HOURLY_RATE_STEP,
  EDITOR_LANGUAGES,
  EDITOR_MAX_PROJECTS_MAX,
  EDITOR_MAX_PROJECTS_MIN,
  EDITOR_PROFILE_DEFAULTS,
  EDITOR_SPECIALTIES,
  EDITOR_TIMEZONES,
} from '../editor-profile';
import { EDITOR_PROFILE_STATUSES, PROJECT_FILE_TYPES } from '../enums';
import { CHAT_MESSAGE_MAX_LENGTH, PROJECT_MESSAGES, PROJECT_NOTIFICATIONS_FETCHED } from '../projects';
import { VERSION_NOTE_MAX_LENGTH } from '../review';

/** A chat message: non-empty once trimmed (000 §5). */
export const ProjectMessageInputSchema = z.object({
  content: z
    .string({ message: PROJECT_MESSAGES.messageEmpty })
    .trim()
    .min(1, PROJECT_MESSAGES.messageEmpty)
    .max(CHAT_MESSAGE_MAX_LENGTH, PROJECT_MESSAGES.messageTooLong),
});

/** The revision request's feedback: non-empty once trimmed (000 §5). */
export const RevisionRequestSchema = z.object({
  feedback: z
    .string({ message: PROJECT_MESSAGES.feedbackEmpty })
    .trim()
    .min(1, PROJECT_MESSAGES.feedbackEmpty)
    .max(5000, 'Le retour est trop long (5 000 caractères maximum).'),
});

export const ProjectNotificationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('Limite invalide.')
    .min(1, 'Limite invalide.')
    .max(20, 'Limite invalide (20 au plus).')
    .default(PROJECT_NOTIFICATIONS_FETCHED),
});

/** Whose projects `GET /api/projects/mine` lists: the caller's as a client (dashboard) or as an editor. */
export const MyProjectsQuerySchema = z.object({
  as: z.enum(['client', 'editor'], { message: 'Vue inconnue.' }).default('client'),
});

/**
 * Opens an upload session on the project page. A final session may carry the editor's note: each
 * final file completed in it becomes a version (v1, v2, …) with that note.
 */
export const ProjectUploadSessionSchema = z.object({
  fileType: z.enum(PROJECT_FILE_TYPES, { message: 'Type de fichier inconnu (source ou final).' }),
  note: z
    .string({ message: 'La note doit être un texte.' })
    .trim()
    .max(VERSION_NOTE_MAX_LENGTH, 'La note est trop longue (2 000 caractères maximum).')
    .optional()
    .transform((note) => (note ? note : undefined)),
});

const timeOfDay = (label: string) =>
  z
    .string({ message: `${label} : heure requise.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} : format HH:MM attendu.`);

const subsetOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .array(z.enum(values, { message }), { message })
    .default([])
    .transform((items) => [...new Set(items)]);

/**
 * The editor profile form (000 §3, §5, §9). Portfolio links are trimmed and empty rows dropped
 * before the URL check, so the form may keep one empty row.
 */
export const EditorProfileInputSchema = z
  .object({
    firstName: z
      .string({ message: 'Le prénom est requis.' })
      .trim()
      .min(1, 'Le prénom est requis.')
      .max(100, 'Prénom trop long.'),
    lastName: z
      .string({ message: 'Le nom est requis.' })
      .trim()
      .min(1, 'Le nom est requis.')
      .max(100, 'Nom trop long.'),
    specialties: subsetOf(EDITOR_SPECIALTIES, 'Spécialité inconnue.'),
    visualComplexityLevels: subsetOf(EDITOR_COMPLEXITY_LEVELS, 'Niveau de complexité inconnu.'),
    languages: subsetOf(EDITOR_LANGUAGES, 'Langue inconnue.'),
    timezone: z
      .enum(EDITOR_TIMEZONES.map((zone) => zone.value) as [string, ...string[]], { message: 'Fuseau horaire inconnu.' })
      .default(EDITOR_PROFILE_DEFAULTS.timezone),
    hourlyRate: z
      .number({ message: 'Le taux horaire doit être un nombre.' })
      .min(EDITOR_HOURLY_RATE_MIN, `Le taux horaire minimum est de ${EDITOR_HOURLY_RATE_MIN} €.`)
      .max(1000, 'Le taux horaire maximum est de 1 000 €.')
      .multipleOf(EDITOR_HOURLY_RATE_STEP, 'Le taux horaire se règle par pas de 0,5.')
      .default(EDITOR_PROFILE_DEFAULTS.hourlyRate),
    maxConcurrentProjects: z
      .number({ message: 'Le nombre de projets doit être un nombre.' })
      .int('Le nombre de projets doit être un entier.')
      .min(EDITOR_MAX_PROJECTS_MIN, `Au moins ${EDITOR_MAX_PROJECTS_MIN} projet simultané.`)
      .max(EDITOR_MAX_PROJECTS_MAX, `Au plus ${EDITOR_MAX_PROJECTS_MAX} projets simultanés.`)
      .default(EDITOR_PROFILE_DEFAULTS.maxConcurrentProjects),
    availabilityStart: timeOfDay('Début de disponibilité').default(EDITOR_PROFILE_DEFAULTS.availabilityStart),
    availabilityEnd: timeOfDay('Fin de disponibilité').default(EDITOR_PROFILE_DEFAULTS.availabilityEnd),
    status: z.enum(EDITOR_PROFILE_STATUSES, { message: 'Statut inconnu.' }).default(EDITOR_PROFILE_DEFAULTS.status),
    bio: z.string().trim().max(2000, 'La présentation est trop longue (2 000 caractères maximum).').default(''),
    portfolioLinks: z
      .array(z.string({ message: 'Lien invalide.' }), { message: 'Liens invalides.' })
      .default([])
      .transform((links) => links.map((link) => link.trim()).filter((link) => link.length > 0))
      .pipe(
        z
          .array(z.url({ message: 'Lien de portfolio invalide (https://…).', protocol: /^https?$/ }))
          .max(20, '20 liens au plus.'),
      ),
  })
  .refine((profile) => profile.availabilityStart < profile.availabilityEnd, {
    message: 'La fin de disponibilité doit suivre le début.',
    path: ['availabilityEnd'],
  });
export type EditorProfileInput = z.input<typeof EditorProfileInputSchema>;
type EditorProfileValues = z.output<typeof EditorProfileInputSchema>;

/** The profile as the editor space reads it. */
export interface EditorProfileView extends EditorProfileValues {
  currentProjectsCount: number;
  completedProjectsCount: number;
  updatedAt: string;
}
