/**
 * Numbers, durations and counts as people read them, the same in the browser, the e-mails and the
 * PDFs: French decimal comma and no-break spaces, units always written, plurals from the language's
 * own rules (Intl.PluralRules, as i18next uses them: « 0 jour », « 1 jour », « 2 jours »).
 */

type Language = 'fr' | 'en';

const LOCALE: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

/** `value` with at most `fractionDigits` decimals: « 32,5 », « 1 234 ». */
export function formatDecimal(value: number, language: Language = 'fr', fractionDigits = 2): string {
  return value.toLocaleString(LOCALE[language], { maximumFractionDigits: fractionDigits });
}

/** Hours of work, to the tenth as the estimate shows them: « 56,9 h ». */
export function formatHours(hours: number, language: Language = 'fr'): string {
  return `${formatDecimal(hours, language, 1)}\u00a0h`;
}

/** A length in minutes: « 2 min », « 2,5 min ». */
export function formatMinutes(minutes: number, language: Language = 'fr'): string {
  return `${formatDecimal(minutes, language)}\u00a0min`;
}

/** A time of day: « 14 h 05 » in French, « 14:05 » in English; in `timeZone` when given, else the reader's. */
export function formatClockTime(date: Date, language: Language = 'fr', timeZone?: string): string {
  const time = new Intl.DateTimeFormat(LOCALE[language], { hour: '2-digit', minute: '2-digit', timeZone }).format(date);
  return language === 'fr' ? time.replace(':', '\u00a0h\u00a0') : time;
}

/** An hourly rate in euros: « 32,5 €/h ». */
export function formatHourlyRate(rate: number, language: Language = 'fr'): string {
  return `${formatDecimal(rate, language)}\u00a0€/h`;
}

type PluralForms = { one: string; other: string };

/** The word that agrees with `count`, by the language's own rule (French: 0 and 1 singular). */
export function pluralForm(count: number, forms: PluralForms, language: Language = 'fr'): string {
  return new Intl.PluralRules(LOCALE[language]).select(count) === 'one' ? forms.one : forms.other;
}

/** `count` and the word that agrees with it: « 1 jour ouvré », « 7 jours ouvrés ». */
export function formatCount(count: number, forms: PluralForms, language: Language = 'fr'): string {
  return `${formatDecimal(count, language)}\u00a0${pluralForm(count, forms, language)}`;
}

/** The minutes of a typed length (the full form's free text) when it is a bare number, else null. */
export function typedDurationMinutes(text: string | null | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  return /^\d+(?:[.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}

/** A typed length (the full form's free text): a bare number is minutes, anything else is kept as typed. */
export function typedDurationText(text: string | null | undefined, language: Language = 'fr'): string {
  const minutes = typedDurationMinutes(text);
  return minutes === null ? (text?.trim() ?? '') : formatMinutes(minutes, language);
}
