/**
 * La règle des révisions (docs/review.md): a project allows up to `maxRevisions` revision requests,
 * each asked within `revisionWindowDays` days of its latest delivery (the window restarts when a
 * revision is delivered, the client's approval closes it), within the initial brief. Both numbers
 * are the admin settings (defaults in `SETTING_DEFAULTS`); a project keeps the quota it was created
 * with. Every page (through i18next), e-mail, notice and the workflow state the rule from here.
 */
import type { AppSettings } from './settings';

export type RevisionRule = Pick<AppSettings, 'maxRevisions' | 'revisionWindowDays'>;

/**
 * The rule's French words, in i18next's form: the front end's `revisionTerms`, and the server's
 * sentences below. A number never ends a line apart from its noun (no-break spaces).
 */
export const REVISION_RULE_TEXTS = {
  revisions_one: 'Une révision',
  revisions_other: 'Jusqu’à {{count}}\u00a0révisions',
  days_one: '{{count}}\u00a0jour',
  days_other: '{{count}}\u00a0jours',
  sentence: '{{revisions}} pendant {{days}} après chaque livraison, dans le cadre du brief initial',
  sentenceNone: 'Aucune révision incluse après la livraison',
} as const;

/** French plural categories, as i18next picks `_one` / `_other` (0 and 1 are singular in French). */
const frenchPlural = new Intl.PluralRules('fr');

function counted(word: 'revisions' | 'days', count: number): string {
  const form = frenchPlural.select(count) === 'one' ? 'one' : 'other';
  return REVISION_RULE_TEXTS[`${word}_${form}`].replace('{{count}}', String(count));
}

/** Whether the rule lets a client ask for any revision: none with a zero quota or a window that closes at delivery. */
export function revisionsOffered(rule: RevisionRule): boolean {
  return rule.maxRevisions > 0 && rule.revisionWindowDays > 0;
}

/** The rule in one sentence, as the pages say it: « Jusqu’à 3 révisions pendant 3 jours après chaque livraison, … ». */
export function revisionRuleSentence(rule: RevisionRule): string {
  if (!revisionsOffered(rule)) return REVISION_RULE_TEXTS.sentenceNone;
  return REVISION_RULE_TEXTS.sentence
    .replace('{{revisions}}', counted('revisions', rule.maxRevisions))
    .replace('{{days}}', counted('days', rule.revisionWindowDays));
}

/** The revisions a project's quota still allows: its `maxRevisions` less those already asked. */
export function revisionsLeft(project: { revisionCount: number; maxRevisions: number }): number {
  return Math.max(0, project.maxRevisions - project.revisionCount);
}

/**
 * What a delivery tells the client about its quota: « Vous pouvez demander jusqu’à 2 révisions
 * pendant 3 jours. » (`by`: « pendant 3 jours », « d’ici le 9 décembre 2026 »), or that none is left.
 */
export function revisionsLeftSentence(left: number, by: string): string {
  if (left === 0) return 'Vous avez utilisé toutes les révisions prévues pour ce projet.';
  const revisions = counted('revisions', left);
  return `Vous pouvez demander ${revisions.charAt(0).toLowerCase()}${revisions.slice(1)} ${by}.`;
}

/** « 3 jours »: the revision window, inside a sentence. */
export function revisionWindowPhrase(days: number): string {
  return counted('days', days);
}
