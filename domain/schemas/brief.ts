/**
 * The two brief payloads (001 §3.1 full form in camelCase, §3.2 wizard in snake_case), validated
 * the same way by the browser forms (react-hook-form's zod resolver) and by `POST /api/briefs`.
 * Messages are French; the spec's toast texts are in `BRIEF_MESSAGES`. Prices sent by the browser
 * (`total_price`, `estimated_editing_hours`, `pricingEstimate`) are read for the record only: the
 * server recomputes the estimate.
 */
import { z } from 'zod';
import { BRIEF_ADDRESS_MESSAGES, CONFIRMATION_TOKEN_PATTERN } from '../address-confirmation';
import { formatList, fullFormEstimateInput, quoteFullFormBrief, quoteWizardBrief } from '../brief-estimate';
import {
  ASPECT_RATIOS,
  BRIEF_CURRENCIES,
  DISTRIBUTION_PLATFORMS,
  EXPECTED_DELIVERABLES,
  FULL_OBJECTIVES,
  FULL_RUSH_QUALITIES,
  FULL_VIDEO_TYPES,
  MUSIC_OPTIONS,
  optionValues,
  OUTPUT_FORMATS,
  REFERENCE_VIDEO_SLOTS,
  RESOLUTIONS,
  RHYTHMS,
  RUSH_TYPES,
  SERVICE_CATEGORY_OPTIONS,
  SPECIAL_FEATURES,
  SUBTITLES_OPTIONS,
  TECHNICAL_REQUIREMENTS,
  VISUAL_COMPLEXITY_OPTIONS,
  VISUAL_STYLES,
  WIZARD_DEADLINES,
  WIZARD_DELIVERY_FORMATS,
  WIZARD_EDITING_STYLES,
  WIZARD_FILE_COUNTS,
  WIZARD_LANGUAGES,
  WIZARD_OBJECTIVES,
  WIZARD_RUSH_QUALITIES,
  WIZARD_SUBTITLE_OPTIONS,
  WIZARD_VIDEO_TYPES,
} from '../brief-options';
import { checkDesiredDeliveryDate } from '../delivery';
import { pluralForm } from '../format';
import {
  blankToUndefined,
  flag,
  isCalendarDate,
  manyOf,
  numberInput,
  oneOf,
  optionalOneOf,
  optionalText,
  requiredEmail,
  SHORT_TEXT_MAX,
} from './fields';
import { deriveServiceCategory } from '../pricing';

/** The spec's toasts (001 §4.2, §5.1, §5.3, §8.3, §8.4), word for word. */
export const BRIEF_MESSAGES = {
  requiredTitle: 'Champs requis',
  wizardBasicsMissing: 'Veuillez remplir les informations de base',
  errorTitle: 'Erreur',
  wizardRequired: 'Veuillez remplir tous les champs obligatoires',
  fullRequiredTitle: 'Champs requis manquants',
  fullRequired: 'Veuillez renseigner tous les champs obligatoires et confirmer les droits.',
  rushDurationTitle: 'Durée des rushs invalide',
  rushDuration: 'Veuillez indiquer une durée de rushs valide en minutes.',
  deliveryDateTitle: 'Date de livraison impossible',
  submitErrorTitle: "Erreur lors de l'envoi",
  submitError: 'Une erreur est survenue. Veuillez réessayer.',
  submitted: 'Brief envoyé avec succès !',
} as const;

