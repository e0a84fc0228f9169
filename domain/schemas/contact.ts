/**
 * The contact page's two forms (000 §2 /contact, §5): the message and the 15-minute call booking,
 * with French messages, shared by the page and the api.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { CONFIRMATION_TOKEN_PATTERN } from '../address-confirmation';
import { CONTACT_MESSAGES, HONEYPOT_FIELD } from '../contact';
import { blankToUndefined, optionalText, requiredEmail, requiredText } from './fields';

const NAME_MAX = 100;
const SUBJECT_MAX = 200;
const MESSAGE_MAX = 5_000;

/** The hidden field: any text or nothing (a filled one is dropped by the api, never refused). */
const honeypot = z.preprocess((value) => (typeof value === 'string' ? value : undefined), z.string().optional());

/** `POST /api/contact` (000 §7 send-contact-form: firstName, lastName, email, subject, message). */
export const contactMessageSchema = z.object(
  {
    firstName: requiredText(CONTACT_MESSAGES.firstNameRequired, 'Prénom', NAME_MAX),
    lastName: requiredText(CONTACT_MESSAGES.lastNameRequired, 'Nom', NAME_MAX),
    email: requiredEmail(CONTACT_MESSAGES.emailRequired),
    subject: optionalText('Sujet', SUBJECT_MAX),
    message: requiredText(CONTACT_MESSAGES.messageRequired, 'Message', MESSAGE_MAX),
    [HONEYPOT_FIELD]: honeypot,
  },
  { error: 'Le message doit être un objet JSON.' },
);
export type ContactMessagePayload = z.input<typeof contactMessageSchema>;
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

/** Longer than any number written with spaces and an international prefix; longer input is not a number. */
const PHONE_INPUT_MAX = 40;

/**
 * The number we call: French as typed in France (06 12 34 56 78, 0612345678) or international with
 * its prefix (+44 20 7946 0958), checked against the numbering plans and kept as E.164 (+33612345678).
 */
const callPhoneNumber = z.preprocess(
  blankToUndefined,
  z
    .string({
      error: (issue) => (issue.input === undefined ? CONTACT_MESSAGES.phoneRequired : CONTACT_MESSAGES.phoneInvalid),
    })
    .max(PHONE_INPUT_MAX, { error: CONTACT_MESSAGES.phoneInvalid })
    .transform((typed, context) => {
      const number = parsePhoneNumberFromString(typed, 'FR');
      if (number?.isValid()) return number.number;
      context.addIssue({ code: 'custom', message: CONTACT_MESSAGES.phoneInvalid });
      return z.NEVER;
    }),
);

/** `POST /api/contact/call-bookings`: the slot, who calls, the number to call and, optionally, what about. */
export const callBookingSchema = z.object(
  {
    startsAt: z.preprocess(
      blankToUndefined,
      z.iso.datetime({
        error: (issue) => (issue.input === undefined ? CONTACT_MESSAGES.slotRequired : CONTACT_MESSAGES.slotNotOffered),
      }),
    ),
    name: requiredText(CONTACT_MESSAGES.nameRequired, 'Nom', 2 * NAME_MAX),
    email: requiredEmail(CONTACT_MESSAGES.emailRequired),
    phone: callPhoneNumber,
    topic: optionalText('Sujet de l’appel', 500),
    [HONEYPOT_FIELD]: honeypot,
  },
  { error: 'La réservation doit être un objet JSON.' },
);
export type CallBookingPayload = z.input<typeof callBookingSchema>;

/** `POST /api/contact/call-bookings/confirm`: the token of the e-mailed link. */
export const callBookingConfirmationSchema = z.object(
  {
    token: z
      .string({ error: CONTACT_MESSAGES.confirmationLinkInvalid })
      .regex(CONFIRMATION_TOKEN_PATTERN, { error: CONTACT_MESSAGES.confirmationLinkInvalid }),
  },
  { error: 'La confirmation doit être un objet JSON.' },
);
