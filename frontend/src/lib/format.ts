import { formatDistanceToNow } from 'date-fns';
import { enGB, fr } from 'date-fns/locale';
import i18n from 'i18next';

/** Dates and amounts in the reader's language; French (fr-FR) unless English was chosen. */
function intlLocale(): string {
  return i18n.language === 'en' ? 'en-GB' : 'fr-FR';
}

/** The reader's time zone when the server draws their page; the browser's own otherwise. */
let renderTimeZone: string | undefined;
let renders: Promise<unknown> = Promise.resolve();

/**
 * Runs a server render with the dates written in `timeZone` (the reader's, as their browser will
 * write them when it takes the page over). Renders run one after another: the zone is the whole
 * render's.
 */
export function withTimeZone<T>(timeZone: string, render: () => Promise<T>): Promise<T> {
  const run = renders.then(async () => {
    renderTimeZone = timeZone;
    try {
      return await render();
    } finally {
      renderTimeZone = undefined;
    }
  });
  renders = run.catch(() => undefined);
  return run;
}

export function formatMoney(cents: number, currency = 'EUR'): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).format(cents / 100);
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: renderTimeZone,
  }).format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: renderTimeZone,
  }).format(new Date(iso));
}

/** "il y a 3 jours" / "3 days ago". */
export function formatRelative(iso: string): string {
  return formatDistanceToNow(new Date(iso), { addSuffix: true, locale: i18n.language === 'en' ? enGB : fr });
}

export function formatBytes(bytes: number): string {
  const units = ['o', 'Ko', 'Mo', 'Go', 'To'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString(intlLocale(), { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString(intlLocale(), { maximumFractionDigits: 2 });
}