/** `2026-12-03` → `jeudi 3 décembre 2026`. */
export function frenchDate(isoDate: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** '1 jour ouvré', '3 jours ouvrés' (French counts 0 and 1 in the singular), with the plain space of the api's messages. */
export function frenchWorkingDays(count: number): string {
  return `${count} ${pluralForm(count, { one: 'jour ouvré', other: 'jours ouvrés' })}`;
}

/** The 'Date de livraison impossible' text: the minimum in working days and the first possible date. */
export function deliveryDateMessage(minimumWorkingDays: number, earliestDate: string): string {
  return `Pour ce type de projet et cette complexité, le délai minimum est de ${frenchWorkingDays(minimumWorkingDays)}. Première date possible : ${frenchDate(earliestDate)}.`;
}

/** Why express is refused where the estimate offers none (`expressDeliveryWorkingDays` null). */
export function expressUnavailableMessage(deliveryWorkingDays: number): string {
  return `La livraison express n’est pas proposée pour ce projet : son délai de ${frenchWorkingDays(deliveryWorkingDays)} est déjà le minimum pour ce type de projet et cette complexité.`;
}

const uploadSessionId = z
  .preprocess(blankToUndefined, z.uuid({ error: 'Session de téléversement invalide.' }).optional())
  .optional();

/** What the browser displayed; kept for support, never charged. */
const declaredAmount = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined),
  z.number().optional(),
);

// ——— wizard (001 §3.2) ———

export const FINAL_DURATION_LIMITS = { min: 0.5, step: 0.5, max: 600 } as const;
const RUSH_DURATION_MAX_MINUTES = 10_000;
const FILE_LINKS_MAX = 20;

const wizardBriefObject = z.object({
  email: requiredEmail('L’adresse e-mail est obligatoire.'),
  video_type: z.preprocess(
    blankToUndefined,
    z.enum(optionValues(WIZARD_VIDEO_TYPES), {
      error: (issue) => (issue.input === undefined ? 'Le type de vidéo est obligatoire.' : 'Type de vidéo inconnu.'),
    }),
  ),
  video_type_custom: optionalText('Autre type de vidéo', SHORT_TEXT_MAX),
  objective: optionalOneOf(WIZARD_OBJECTIVES, 'Objectif'),
  objective_custom: optionalText('Autre objectif', SHORT_TEXT_MAX),
  final_duration: numberInput(
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? 'La durée finale est obligatoire.'
            : 'La durée finale doit être un nombre de minutes.',
      })
      .min(FINAL_DURATION_LIMITS.min, { error: 'La durée finale doit être d’au moins 0,5 minute.' })
      .max(FINAL_DURATION_LIMITS.max, {
        error: `La durée finale ne peut pas dépasser ${FINAL_DURATION_LIMITS.max} minutes.`,
      })
      .multipleOf(FINAL_DURATION_LIMITS.step, { error: 'La durée finale se choisit par pas de 0,5 minute.' }),
  ),
  total_rush_duration: numberInput(
    z
      .number({ error: 'La durée des rushs doit être un nombre de minutes.' })
      .gt(0, { error: 'La durée des rushs doit être supérieure à 0.' })
      .max(RUSH_DURATION_MAX_MINUTES, {
        error: `La durée des rushs ne peut pas dépasser ${RUSH_DURATION_MAX_MINUTES} minutes.`,
      })
      .optional(),
  ).optional(),
  number_of_files: optionalOneOf(WIZARD_FILE_COUNTS, 'Nombre de fichiers'),
  rush_content: optionalText('Contenu des rushs'),
  rush_quality: optionalOneOf(WIZARD_RUSH_QUALITIES, 'Qualité des rushs'),
  visual_complexity: optionalOneOf(VISUAL_COMPLEXITY_OPTIONS, 'Complexité visuelle').transform(
    (value) => value ?? 'professional',
  ),
  editing_style: optionalOneOf(WIZARD_EDITING_STYLES, 'Style de montage'),
  custom_editing_style: optionalText('Style personnalisé'),
  /** Comma-joined in the spec's payload; a list is accepted too. */
  delivery_formats: z.preprocess(
    (value) => (value === undefined || value === null ? [] : typeof value === 'string' ? formatList(value) : value),
    z
      .array(oneOf(WIZARD_DELIVERY_FORMATS, 'Formats de livraison'), {
        error: '« Formats de livraison » doit être une liste.',
      })
      .transform((values) => [...new Set(values)]),
  ),
  deadline: optionalOneOf(WIZARD_DEADLINES, 'Délai').transform((value) => value ?? 'standard'),
  creative_brief: optionalText('Brief créatif'),
  constraints: optionalText('Contraintes'),
  language: optionalOneOf(WIZARD_LANGUAGES, 'Langue').transform((value) => value ?? 'fr'),
  currency: optionalOneOf(BRIEF_CURRENCIES, 'Devise').transform((value) => value ?? 'eur'),
  needs_subtitles: flag('Sous-titres'),
  subtitle_type: optionalOneOf(WIZARD_SUBTITLE_OPTIONS, 'Type de sous-titres').transform((value) => value ?? 'full'),
  file_links: z
    .array(z.url({ protocol: /^https?$/, error: 'Chaque lien doit être une adresse web complète (https://…).' }), {
      error: '« Liens vers les fichiers » doit être une liste.',
    })
    .max(FILE_LINKS_MAX, { error: `Au plus ${FILE_LINKS_MAX} liens.` })
    .optional()
    .transform((links) => links ?? []),
  upload_session_id: uploadSessionId,
  estimated_editing_hours: declaredAmount,
  total_price: declaredAmount,
});

