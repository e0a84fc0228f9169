import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import type { ZodType } from 'zod';
import { confirmationTokenHash, newConfirmationToken } from '../../db/confirmation-token';
import { CallBooking, ContactMessage } from '../../db/entities';
import {
  CALL_BOOKINGS_PER_ADDRESS_PER_DAY,
  CALL_DURATION_MINUTES,
  CALL_TIME_ZONE,
  CONTACT_MESSAGES,
  contactErrorSummary,
  freeCallSlots,
  callSlotLabel,
  HONEYPOT_FIELD,
  isOfferedSlot,
  type CallBookingConfirmed,
  type CallBookingCreated,
  type CallSlotsAnswer,
} from '../../domain/contact';
import { callBookingConfirmationSchema, callBookingSchema, contactMessageSchema } from '../../domain/schemas/contact';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../lib/http-error';
import type { AuthState } from '../middleware/auth';
import { clientAddressKey } from '../lib/client-address';
import type { ProofOfWorkGate } from '../lib/proof-of-work';
import {
  countingRefusal,
  enforceCeiling,
  enforceRateLimit,
  type Ceiling,
  type RateLimit,
  type RefusalCounter,
} from '../lib/rate-limit';
import { fieldErrors } from '../lib/validation';
import { startOrUndo } from '../lib/start-or-undo';
import type { RecordRetentionClient } from '../privacy/record-retention-client';
import type { ContactWorkflowClient } from './contact-workflow-client';

/**
 * Requests are counted per client address and per e-mail address (000 §9), then on the form's soft
 * threshold past which a solved proof-of-work challenge is needed, then against the form's ceiling.
 */
export interface ContactLimit {
  perCaller: RateLimit<'address' | 'email'>;
  proofOfWork?: ProofOfWorkGate;
  ceiling: Ceiling;
}

export interface ContactRouteDeps {
  em: () => EntityManager;
  workflows: ContactWorkflowClient;
  /** Each message and booking is purged 3 years after the address's last contact. */
  retention: RecordRetentionClient;
  /** The message form's and the call booking's limits (each its own counters). */
  limits: { messages: ContactLimit; bookings: ContactLimit };
  /** Counts each refusal under its rule (`contactMessages`, `callBookings:ceiling`…). */
  countRefusal: RefusalCounter;
  now?: () => Date;
}

/** Parses with the page's shared schema; a refusal names each field and sums up in 000 §5's words. */
function parse<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new HttpError(400, contactErrorSummary(fields, MESSAGES.invalidInput), fields);
  }
  return parsed.data;
}

/** A filled honeypot is a robot: it gets the answer a person would, and nothing is stored or sent. */
const isRobot = (input: { [HONEYPOT_FIELD]?: string }) => Boolean(input[HONEYPOT_FIELD]?.trim());

/**
 * Counts the request per client address (IPv6 by its /64; it always counts, whatever e-mail the
 * visitor types) and per e-mail, then, once these let it through, on the form's proof-of-work
 * threshold and against the form's ceiling; a refusal is counted under `form` and its rule.
 */
async function enforceContactLimit(
  ctx: Context,
  limit: ContactLimit,
  email: string,
  form: 'contactMessages' | 'callBookings',
  countRefusal: RefusalCounter,
): Promise<void> {
  await countingRefusal(countRefusal, form, () =>
    enforceRateLimit(ctx, limit.perCaller, { address: clientAddressKey(ctx.ip), email }, CONTACT_MESSAGES.rateLimited),
  );
  const { proofOfWork } = limit;
  if (proofOfWork) await countingRefusal(countRefusal, `${form}:proofOfWork`, () => proofOfWork.enforce(ctx));
  await countingRefusal(countRefusal, `${form}:ceiling`, () => enforceCeiling(ctx, limit.ceiling));
}

const DAY_MS = 24 * 60 * 60_000;

/** The signed-in caller's own address, when Keycloak has verified it: bookings for it need no link. */
function verifiedAddressOf(ctx: Context): string | null {
  const user = (ctx.state as AuthState).user;
  return user?.emailVerified && user.email ? user.email.toLowerCase() : null;
}

/** The booking's answer to the page. */
const bookedCall = (booking: { id: string; startsAt: Date; endsAt: Date }): CallBookingConfirmed => ({
  bookingId: booking.id,
  startsAt: booking.startsAt.toISOString(),
  endsAt: booking.endsAt.toISOString(),
});

/** Refuses a second upcoming call for one address (000 §9): the invitation e-mail moves the first. */
async function refuseSecondUpcomingCall(em: EntityManager, email: string, at: Date): Promise<void> {
  const upcoming = await em.findOne(CallBooking, { email, confirmedAt: { $ne: null }, startsAt: { $gte: at } });
  if (upcoming) {
    throw new HttpError(409, CONTACT_MESSAGES.alreadyBooked(callSlotLabel(upcoming.startsAt.toISOString())));
  }
}

/**
 * Takes the booking's slot. The unique start among
 * confirmed bookings lets one of two visitors confirming the same slot at once in.
 */
async function takeSlot(em: EntityManager, booking: CallBooking, at: Date, takenMessage: string): Promise<void> {
  booking.confirmedAt = at;
  try {
    await em.flush();
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new HttpError(409, takenMessage);
    throw error;
  }
}

/**
 * The contact page (000 §2, §5, §7, §9): the message form and the 15-minute call booking. Both are
 * public, rate-limited (per client address and per e-mail, then per form, counted before anything else is
 * decided) and stored before their workflow sends the e-mails.
 */
