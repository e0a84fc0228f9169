/**
 * The estimate input, validated the same way in the browser forms and by `POST /api/estimate`.
 * Messages are French and name the field, as the api returns them per field.
 */
import { z } from 'zod';
import {
  ESTIMATE_CURRENCIES,
  FEATURE_LABELS,
  FEATURES,
  SERVICE_CATEGORIES,
  VISUAL_COMPLEXITIES,
  WIZARD_SUBTITLE_TYPES,
  type EstimateInput,
  type Feature,
} from '../pricing';

/**
 * Upper bounds that keep an estimate meaningful (a brief of more than 10,000 minutes of rushes
 * is a custom quote anyway); the simulator's own narrower limits are `SIMULATOR_LIMITS`.
 */
const ESTIMATE_LIMITS = {
  rushMinutes: 10_000,
  finalMinutes: 1_000,
  extraFormats: 10,
} as const;

function minutes(label: string, max: number) {
  return z
    .number({ error: `${label} doit être un nombre de minutes.` })
    .refine(Number.isFinite, { error: `${label} doit être un nombre de minutes.` })
    .gt(0, { error: `${label} doit être supérieure à 0 minute.` })
    .max(max, { error: `${label} ne peut pas dépasser ${max.toLocaleString('fr-FR')} minutes.` });
}

function flag(label: string) {
  return z.boolean({ error: `L’option « ${label} » doit valoir vrai ou faux.` }).optional();
}

const featuresSchema = z.strictObject(
  Object.fromEntries(FEATURES.map((feature) => [feature, flag(FEATURE_LABELS[feature])])) as Record<
    Feature,
    ReturnType<typeof flag>
  >,
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Option inconnue : ${issue.keys.join(', ')}.`
        : 'Les options doivent être un objet.',
  },
);

export const estimateInputSchema = z.object(
  {
    serviceCategory: z.enum(SERVICE_CATEGORIES, { error: 'Catégorie de service inconnue.' }).optional(),
    visualComplexity: z.enum(VISUAL_COMPLEXITIES, {
      error: 'Choisissez une complexité visuelle : professional, premium, expert ou cinematic.',
    }),
    rushMinutes: minutes('La durée des rushs', ESTIMATE_LIMITS.rushMinutes).optional(),
    finalMinutes: minutes('La durée finale', ESTIMATE_LIMITS.finalMinutes).optional(),
    currency: z.enum(ESTIMATE_CURRENCIES, { error: 'La devise doit être eur ou usd.' }),
    features: featuresSchema.default({}),
    express: z.boolean({ error: 'La livraison express doit valoir vrai ou faux.' }).optional(),
    flatExtras: z
      .object(
        {
          extraFormats: z
            .number({ error: 'Le nombre de formats supplémentaires doit être un nombre.' })
            .int({ error: 'Le nombre de formats supplémentaires doit être un entier.' })
            .min(0, { error: 'Le nombre de formats supplémentaires ne peut pas être négatif.' })
            .max(ESTIMATE_LIMITS.extraFormats, {
              error: `Le nombre de formats supplémentaires ne peut pas dépasser ${ESTIMATE_LIMITS.extraFormats}.`,
            })
            .optional(),
          express48h: z.boolean({ error: 'L’option express 48 h doit valoir vrai ou faux.' }).optional(),
          subtitles: z
            .enum(WIZARD_SUBTITLE_TYPES, { error: 'Le type de sous-titres doit être none, full ou key_points.' })
            .optional(),
        },
        { error: 'Les suppléments doivent être un objet.' },
      )
      .optional(),
  },
  { error: 'La demande d’estimation doit être un objet JSON.' },
);

/** Fails to compile if the schema's output and the engine's input drift apart. */
type EstimateSchemaMatchesEngine = z.output<typeof estimateInputSchema> extends EstimateInput ? true : never;
const schemaMatchesEngine: EstimateSchemaMatchesEngine = true;
void schemaMatchesEngine;