/**
 * The wizard's payload; express only where the estimate offers it (never under the category
 * minimum), checked on an otherwise valid brief, whose estimate means something.
 */
export const wizardBriefSchema = wizardBriefObject.superRefine(
  (brief, context) => {
    if (brief.deadline !== 'express') return;
    const { estimate } = quoteWizardBrief(brief);
    if (estimate.expressDeliveryWorkingDays === null) {
      context.addIssue({
        code: 'custom',
        path: ['deadline'],
        message: expressUnavailableMessage(estimate.deliveryWorkingDays),
      });
    }
  },
  { when: (payload) => payload.issues.length === 0 },
);

export type WizardBriefPayload = z.input<typeof wizardBriefSchema>;
export type WizardBrief = z.output<typeof wizardBriefSchema>;

/** Fields the wizard checks before leaving step 1 (001 §4.2). */
export const WIZARD_STEP1_REQUIRED = ['email', 'video_type', 'final_duration'] as const;

// ——— full form (001 §3.1) ———

const RIGHTS_MESSAGES = {
  confirmRushesRights: 'Vous devez confirmer disposer des droits d’utilisation des fichiers fournis.',
  confirmMusicRights: 'Vous devez confirmer que la musique est libre de droits ou sous licence.',
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A box the client must tick (a form starts it unticked, so the input type is any boolean). */
function requiredConfirmation(message: string) {
  return z.boolean({ error: message }).refine((ticked) => ticked, { error: message });
}

const fullBriefObject = z.object({
  clientEmail: requiredEmail('L’adresse e-mail est obligatoire.'),
  projectName: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Le nom du projet est obligatoire.' })
      .max(SHORT_TEXT_MAX, { error: `Le nom du projet ne peut pas dépasser ${SHORT_TEXT_MAX} caractères.` }),
  ),
  videoTypes: manyOf(FULL_VIDEO_TYPES, 'Types de vidéo'),
  videoTypeCustom: optionalText('Autre type de vidéo', SHORT_TEXT_MAX),
  mainObjective: optionalOneOf(FULL_OBJECTIVES, 'Objectif principal'),
  objectiveCustom: optionalText('Autre objectif', SHORT_TEXT_MAX),
  targetAudience: optionalText('Public cible'),

  serviceCategory: optionalOneOf(SERVICE_CATEGORY_OPTIONS, 'Catégorie de service'),
  visualComplexity: optionalOneOf(VISUAL_COMPLEXITY_OPTIONS, 'Complexité visuelle').transform(
    (value) => value ?? 'professional',
  ),
  technicalRequirements: manyOf(TECHNICAL_REQUIREMENTS, 'Compétences techniques'),
  specialFeatures: manyOf(SPECIAL_FEATURES, 'Fonctionnalités spéciales'),

  rushTypes: manyOf(RUSH_TYPES, 'Types de rushs'),
  totalRushDurationProvided: numberInput(
    z
      .number({ error: BRIEF_MESSAGES.rushDuration })
      .gt(0, { error: BRIEF_MESSAGES.rushDuration })
      .max(RUSH_DURATION_MAX_MINUTES, {
        error: `La durée des rushs ne peut pas dépasser ${RUSH_DURATION_MAX_MINUTES} minutes.`,
      }),
  ),
  rushQuality: optionalOneOf(FULL_RUSH_QUALITIES, 'Qualité des rushs'),
  downloadLink: optionalText('Lien de téléchargement', 2_000),
  additionalFiles: optionalText('Pièces jointes'),

  desiredFinalDuration: optionalText('Durée finale souhaitée', SHORT_TEXT_MAX),
  outputFormat: optionalOneOf(OUTPUT_FORMATS, 'Format de sortie'),
  resolution: optionalOneOf(RESOLUTIONS, 'Résolution'),
  aspectRatio: optionalOneOf(ASPECT_RATIOS, 'Ratio'),
  maxFileSize: optionalText('Taille maximale du fichier', SHORT_TEXT_MAX),
  distributionPlatforms: manyOf(DISTRIBUTION_PLATFORMS, 'Plateformes de diffusion'),

  visualStyle: optionalOneOf(VISUAL_STYLES, 'Style visuel'),
  rhythm: optionalOneOf(RHYTHMS, 'Rythme'),
  /** Only the filled-in entries are kept (001 §3.1). */
  referenceVideos: z
    .array(z.string({ error: 'Chaque vidéo de référence doit être un lien.' }).max(2_000), {
      error: '« Vidéos de référence » doit être une liste.',
    })
    .optional()
    .transform((links) => (links ?? []).map((link) => link.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string())
        .max(REFERENCE_VIDEO_SLOTS, { error: `Au plus ${REFERENCE_VIDEO_SLOTS} vidéos de référence.` }),
    ),
  colorPaletteAmbiance: optionalText('Palette de couleurs ou ambiance'),
  musicOption: optionalOneOf(MUSIC_OPTIONS, 'Musique'),

  mainLanguageBrief: optionalText('Langue principale', SHORT_TEXT_MAX),
  subtitlesNeeded: flag('Sous-titres'),
  subtitlesLanguage: optionalText('Langue des sous-titres', SHORT_TEXT_MAX),
  voiceoverNeeded: flag('Voix-off'),
  voiceoverLanguage: optionalText('Langue de la voix-off', SHORT_TEXT_MAX),
  voiceoverProvided: flag('Voix-off déjà fournie'),

  desiredDeliveryDate: z
    .preprocess(
      blankToUndefined,
      z.string().regex(ISO_DATE, { error: 'La date de livraison doit être une date valide.' }).optional(),
    )
    .optional(),
  numberOfVersions: numberInput(
    z
      .number({ error: 'Le nombre de versions doit être un nombre.' })
      .int({ error: 'Le nombre de versions doit être un nombre entier.' })
      .min(1, { error: 'Il faut au moins 1 version.' })
      .max(20, { error: 'Au plus 20 versions.' })
      .optional(),
  )
    .optional()
    .transform((value) => value ?? 1),
  expectedDeliverables: manyOf(EXPECTED_DELIVERABLES, 'Livrables attendus'),
  confirmRushesRights: requiredConfirmation(RIGHTS_MESSAGES.confirmRushesRights),
  confirmMusicRights: requiredConfirmation(RIGHTS_MESSAGES.confirmMusicRights),

  pricingEstimate: declaredAmount,
  uploadSessionId,

  // Legacy fields (001 §3.1), still accepted and stored.
  videoType: optionalText('Type de vidéo', SHORT_TEXT_MAX),
  youtubeType: optionalText('Type YouTube', SHORT_TEXT_MAX),
  videoDuration: optionalText('Durée de la vidéo', SHORT_TEXT_MAX),
  language: optionalText('Langue', SHORT_TEXT_MAX),
  subtitlesOption: optionalOneOf(SUBTITLES_OPTIONS, 'Sous-titres'),
  expressDelivery: flag('Livraison express'),
  currency: optionalOneOf(BRIEF_CURRENCIES, 'Devise').transform((value) => value ?? 'eur'),
  sourceFiles: z.unknown().optional(),
  deliveryDestination: optionalText('Destination de livraison'),
  additionalNotes: optionalText('Notes complémentaires'),
});

