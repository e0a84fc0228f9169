import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import type { ZodType } from 'zod';
import { CallBooking, ContactMessage } from '../../db/entities';
import {
  CALL_DURATION_MINUTES,
  CALL_TIME_ZONE,
  CONTACT_MESSAGES,
  contactErrorSummary,
  freeCallSlots,
  callSlotLabel,
  HONEYPOT_FIELD,
  isOfferedSlot,
  type CallBookingCreated,
  type CallSlotsAnswer,
} from '../../domain/contact';
import { callBookingSchema, contactMessageSchema } from '../../domain/schemas/contact';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../lib/http-error';
import { clientAddressKey } from '../lib/client-address';
import { enforceCeiling, enforceRateLimit, type Ceiling, type RateLimit } from '../lib/rate-limit';
import { fieldErrors } from '../lib/validation';
import { startOrUndo } from '../lib/start-or-undo';
import type { ContactWorkflowClient } from './contact-workflow-client';

/** Requests are counted per client address and per e-mail address (000 §9), then against the form's ceiling. */
export interface ContactLimit {
  perCaller: RateLimit<'address' | 'email'>;
  ceiling: Ceiling;
}

export interface ContactRouteDeps {
  em: () => EntityManager;
  workflows: ContactWorkflowClient;
  /** The message form's and the call booking's limits (each its own counters). */
  limits: { messages: ContactLimit; bookings: ContactLimit };
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
 * visitor types) and per e-mail, then, once these let it through, against the form's ceiling.
 */
async function enforceContactLimit(ctx: Context, limit: ContactLimit, email: string): Promise<void> {
  await enforceRateLimit(
    ctx,
    limit.perCaller,
    { address: clientAddressKey(ctx.ip), email },
    CONTACT_MESSAGES.rateLimited,
  );
  await enforceCeiling(ctx, limit.ceiling);
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
    await enforceContactLimit(ctx, deps.limits.messages, input.email);
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
      () => deps.workflows.startMessage(message.id),
      () => deps.em().nativeDelete(ContactMessage, { id: message.id }),
      `contact message ${message.id}`,
    );
    ctx.body = { messageId: message.id };
  });

  router.get('/call-slots', async (ctx) => {
    const at = now();
    const booked = await deps.em().find(CallBooking, { startsAt: { $gte: at } }, { fields: ['startsAt'] });
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
    await enforceContactLimit(ctx, deps.limits.bookings, input.email);
    const startsAt = new Date(input.startsAt);
    const endsAt = new Date(startsAt.getTime() + CALL_DURATION_MINUTES * 60_000);
    const at = now();
    if (!isOfferedSlot(startsAt.toISOString(), at)) {
      throw new HttpError(400, CONTACT_MESSAGES.slotNotOffered, { startsAt: CONTACT_MESSAGES.slotNotOffered });
    }
    ctx.status = 201;
    if (isRobot(input)) {
      const answer: CallBookingCreated = {
        bookingId: randomUUID(),
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
      };
      ctx.body = answer;
      return;
    }
    const em = deps.em();
    const upcoming = await em.findOne(CallBooking, { email: input.email, startsAt: { $gte: at } });
    if (upcoming) {
      throw new HttpError(409, CONTACT_MESSAGES.alreadyBooked(callSlotLabel(upcoming.startsAt.toISOString())));
    }
    const booking = em.create(CallBooking, {
      startsAt,
      endsAt,
      name: input.name,
      email: input.email,
      phone: input.phone,
      topic: input.topic ?? null,
    });
    try {
      await em.flush();
    } catch (error) {
      // Two visitors booked the same slot at once: the unique start lets one row in.
      if (error instanceof UniqueConstraintViolationException) throw new HttpError(409, CONTACT_MESSAGES.slotTaken);
      throw error;
    }
    await startOrUndo(
      () => deps.workflows.startCallBooking(booking.id),
      () => deps.em().nativeDelete(CallBooking, { id: booking.id }),
      `call booking ${booking.id}`,
    );
    const answer: CallBookingCreated = {
      bookingId: booking.id,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    };
    ctx.body = answer;
  });

  return router;
}
