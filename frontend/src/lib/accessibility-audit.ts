/**
 * The audit behind the accessibility statement: each of RGAA 4.1's 106 criteria, its result on the
 * sample of pages, and how it was checked. The statement's rate and tables are computed from it.
 *
 * - `axe`: the automated checks of `npm test` (axe-core on every page, role and state).
 * - `test`: a scripted journey of `npm test` (keyboard only, screen reader, 400 % zoom, reduced motion).
 * - `hand`: read and tried by a person on the sample.
 */
export type CriterionResult = 'C' | 'NC' | 'NA';
export type CheckMethod = 'axe' | 'test' | 'hand';

export interface AuditedCriterion {
  id: string;
  result: CriterionResult;
  checkedBy: readonly CheckMethod[];
}

/** RGAA 4.1's 13 themes, in order, with the number of criteria each holds (106 in all). */
export const RGAA_THEMES = [
  { theme: 1, fr: 'Images', en: 'Images', criteria: 9 },
  { theme: 2, fr: 'Cadres', en: 'Frames', criteria: 2 },
  { theme: 3, fr: 'Couleurs', en: 'Colours', criteria: 3 },
  { theme: 4, fr: 'Multimédia', en: 'Multimedia', criteria: 13 },
  { theme: 5, fr: 'Tableaux', en: 'Tables', criteria: 8 },
  { theme: 6, fr: 'Liens', en: 'Links', criteria: 2 },
  { theme: 7, fr: 'Scripts', en: 'Scripts', criteria: 5 },
  { theme: 8, fr: 'Éléments obligatoires', en: 'Mandatory elements', criteria: 10 },
  { theme: 9, fr: 'Structuration de l’information', en: 'Structure', criteria: 4 },
  { theme: 10, fr: 'Présentation de l’information', en: 'Presentation', criteria: 14 },
  { theme: 11, fr: 'Formulaires', en: 'Forms', criteria: 13 },
  { theme: 12, fr: 'Navigation', en: 'Navigation', criteria: 11 },
  { theme: 13, fr: 'Consultation', en: 'Consultation', criteria: 12 },
] as const;

const axe: readonly CheckMethod[] = ['axe'];
const axeAndHand: readonly CheckMethod[] = ['axe', 'hand'];
const scripted: readonly CheckMethod[] = ['test'];
const scriptedAndHand: readonly CheckMethod[] = ['test', 'hand'];
const hand: readonly CheckMethod[] = ['hand'];