/** Whether a date is a real calendar day (2026-02-30 is not). */
/**
 * The full form, with the delivery-date rule of 001 §5.1 checked against `today` (YYYY-MM-DD, the
 * agency's calendar day): a date before the first possible one names the minimum and that date.
 */
export function createFullBriefSchema(today: string) {
  return fullBriefObject.superRefine((brief, context) => {
    if (brief.expressDelivery) {
      const { estimate } = quoteFullFormBrief(brief);
      if (estimate.expressDeliveryWorkingDays === null) {
        context.addIssue({
          code: 'custom',
          path: ['expressDelivery'],
          message: expressUnavailableMessage(estimate.deliveryWorkingDays),
        });
      }
    }
    const desiredDate = brief.desiredDeliveryDate;
    if (!desiredDate) return;
    if (!isCalendarDate(desiredDate)) {
      context.addIssue({
        code: 'custom',
        path: ['desiredDeliveryDate'],
        message: 'La date de livraison doit être une date valide.',
      });
      return;
    }
    const input = fullFormEstimateInput(brief);
    const check = checkDesiredDeliveryDate({
      serviceCategory: input.serviceCategory ?? deriveServiceCategory(input.features),
      visualComplexity: input.visualComplexity,
      today,
      desiredDate,
    });
    if (!check.ok) {
      context.addIssue({
        code: 'custom',
        path: ['desiredDeliveryDate'],
        message: deliveryDateMessage(check.minimumWorkingDays, check.earliestDate),
      });
    }
  });
}

