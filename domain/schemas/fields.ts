/**
 * Field builders shared by the forms' zod schemas (briefs, recruitment, contact): French messages,
 * blank text read as absent, numbers typed in a form, option lists of domain/.
 */
import { z } from 'zod';
import { optionValues, type BriefOption } from '../brief-options';

const TEXT_MAX = 5_000;
export const SHORT_TEXT_MAX = 500;

/** `YYYY-MM-DD` names a day the calendar has (not 2026-02-30). */
export function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

export function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return value;
}

/** Optional free text; blank is absent. */
export function optionalText(label: string, max = TEXT_MAX) {
  return z
    .preprocess(
      blankToUndefined,
      z
        .string({ error: `« ${label} » doit être un texte.` })
        .max(max, { error: `« ${label} » ne peut pas dépasser ${max} caractères.` })
        .optional(),
    )
    .optional();
}

export function requiredEmail(missing: string) {
  return z.preprocess(
    (value) =>
      typeof blankToUndefined(value) === 'string'
        ? (blankToUndefined(value) as string).toLowerCase()
        : blankToUndefined(value),
    z
      .email({
        error: (issue) => (issue.input === undefined ? missing : 'Veuillez saisir une adresse e-mail valide.'),
      })
      .max(320, { error: 'Veuillez saisir une adresse e-mail valide.' }),
  );
}

/** A number typed in a form ('2,5' or 2.5); blank is absent. */
export function numberInput(inner: z.ZodNumber | z.ZodOptional<z.ZodNumber>) {
  return z.preprocess((value) => {
    const blank = blankToUndefined(value);
    if (typeof blank === 'string') return Number(blank.replace(',', '.'));
    return blank;
  }, inner);
}

export function oneOf<Value extends string>(list: readonly BriefOption<Value>[], label: string) {
  return z.enum(optionValues(list), { error: `Choix invalide pour « ${label} ».` });
}

export function optionalOneOf<Value extends string>(list: readonly BriefOption<Value>[], label: string) {
  return z.preprocess(blankToUndefined, oneOf(list, label).optional()).optional();
}

export function manyOf<Value extends string>(list: readonly BriefOption<Value>[], label: string) {
  return z
    .array(oneOf(list, label), { error: `« ${label} » doit être une liste.` })
    .max(list.length, { error: `« ${label} » contient trop d’éléments.` })
    .transform((values) => [...new Set(values)])
    .optional()
    .transform((values) => values ?? []);
}

export function flag(label: string) {
  return z
    .boolean({ error: `« ${label} » doit valoir vrai ou faux.` })
    .optional()
    .transform((value) => value ?? false);
}

/** Required free text (trimmed); blank reads as missing. */
export function requiredText(missing: string, label: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: (issue) => (issue.input === undefined ? missing : `« ${label} » doit être un texte.`) })
      .max(max, { error: `« ${label} » ne peut pas dépasser ${max} caractères.` }),
  );
}

/**
 * A list of free texts: each trimmed, blank ones dropped, then at most `maxItems` of at most
 * `max` characters.
 */
export function textList(label: string, maxItems: number, max: number) {
  return z
    .array(z.string({ error: `« ${label} » doit être une liste de textes.` }), {
      error: `« ${label} » doit être une liste de textes.`,
    })
    .max(maxItems * 4, { error: `« ${label} » contient trop d’éléments (${maxItems} maximum).` })
    .optional()
    .transform((values) => (values ?? []).map((value) => value.trim()).filter(Boolean))
    .pipe(
      z
        .array(z.string().max(max, { error: `Chaque élément de « ${label} » fait au plus ${max} caractères.` }))
        .max(maxItems, { error: `« ${label} » contient trop d’éléments (${maxItems} maximum).` }),
    );
}
