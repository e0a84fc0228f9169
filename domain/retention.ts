/**
 * How long the product keeps each kind of personal data: the privacy page's table is written from
 * these periods and the timers that enforce them read the same ones (docs/privacy.md maps each
 * line to its rule and its code).
 */
export interface RetentionPeriod {
  years?: number;
  months?: number;
  days?: number;
}

/** An account without activity this long is erased; its holder is warned by e-mail first. */
export const ACCOUNT_INACTIVITY: RetentionPeriod = { years: 3 };
export const ACCOUNT_INACTIVITY_WARNING: RetentionPeriod = { days: 30 };
/** A deletion request waits this long before the erasure, so the holder may still cancel it. */
export const DELETION_GRACE: RetentionPeriod = { days: 30 };
/** The link to a data export works this long (also the longest an S3 presigned URL may live). */
export const DATA_EXPORT_LINK: RetentionPeriod = { days: 7 };
/**
 * Invoices and credit notes, from the close of the financial year they were issued in (Code de
 * commerce, art. L123-22); billingDocumentWorkflow keeps each one that long.
 */
export const BILLING_RECORDS: RetentionPeriod = { years: 10 };
/** A project's files, from the delivery (the project workflow's FILE_RETENTION). */
export const PROJECT_FILES: RetentionPeriod = { years: 1 };
/** Technical logs (the journal's MaxRetentionSec in deploy/observability/journald). */
export const TECHNICAL_LOGS: RetentionPeriod = { months: 12 };
/** Contact messages and call bookings, from the last contact. */
export const CONTACT_REQUESTS: RetentionPeriod = { years: 3 };
/** Rejected editor applications, from the last contact (the rejection, or a later message). */
export const REJECTED_APPLICATIONS: RetentionPeriod = { years: 2 };

/** Records that are not accounts, each purged by its own timer when its period has run. */
const RECORD_RETENTION = {
  contact_message: CONTACT_REQUESTS,
  call_booking: CONTACT_REQUESTS,
  editor_application: REJECTED_APPLICATIONS,
} satisfies Record<string, RetentionPeriod>;
export type RetainedRecordKind = keyof typeof RECORD_RETENTION;

/** `from` (epoch ms) plus the period, on the UTC calendar (29 February + 1 year → 1 March). */
export function addPeriod(from: number, period: RetentionPeriod): number {
  const date = new Date(from);
  date.setUTCFullYear(
    date.getUTCFullYear() + (period.years ?? 0),
    date.getUTCMonth() + (period.months ?? 0),
    date.getUTCDate() + (period.days ?? 0),
  );
  return date.getTime();
}

/** When a record of `kind` whose period starts at `from` (its receipt, the call, the last contact…) is purged. */
export function recordKeepUntil(kind: RetainedRecordKind, from: Date): number {
  return addPeriod(from.getTime(), RECORD_RETENTION[kind]);
}

/** A period in words, « 3 ans », « 12 mois », « 30 jours » / "3 years"… (a single unit each). */
export function periodInWords(period: RetentionPeriod, language: 'fr' | 'en'): string {
  const [count, unit] =
    period.years !== undefined
      ? [period.years, language === 'fr' ? ['an', 'ans'] : ['year', 'years']]
      : period.months !== undefined
        ? [period.months, language === 'fr' ? ['mois', 'mois'] : ['month', 'months']]
        : [period.days ?? 0, language === 'fr' ? ['jour', 'jours'] : ['day', 'days']];
  // French writes a non-breaking space between a number and its unit.
  return `${count}${language === 'fr' ? '\u00a0' : ' '}${count === 1 ? unit[0] : unit[1]}`;
}