export type FullBriefPayload = z.input<typeof fullBriefObject>;
export type FullBrief = z.output<typeof fullBriefObject>;

/** Which funnel a payload comes from: the full form names the e-mail `clientEmail`, the wizard `email`. */
export function briefFunnelOf(payload: unknown): 'wizard' | 'full' {
  return typeof payload === 'object' && payload !== null && ('clientEmail' in payload || 'projectName' in payload)
    ? 'full'
    : 'wizard';
}

const FULL_REQUIRED_FIELDS = ['clientEmail', 'projectName', 'confirmRushesRights', 'confirmMusicRights'];

/**
 * The one-line message of a refused brief, from its field errors: the toast the form would have
 * shown (001 §5.1, §5.3), else the generic 'Certains champs sont invalides.'.
 */
export function briefErrorSummary(funnel: 'wizard' | 'full', fields: Record<string, string>, fallback: string): string {
  const failed = Object.keys(fields);
  if (funnel === 'wizard') {
    return failed.some((field) => (['email', 'video_type', 'final_duration'] as string[]).includes(field))
      ? BRIEF_MESSAGES.wizardRequired
      : fallback;
  }
  if (failed.some((field) => FULL_REQUIRED_FIELDS.includes(field))) return BRIEF_MESSAGES.fullRequired;
  if (failed.includes('totalRushDurationProvided')) return fields.totalRushDurationProvided;
  if (failed.includes('desiredDeliveryDate'))
    return `${BRIEF_MESSAGES.deliveryDateTitle} : ${fields.desiredDeliveryDate}`;
  return fallback;
}

/** `POST /api/briefs/address-confirmation`: the token of the receipt's link. */
export const briefAddressConfirmationSchema = z.object(
  {
    token: z
      .string({ error: BRIEF_ADDRESS_MESSAGES.linkInvalid })
      .regex(CONFIRMATION_TOKEN_PATTERN, { error: BRIEF_ADDRESS_MESSAGES.linkInvalid }),
  },
  { error: 'La confirmation doit être un objet JSON.' },
);
