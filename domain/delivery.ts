/**
 * Delivery dates (spec 001 §5.1, §9.3). Calendar dates are `YYYY-MM-DD` strings handled in UTC, so
 * the result never depends on the machine's time zone; only Monday to Friday are counted.
 */
import { minimumWorkingDays, type ServiceCategory, type VisualComplexity } from './pricing';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** One calendar day, in ms. */
export const DAY_MS = 86_400_000;

function parseIsoDate(date: string): Date {
  const match = ISO_DATE.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!parsed || parsed.toISOString().slice(0, 10) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return parsed;
}

function formatIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isWorkingDay(date: string): boolean {
  const weekday = parseIsoDate(date).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The date reached after counting `workingDays` Monday-to-Friday days after `from` (not counting `from`). */
export function addWorkingDays(from: string, workingDays: number): string {
  let cursor = parseIsoDate(from).getTime();
  let counted = 0;
  while (counted < workingDays) {
    cursor += DAY_MS;
    const weekday = new Date(cursor).getUTCDay();
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return formatIsoDate(new Date(cursor));
}

/** Today in a time zone (default Paris, the agency's), as `YYYY-MM-DD`. */
export function todayIn(timeZone = 'Europe/Paris', now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export interface DeliveryRuleInput {
  serviceCategory: ServiceCategory;
  visualComplexity: VisualComplexity;
  /** `YYYY-MM-DD`. */
  today: string;
}

/**
 * §5.1: the first date reached after counting the category's minimum working days
 * (ceil(minimum × complexity factor), §9.3) from today. No earlier desired date is accepted.
 */
export function earliestDeliveryDate({ serviceCategory, visualComplexity, today }: DeliveryRuleInput): string {
  return addWorkingDays(today, minimumWorkingDays(serviceCategory, visualComplexity));
}

export type DeliveryDateCheck = { ok: true } | { ok: false; minimumWorkingDays: number; earliestDate: string };

/** The full form's date check (§5.1); the caller words the 'Date de livraison impossible' toast. */
export function checkDesiredDeliveryDate(input: DeliveryRuleInput & { desiredDate: string }): DeliveryDateCheck {
  const earliestDate = earliestDeliveryDate(input);
  // ISO dates compare correctly as strings.
  if (input.desiredDate >= earliestDate) return { ok: true };
  return {
    ok: false,
    minimumWorkingDays: minimumWorkingDays(input.serviceCategory, input.visualComplexity),
    earliestDate,
  };
}

/** Easter Sunday of `year` (Gregorian calendar, anonymous algorithm), as `YYYY-MM-DD`. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return formatIsoDate(new Date(Date.UTC(year, month - 1, day)));
}

const plusDays = (date: string, days: number) => formatIsoDate(new Date(parseIsoDate(date).getTime() + days * DAY_MS));

/**
 * The eleven public holidays of metropolitan France (Code du travail, art. L3133-1): New Year,
 * Easter Monday, 1 and 8 May, Ascension, Whit Monday, 14 July, 15 August, 1 and 11 November,
 * Christmas.
 */
function frenchPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const fixed = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'].map(
    (monthDay) => `${year}-${monthDay}`,
  );
  return [...fixed, plusDays(easter, 1), plusDays(easter, 39), plusDays(easter, 50)].sort();
}

/** Monday to Friday and not a French public holiday: the days the team takes calls. */
export function isFrenchBusinessDay(date: string): boolean {
  return isWorkingDay(date) && !frenchPublicHolidays(Number(date.slice(0, 4))).includes(date);
}