/** Results that are not « C, checked by hand »: every other criterion is. */
const RESULTS: Record<string, Omit<AuditedCriterion, 'id'>> = {
  // Images: alternatives and decorative images are axe's rules; their relevance is read.
  '1.1': { result: 'C', checkedBy: axeAndHand },
  '1.2': { result: 'C', checkedBy: axeAndHand },
  '1.4': { result: 'NA', checkedBy: hand },
  '1.5': { result: 'C', checkedBy: scriptedAndHand },
  '1.6': { result: 'NA', checkedBy: hand },
  '1.7': { result: 'NA', checkedBy: hand },
  '1.8': { result: 'NA', checkedBy: hand },
  '1.9': { result: 'NA', checkedBy: hand },
  '2.1': { result: 'NA', checkedBy: axe },
  '2.2': { result: 'NA', checkedBy: hand },
  '3.1': { result: 'C', checkedBy: scriptedAndHand },
  '3.2': { result: 'C', checkedBy: axe },
  // Focus rings measured by the keyboard journeys; field borders (slate-500, 4.8:1) read.
  '3.3': { result: 'C', checkedBy: scriptedAndHand },
  // Multimedia: the only videos are the clients' rushes and their edits (see the exemptions);
  // the review player itself is checked.
  '4.1': { result: 'NA', checkedBy: hand },
  '4.2': { result: 'NA', checkedBy: hand },
  '4.3': { result: 'NA', checkedBy: hand },
  '4.4': { result: 'NA', checkedBy: hand },
  '4.5': { result: 'NA', checkedBy: hand },
  '4.6': { result: 'NA', checkedBy: hand },
  '4.8': { result: 'NA', checkedBy: hand },
  '4.9': { result: 'NA', checkedBy: hand },
  '4.10': { result: 'C', checkedBy: hand },
  '4.11': { result: 'C', checkedBy: scripted },
  '4.12': { result: 'NA', checkedBy: hand },
  '4.13': { result: 'C', checkedBy: axeAndHand },
  '5.1': { result: 'NA', checkedBy: hand },
  '5.2': { result: 'NA', checkedBy: hand },
  '5.3': { result: 'NA', checkedBy: hand },
  '5.4': { result: 'C', checkedBy: axeAndHand },
  '5.6': { result: 'C', checkedBy: axe },
  '5.7': { result: 'C', checkedBy: axe },
  '5.8': { result: 'C', checkedBy: axe },
  '6.1': { result: 'C', checkedBy: axeAndHand },
  '6.2': { result: 'C', checkedBy: axe },
  '7.1': { result: 'C', checkedBy: ['axe', 'test'] },
  '7.3': { result: 'C', checkedBy: scripted },
  '7.5': { result: 'C', checkedBy: scripted },
  '8.1': { result: 'C', checkedBy: axe },
  '8.2': { result: 'C', checkedBy: axe },
  '8.3': { result: 'C', checkedBy: axe },
  '8.4': { result: 'C', checkedBy: axe },
  '8.5': { result: 'C', checkedBy: axe },
  '8.7': { result: 'C', checkedBy: axeAndHand },
  '8.8': { result: 'C', checkedBy: axe },
  '8.10': { result: 'NA', checkedBy: hand },
  '9.1': { result: 'C', checkedBy: axeAndHand },
  '9.2': { result: 'C', checkedBy: axe },
  '9.3': { result: 'C', checkedBy: axe },
  '9.4': { result: 'NA', checkedBy: hand },
  '10.4': { result: 'C', checkedBy: scripted },
  '10.7': { result: 'C', checkedBy: scripted },
  '10.11': { result: 'C', checkedBy: scripted },
  '10.14': { result: 'C', checkedBy: scripted },
  '11.1': { result: 'C', checkedBy: axeAndHand },
  '11.10': { result: 'C', checkedBy: ['axe', 'test'] },
  '11.13': { result: 'C', checkedBy: axe },
  // The menus and the site map (« Plan du site », linked from every page's footer); no search.
  '12.5': { result: 'NA', checkedBy: hand },
  '12.6': { result: 'C', checkedBy: axe },
  '12.7': { result: 'C', checkedBy: scripted },
  '12.8': { result: 'C', checkedBy: scripted },
  '12.9': { result: 'C', checkedBy: scripted },
  '12.10': { result: 'C', checkedBy: scripted },
  '12.11': { result: 'C', checkedBy: scripted },
  // The invoices and credit notes are PDF/A-3 files without a tagged structure.
  '13.3': { result: 'NC', checkedBy: hand },
  '13.4': { result: 'NA', checkedBy: hand },
  '13.5': { result: 'NA', checkedBy: hand },
  '13.6': { result: 'NA', checkedBy: hand },
  '13.7': { result: 'NA', checkedBy: hand },
  '13.8': { result: 'C', checkedBy: scripted },
  '13.10': { result: 'C', checkedBy: scripted },
  '13.12': { result: 'NA', checkedBy: hand },
};

/** The 106 criteria, `theme.number`, each with its result. */
export const ACCESSIBILITY_AUDIT: readonly AuditedCriterion[] = RGAA_THEMES.flatMap(({ theme, criteria }) =>
  Array.from({ length: criteria }, (_, index) => {
    const id = `${theme}.${index + 1}`;
    return { id, ...(RESULTS[id] ?? { result: 'C' as const, checkedBy: hand }) };
  }),
);

/** The date the audit was made (ISO), which the statement gives. */
export const ACCESSIBILITY_AUDITED_AT = '2026-11-26';

/**
 * RGAA's conformance rate: conformant criteria over applicable ones (C / (C + NC)), as a whole
 * percentage rounded down, so that the statement never rounds up to a level not reached.
 */
export function conformanceRate(audit: readonly AuditedCriterion[]): number {
  const conformant = audit.filter((criterion) => criterion.result === 'C').length;
  const applicable = audit.filter((criterion) => criterion.result !== 'NA').length;
  return applicable === 0 ? 100 : Math.floor((conformant / applicable) * 100);
}

type ConformanceLevel = 'full' | 'partial' | 'none';

/** RGAA's three levels: « totalement » at 100 %, « partiellement » from 50 %, « non conforme » below. */
function conformanceLevel(rate: number): ConformanceLevel {
  if (rate === 100) return 'full';
  return rate >= 50 ? 'partial' : 'none';
}

/** The words RGAA gives each level, which the statement and every page's footer print. */
export const CONFORMANCE_LEVEL_NAMES: Record<'fr' | 'en', Record<ConformanceLevel, string>> = {
  fr: { full: 'totalement conforme', partial: 'partiellement conforme', none: 'non conforme' },
  en: { full: 'fully compliant', partial: 'partially compliant', none: 'not compliant' },
};

/** The site's level, from the audit. */
export const SITE_CONFORMANCE_LEVEL = conformanceLevel(conformanceRate(ACCESSIBILITY_AUDIT));
