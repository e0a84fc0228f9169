type Language = 'fr' | 'en';

const locale = (language: Language) => (language === 'en' ? 'en-GB' : 'fr-FR');

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** A day of the slot list (`YYYY-MM-DD`, Paris calendar): `lundi 8 décembre`. */
export function dayLabel(date: string, language: Language): string {
  return new Intl.DateTimeFormat(locale(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(noon(date));
}

/** The same day in two short parts for a narrow tab: `lun.` and `8 déc.`. */
export function shortDayLabel(date: string, language: Language): { weekday: string; date: string } {
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale(language), { ...options, timeZone: 'UTC' }).format(noon(date));
  return { weekday: format({ weekday: 'short' }), date: format({ day: 'numeric', month: 'short' }) };
}
