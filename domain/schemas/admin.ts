/**
 * What the admin may send to `/api/admin/*` (000 §2, §5, §8): zod schemas with French messages,
 * shared by the page and the api.
 */
import { z } from 'zod';
import { ADMIN_MESSAGES, APPLICATION_NOTES_MAX, AUDIT_ACTIONS, MANAGED_ROLES, SYSTEM_TEST_KINDS } from '../admin';
import { todayIn } from '../delivery';
import { EDITOR_APPLICATION_STATUSES, PROJECT_STATUSES } from '../enums';
import { ADMIN_CHANGE_MESSAGES } from '../project-rules';
import { isCalendarDate } from './fields';

/** Markup in a free text: a tag (`<b>`, `</p>`, `<!--`), never a lone "<" ("< 5 min"). */
const HTML_TAG = /<\/?[a-z!][^>]*>/i;

/** A trimmed free text of at most `max` characters, without HTML tags. */
function plainText(label: string, max: number) {
  return z
    .string({ error: `« ${label} » doit être un texte.` })
    .trim()
    .max(max, `« ${label} » est trop long (${max.toLocaleString('fr-FR')} caractères maximum).`)
    .refine((text) => !HTML_TAG.test(text), `« ${label} » ne doit pas contenir de balises HTML.`);
}

/** A required e-mail (000 §5 'Veuillez saisir un email'), trimmed and lower-cased. */
const emailField = z
  .string({ error: ADMIN_MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, ADMIN_MESSAGES.emailRequired)
  .max(254, ADMIN_MESSAGES.emailTooLong)
  .pipe(z.email({ error: ADMIN_MESSAGES.emailInvalid }));

const page = z.coerce
  .number({ error: 'Page invalide.' })
  .int('Page invalide.')
  .min(1, 'Page invalide.')
  .max(100_000, 'Page invalide.')
  .default(1);
const pageSize = z.coerce
  .number({ error: 'Taille de page invalide.' })
  .int('Taille de page invalide.')
  .min(1, 'Taille de page invalide.')
  .max(100, 'Taille de page invalide (100 au plus).')
  .default(20);

/** `?flag=true|false`, absent = false. */
const queryFlag = (label: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `« ${label} » doit valoir true ou false.` })
    .optional()
    .transform((value) => value === 'true' || value === '1');

/** An optional choice in a query (`?status=`): empty means none, anything else must be one of `values`. */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.enum(values, { error: message }).optional());

/** An optional query filter: empty means none. */
const optionalFilter = (label: string, max: number) =>
  plainText(label, max)
    .optional()
    .transform((value) => (value ? value : undefined));

// ——— Projets ———

export const ProjectListQuerySchema = z.object({
  page,
  pageSize,
  status: optionalChoice(PROJECT_STATUSES, 'Statut inconnu.'),
  editorId: optionalFilter('Monteur', 200),
  clientEmail: optionalFilter('Email du client', 254).transform((value) => value?.toLowerCase()),
  videoType: optionalFilter('Type de vidéo', 80),
  overdue: queryFlag('En retard'),
  waiting: queryFlag('En attente de monteur'),
  q: optionalFilter('Recherche', 200),
});
export type ProjectListQuery = z.output<typeof ProjectListQuerySchema>;

export const AssignEditorSchema = z.object(
  { editorId: z.string({ error: 'Choisissez un monteur.' }).trim().min(1, 'Choisissez un monteur.').max(200) },
  { error: 'Choisissez un monteur.' },
);

/** The most revisions an admin adds at once. */
export const ADDED_REVISIONS_MAX = 10;

/**
 * A new planned delivery date, `YYYY-MM-DD` (a date input's value), from tomorrow (Paris) on.
 * Stored at noon UTC like every planned delivery date.
 */
export const ChangeDeadlineSchema = z.object(
  {
    deliveryDate: z
      .string({ error: 'Choisissez une date de livraison.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choisissez une date de livraison.')
      .refine(isCalendarDate, 'Cette date n’existe pas.')
      .refine((date) => date > todayIn(), ADMIN_CHANGE_MESSAGES.deadlineNotFuture),
  },
  { error: 'Choisissez une date de livraison.' },
);

export const AddRevisionsSchema = z.object(
  {
    count: z
      .number({ error: 'Indiquez un nombre de révisions.' })
      .int('Indiquez un nombre entier de révisions.')
      .min(1, 'Ajoutez au moins une révision.')
      .max(ADDED_REVISIONS_MAX, `On ajoute au plus ${ADDED_REVISIONS_MAX} révisions à la fois.`),
  },
  { error: 'Indiquez un nombre de révisions.' },
);

export const CancelProjectSchema = z.object(
  { reason: plainText('Motif', 1000).optional() },
  { error: 'Le motif doit être un texte.' },
);

// ——— Utilisateurs ———

export const UserListQuerySchema = z.object({ page, pageSize, q: optionalFilter('Recherche', 200) });

export const InviteEditorSchema = z.object(
  {
    email: emailField,
    firstName: plainText('Prénom', 100).optional(),
    lastName: plainText('Nom', 100).optional(),
  },
  { error: ADMIN_MESSAGES.emailRequired },
);
export type InviteEditorInput = z.input<typeof InviteEditorSchema>;

export const RoleChangeSchema = z.object(
  {
    email: emailField,
    role: z.enum(MANAGED_ROLES, { error: ADMIN_MESSAGES.roleUnknown }),
  },
  { error: ADMIN_MESSAGES.emailRequired },
);

// ——— Recrutement ———

export const ApplicationListQuerySchema = z.object({
  page,
  pageSize,
  status: optionalChoice(EDITOR_APPLICATION_STATUSES, 'Statut inconnu.'),
});

export const ApplicationUpdateSchema = z
  .strictObject(
    {
      status: z.enum(EDITOR_APPLICATION_STATUSES, { error: 'Statut inconnu.' }).optional(),
      adminNotes: plainText('Notes', APPLICATION_NOTES_MAX).nullable().optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Seuls le statut et les notes se modifient.'
          : ADMIN_MESSAGES.applicationUpdateEmpty,
    },
  )
  .refine(
    (input) => input.status !== undefined || input.adminNotes !== undefined,
    ADMIN_MESSAGES.applicationUpdateEmpty,
  );
export type ApplicationUpdateInput = z.input<typeof ApplicationUpdateSchema>;

// ——— Briefs ———

export const BriefListQuerySchema = z.object({
  page,
  pageSize,
  status: optionalChoice(['pending_payment', 'paid', 'expired', 'cancelled'], 'Statut inconnu.'),
  attention: queryFlag('À traiter'),
  q: optionalFilter('Recherche', 200),
});

// ——— Audit log ———
export const AuditQuerySchema = z.object({
  page,
  pageSize,
  action: optionalChoice(AUDIT_ACTIONS, 'Action inconnue.'),
});

// ——— /test ———
export const SystemTestSchema = z.object(
  { kind: z.enum(SYSTEM_TEST_KINDS, { error: 'Test inconnu : assignment ou workflow.' }) },
  { error: 'Test inconnu : assignment ou workflow.' },
);