export function contactRoutes(deps: ContactRouteDeps): Router {
  const router = new Router({ prefix: '/api/contact' });
  const now = deps.now ?? (() => new Date());

  router.post('/', async (ctx) => {
    const input = parse(contactMessageSchema, ctx.request.body);
    await enforceContactLimit(ctx, deps.limits.messages, input.email, 'contactMessages', deps.countRefusal);
    ctx.status = 201;
    if (isRobot(input)) {
      ctx.body = { messageId: randomUUID() };
      return;
    }
    const em = deps.em();
    const message = em.create(ContactMessage, {
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      subject: input.subject ?? null,
      message: input.message,
    });
    await em.flush();
    await startOrUndo(
      async () => {
        await deps.retention.renewContact(deps.em(), message.email, message.createdAt);
        await deps.workflows.startMessage(message.id);
      },
      () => deps.em().nativeDelete(ContactMessage, { id: message.id }),
      `contact message ${message.id}`,
    );
    ctx.body = { messageId: message.id };
  });

  router.get('/call-slots', async (ctx) => {
    const at = now();
    const booked = await deps
      .em()
      .find(CallBooking, { startsAt: { $gte: at }, confirmedAt: { $ne: null } }, { fields: ['startsAt'] });
    const answer: CallSlotsAnswer = {
      timeZone: CALL_TIME_ZONE,
      durationMinutes: CALL_DURATION_MINUTES,
      days: freeCallSlots(at, new Set(booked.map((booking) => booking.startsAt.toISOString()))),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.post('/call-bookings', async (ctx) => {
    const input = parse(callBookingSchema, ctx.request.body);
    await enforceContactLimit(ctx, deps.limits.bookings, input.email, 'callBookings', deps.countRefusal);
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(startsAt.getTime() + CALL_DURATION_MINUTES * 60_000);
    const at = now();
    if (!isOfferedSlot(startsAt.toISOString(), at)) {
      throw new HttpError(400, CONTACT_MESSAGES.slotNotOffered, { startsAt: CONTACT_MESSAGES.slotNotOffered });
    }
    const verified = verifiedAddressOf(ctx) === input.email;
    ctx.status = 201;
    if (isRobot(input)) {
      const answer: CallBookingCreated = {
        ...bookedCall({ id: randomUUID(), startsAt, endsAt }),
        confirmationRequired: !verified,
      };
      ctx.body = answer;
      return;
    }
    const em = deps.em();
    const today = await em.count(CallBooking, {
      email: input.email,
      createdAt: { $gt: new Date(at.getTime() - DAY_MS) },
    });
    if (today >= CALL_BOOKINGS_PER_ADDRESS_PER_DAY) {
      deps.countRefusal('callBookings:perDay');
      throw new HttpError(429, CONTACT_MESSAGES.tooManyBookings);
    }
    if (await em.count(CallBooking, { startsAt, confirmedAt: { $ne: null } })) {
      throw new HttpError(409, CONTACT_MESSAGES.slotTaken);
    }
    await refuseSecondUpcomingCall(em, input.email, at);
    // A visitor's address is only typed: the slot waits for the link e-mailed to it.
    const token = verified ? null : newConfirmationToken();
    const booking = em.create(CallBooking, {
      startsAt,
      endsAt,
      name: input.name,
      email: input.email,
      phone: input.phone,
      topic: input.topic ?? null,
      confirmedAt: null,
      confirmationTokenHash: token ? confirmationTokenHash(token) : null,
    });
    if (token) await em.flush();
    else await takeSlot(em, booking, at, CONTACT_MESSAGES.slotTaken);
    await startOrUndo(
      async () => {
        // The call is the address's last contact.
        await deps.retention.renewContact(deps.em(), booking.email, booking.startsAt);
        await (token
          ? deps.workflows.startCallBookingConfirmation(booking.id, token)
          : deps.workflows.startCallBooking(booking.id));
      },
      () => deps.em().nativeDelete(CallBooking, { id: booking.id }),
      `call booking ${booking.id}`,
    );
    const answer: CallBookingCreated = { ...bookedCall(booking), confirmationRequired: Boolean(token) };
    ctx.body = answer;
  });

  /** The e-mailed link: the slot is taken now, if it is still free and still ahead. */
  router.post('/call-bookings/confirm', async (ctx) => {
    const { token } = parse(callBookingConfirmationSchema, ctx.request.body);
    const em = deps.em();
    const booking = await em.findOne(CallBooking, { confirmationTokenHash: confirmationTokenHash(token) });
    if (!booking) throw new HttpError(404, CONTACT_MESSAGES.confirmationLinkInvalid);
    ctx.set('Cache-Control', 'no-store');
    // A second click on the link answers as the first did.
    if (booking.confirmedAt) {
      ctx.body = bookedCall(booking);
      return;
    }
    const at = now();
    if (booking.startsAt.getTime() <= at.getTime()) throw new HttpError(409, CONTACT_MESSAGES.slotNoLongerFree);
    await refuseSecondUpcomingCall(em, booking.email, at);
    await takeSlot(em, booking, at, CONTACT_MESSAGES.slotNoLongerFree);
    await startOrUndo(
      () => deps.workflows.startCallBooking(booking.id),
      () => deps.em().nativeUpdate(CallBooking, { id: booking.id }, { confirmedAt: null }),
      `call booking ${booking.id}`,
    );
    ctx.body = bookedCall(booking);
  });

  return router;
}
