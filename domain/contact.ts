/**
 * The contact page (000 §2 /contact, §5, §8, §9): the message form, the 15-minute call booking and
 * their rules, shared by the page and the api. Free slots are Europe/Paris business hours on the
 * next business days (weekends and French public holidays excluded).
 */
import { TZDate } from '@date-fns/tz';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { addWorkingDays, isFrenchBusinessDay, todayIn } from './delivery';

export const CONTACT_MESSAGES = {
  /** 000 §5: the summary when a required field is missing. */
  required: 'Veuillez remplir tous les champs obligatoires',
  /** 000 §8: the failure toast. */
  sendError: 'Une erreur est survenue lors de l’envoi du message',
  sent: 'Message envoyé !',
  sentHint: 'Merci ! Nous vous répondons sous 24 h. Un accusé de réception vient de vous être envoyé.',
  firstNameRequired: 'Le prénom est obligatoire.',
  lastNameRequired: 'Le nom est obligatoire.',
  emailRequired: 'L’adresse e-mail est obligatoire.',
  messageRequired: 'Le message est obligatoire.',
  nameRequired: 'Votre nom est obligatoire.',
  phoneRequired: 'Votre numéro de téléphone est obligatoire : nous vous appelons à ce numéro.',
  // The examples keep their digits together on one line (no-break spaces).
  phoneInvalid:
    'Numéro de téléphone invalide : saisissez par exemple 06\u00a012\u00a034\u00a056\u00a078, ou +44\u00a020\u00a07946\u00a00958 hors de France.',
  slotRequired: 'Choisissez un créneau.',
  /** 000 §9: 5 requests per 15 minutes; the sixth is refused with the wait. */
  rateLimited: (minutes: number) =>
    `Trop de demandes envoyées depuis cette adresse. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  slotNotOffered: 'Ce créneau n’est pas proposé. Choisissez un créneau dans la liste.',
  slotTaken: 'Ce créneau vient d’être réservé. Choisissez-en un autre.',
  alreadyBooked: (when: string) =>
    `Un appel est déjà prévu ${when} pour cette adresse e-mail. Répondez à l’e-mail d’invitation pour le déplacer.`,
  bookingError: 'Une erreur est survenue lors de la réservation de l’appel',
  booked: 'Appel réservé !',
  /** More than CALL_BOOKINGS_PER_ADDRESS_PER_DAY bookings of one address in 24 hours (429). */
  tooManyBookings: 'Trop de réservations pour cette adresse e-mail aujourd’hui. Réessayez demain.',
  confirmationLinkInvalid:
    'Ce lien de confirmation n’est pas valable. Réservez un appel depuis la page Contact pour en recevoir un nouveau.',
  /** The slot was taken, or has passed, between the booking and its confirmation. */
  slotNoLongerFree: 'Ce créneau n’est plus disponible. Choisissez-en un autre sur la page Contact.',
} as const;

/** A hidden field people never see nor fill: a submission that fills it is answered as a success and dropped. */
export const HONEYPOT_FIELD = 'website';

/**
 * The api's summary of a refused message or booking: 000 §5's sentence when something required is
 * missing, else the field's own message when only one is wrong (« Numéro de téléphone invalide… »).
 */
export function contactErrorSummary(fields: Record<string, string>, fallback: string): string {
  const required: string[] = [
    CONTACT_MESSAGES.firstNameRequired,
    CONTACT_MESSAGES.lastNameRequired,
    CONTACT_MESSAGES.emailRequired,
    CONTACT_MESSAGES.messageRequired,
    CONTACT_MESSAGES.nameRequired,
    CONTACT_MESSAGES.phoneRequired,
    CONTACT_MESSAGES.slotRequired,
  ];
  const messages = Object.values(fields);
  if (messages.some((message) => required.includes(message))) return CONTACT_MESSAGES.required;
  return messages.length === 1 ? messages[0] : fallback;
}

// ——— the 15-minute call ———

export const CALL_TIME_ZONE = 'Europe/Paris';
export const CALL_DURATION_MINUTES = 15;
/** Start times offered each business day (Paris time): mornings and afternoons, half an hour apart. */
export const CALL_SLOT_TIMES = [
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
  '16:30',
  '17:00',
  '17:30',
] as const;
/** How many business days ahead the visitor may book. */
export const CALL_BOOKING_DAYS = 5;
/** A slot is offered only if it starts at least this long from now. */
const CALL_MIN_NOTICE_MINUTES = 120;

interface CallSlot {
  /** The slot's start, an instant (ISO 8601, UTC): its identity. */
  startsAt: string;
  /** `HH:MM`, Paris time. */
  time: string;
}

export interface CallDay {
  /** `YYYY-MM-DD`, Paris calendar. */
  date: string;
  slots: CallSlot[];
}

/** `GET /api/contact/call-slots`. */
export interface CallSlotsAnswer {
  timeZone: string;
  durationMinutes: number;
  days: CallDay[];
}

/**
 * Bookings of one e-mail address in 24 hours, confirmed or not: each sends a confirmation link to
 * the address, so the form cannot flood a stranger's mailbox nor hold slots by rotating addresses.
 */
export const CALL_BOOKINGS_PER_ADDRESS_PER_DAY = 3;

/** `POST /api/contact/call-bookings/confirm` answers this: the call now booked. */
export interface CallBookingConfirmed {
  bookingId: string;
  startsAt: string;
  endsAt: string;
}

/**
 * `POST /api/contact/call-bookings` answers this (201). A visitor's booking waits for the link
 * e-mailed to the address (`confirmationRequired`); a signed-in verified account's is booked at once.
 */
export interface CallBookingCreated extends CallBookingConfirmed {
  confirmationRequired: boolean;
}

/** The instant of `time` (HH:MM) on `date` (YYYY-MM-DD) in Paris, as an ISO string. */
function parisInstant(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, CALL_TIME_ZONE).getTime()).toISOString();
}

/** The next `CALL_BOOKING_DAYS` business days from today (today included when it is one), Paris calendar. */
function bookableDays(now: Date): string[] {
  const days: string[] = [];
  let date = todayIn(CALL_TIME_ZONE, now);
  if (!isFrenchBusinessDay(date)) date = nextBusinessDay(date);
  while (days.length < CALL_BOOKING_DAYS) {
    days.push(date);
    date = nextBusinessDay(date);
  }
  return days;
}

function nextBusinessDay(date: string): string {
  let next = addWorkingDays(date, 1);
  while (!isFrenchBusinessDay(next)) next = addWorkingDays(next, 1);
  return next;
}

/**
 * The slots a visitor may book at `now`: business hours of the next business days, at least two
 * hours ahead, without the `taken` ones (start instants). Days left without a free slot are omitted.
 */
export function freeCallSlots(now: Date, taken: ReadonlySet<string>): CallDay[] {
  const earliest = now.getTime() + CALL_MIN_NOTICE_MINUTES * 60_000;
  return bookableDays(now)
    .map((date) => ({
      date,
      slots: CALL_SLOT_TIMES.map((time) => ({ startsAt: parisInstant(date, time), time })).filter(
        (slot) => Date.parse(slot.startsAt) >= earliest && !taken.has(slot.startsAt),
      ),
    }))
    .filter((day) => day.slots.length > 0);
}

/** Whether `startsAt` is a slot offered at `now` (booked or not): the api refuses any other instant. */
export function isOfferedSlot(startsAt: string, now: Date): boolean {
  return freeCallSlots(now, new Set()).some((day) => day.slots.some((slot) => slot.startsAt === startsAt));
}

/** A slot's start in Paris time: `lundi 7 décembre à 09:30` (the e-mails' words) or `Monday 7 December at 09:30`. */
export function callSlotLabel(startsAt: string, language: 'fr' | 'en' = 'fr'): string {
  const when = new Date(startsAt);
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  const day = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: CALL_TIME_ZONE,
  }).format(when);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: CALL_TIME_ZONE,
  }).format(when);
  return language === 'en' ? `${day} at ${time}` : `${day} à ${time}`;
}

/** A stored (E.164) number as people read it: `+33 6 12 34 56 78`, `+44 20 7946 0958`. */
export function phoneNumberLabel(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
