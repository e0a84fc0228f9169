import { randomBytes } from 'node:crypto';
import { LockMode } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { briefTitle } from '../../domain/brief-options';
import { formatClockTime } from '../../domain/format';
import {
  briefNotPayableMessage,
  launchOfferClientKey,
  PAYMENT_MESSAGES,
  type CheckoutAnswer,
  type PaymentCurrency,
} from '../../domain/payments';
import { BRIEF_PAYMENT_WINDOW } from '../../workflows/contracts/brief';
import { BILLING_MESSAGES, type BuyerInput } from '../../domain/invoicing';
import { Brief, CheckoutSession } from '../../db/entities';
import { readSeller } from '../../db/settings';
import { HttpError } from '../lib/http-error';
import type { AuthUser } from '../middleware/auth';
import type { CheckoutContext } from './checkout-deps';
import { briefPaymentUrl, simulatedCheckoutUrl, successUrl } from './checkout-urls';
import { claimLaunchOfferPlace } from '../pricing/launch-offer';
import { processLogger } from '../../observability/logger';

const log = processLogger('api').child({ component: 'payments' });

/** How long a checkout session stays payable (Stripe accepts 30 min to 24 h). It also bounds how long an unpaid session holds a launch-offer place. */
const CHECKOUT_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** Stripe refuses an `expires_at` closer than 30 minutes. */
const STRIPE_MINIMUM_LIFETIME_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `BRIEF_PAYMENT_WINDOW` ('7 days') in milliseconds: a session never outlives its brief's window. */
const PAYMENT_WINDOW_MS = Number.parseInt(BRIEF_PAYMENT_WINDOW, 10) * DAY_MS;

/** The currency a brief is charged in, as Stripe spells it. */
export const currencyOf = (brief: Brief): PaymentCurrency => (brief.currency === 'USD' ? 'usd' : 'eur');

/**
 * Who may pay a brief: holding its id (returned only to the submitter, and in its e-mails) is
 * enough, as for an invoice link, so a client who wrote the brief signed out can pay from the
 * e-mail. A signed-in caller must however be the brief's client (same account, or the brief's
 * verified e-mail): nobody pays someone else's brief under their own account.
 */
function assertMayPay(brief: Brief, user: AuthUser | undefined): void {
  if (!user || user.roles.includes('admin')) return;
  if (brief.clientId && brief.clientId === user.id) return;
  if (user.emailVerified && user.email.toLowerCase() === brief.email.toLowerCase()) return;
  throw new HttpError(403, PAYMENT_MESSAGES.checkoutNotYours);
}

/** The line Stripe shows: the brief's title and reference, and the offer when it applies. */
function productName(brief: Brief, launchOffer: boolean): string {
  const reference = brief.id.slice(0, 8).toUpperCase();
  return `${briefTitle(brief)} (réf. ${reference})${launchOffer ? ' — offre de lancement -30 %' : ''}`;
}

/** What Stripe's page says under its button while a place is held (the hold's end, Paris time). */
function launchOfferHoldNotice(until: Date): string {
  const time = formatClockTime(until, 'fr', 'Europe/Paris');
  return `Place de l’offre de lancement réservée jusqu’à ${time} (heure de Paris). Passé ce délai, cette page se ferme : le brief se paiera au plein tarif si les places sont épuisées.`;
}

/** Until when a session may be paid at its amount: a discounted one only while its place is held. */
export const payableUntil = (row: CheckoutSession): Date => row.holdExpiresAt ?? row.expiresAt;

/** The checkout as the browser gets it. */
function answerOf(row: CheckoutSession, simulated: boolean): CheckoutAnswer {
  return {
    checkoutUrl: row.checkoutUrl ?? '',
    sessionId: row.sessionId ?? '',
    amount: row.amountCents,
    currency: row.currency as PaymentCurrency,
    launchOffer: row.launchOfferClaimed,
    ...(row.holdExpiresAt ? { launchOfferHeldUntil: row.holdExpiresAt.toISOString() } : {}),
    simulated,
  };
}

/**
 * Step 1, one short transaction: the brief's row lock makes concurrent checkouts of one brief
 * share a single open session (and a single offer place); the offer place is claimed under the
 * setting's lock; the amount is decided here from the brief's frozen server estimate.
 */
async function openCheckoutSession(
  context: CheckoutContext,
  briefId: string,
  user: AuthUser | undefined,
  buyer: BuyerInput | null,
): Promise<CheckoutSession> {
  return context.em().transactional(async (tx) => {
    const brief = await tx.findOne(Brief, { id: briefId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!brief) throw new HttpError(404, PAYMENT_MESSAGES.briefNotFound);
    assertMayPay(brief, user);
    if (brief.status !== 'pending_payment') throw new HttpError(409, briefNotPayableMessage(brief.status));
    if ((await tx.count(CheckoutSession, { brief: briefId, status: { $in: ['paid', 'processing'] } })) > 0) {
      throw new HttpError(409, PAYMENT_MESSAGES.briefAlreadyPaid);
    }

    // Every payment gets its invoice: without the seller's identity there is nothing legal to issue.
    if (!(await readSeller(tx))) throw new HttpError(503, BILLING_MESSAGES.sellerMissing);

    const current = context.now();
    const open = await tx.findOne(CheckoutSession, { brief: briefId, status: 'open' });
    if (open && payableUntil(open).getTime() - current.getTime() > 60_000) {
      // The invoice's details are the last ones given before paying.
      open.buyer = buyer;
      await tx.flush();
      return open;
    }
    // Lapsed without an `expired` event (the simulated checkout never sends one, a hold ends before
    // Stripe's session): give its place back.
    if (open) open.status = 'expired';
    await tx.flush();

    const windowEnd = brief.createdAt.getTime() + PAYMENT_WINDOW_MS;
    const expiresAt = Math.min(current.getTime() + CHECKOUT_SESSION_LIFETIME_MS, windowEnd);
    if (expiresAt - current.getTime() < STRIPE_MINIMUM_LIFETIME_MS)
      throw new HttpError(409, PAYMENT_MESSAGES.briefNotPayable);
    if (brief.priceCents == null || brief.offerPriceCents == null)
      throw new HttpError(409, PAYMENT_MESSAGES.briefNotPayable);

    const client = { clientKey: launchOfferClientKey(brief.email), clientAccountId: brief.clientId ?? null };
    const launchOffer = await claimLaunchOfferPlace(tx, client);
    const row = tx.create(CheckoutSession, {
      brief,
      amountCents: launchOffer ? brief.offerPriceCents : brief.priceCents,
      currency: currencyOf(brief),
      launchOfferClaimed: launchOffer,
      ...client,
      holdExpiresAt: launchOffer ? new Date(current.getTime() + context.launchOfferHoldMs) : null,
      simulated: context.mode === 'simulated',
      status: 'open',
      buyer,
      expiresAt: new Date(expiresAt),
    });
    await tx.flush();
    return row;
  });
}

/**
 * Step 2, outside the transaction (no lock held during a network call): the Stripe session,
 * with our row id as idempotency key, so a retry or a concurrent request gets the same one.
 */
async function ensureStripeSession(context: CheckoutContext, row: CheckoutSession): Promise<CheckoutSession> {
  if (row.sessionId && row.checkoutUrl) return row;
  const em = context.em();
  const brief = await em.findOneOrFail(Brief, { id: row.brief.id });
  let created: Stripe.Checkout.Session;
  try {
    created = await context.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: row.currency,
              unit_amount: row.amountCents,
              product_data: { name: productName(brief, row.launchOfferClaimed) },
            },
          },
        ],
        client_reference_id: brief.id,
        metadata: { briefId: brief.id, checkoutId: row.id, launchOffer: String(row.launchOfferClaimed) },
        payment_intent_data: { metadata: { briefId: brief.id, checkoutId: row.id } },
        customer_email: brief.email,
        locale: 'fr',
        success_url: successUrl(context.appUrl),
        cancel_url: briefPaymentUrl(context.appUrl, brief.id),
        expires_at: Math.floor(row.expiresAt.getTime() / 1000),
        ...(row.holdExpiresAt
          ? { custom_text: { submit: { message: launchOfferHoldNotice(row.holdExpiresAt) } } }
          : {}),
      },
      { idempotencyKey: `checkout-${row.id}` },
    );
  } catch (error) {
    log.error({ err: error, briefId: brief.id }, 'Stripe checkout session not created');
    // The open row stays: the next attempt reuses it (same idempotency key, same offer place).
    throw new HttpError(503, PAYMENT_MESSAGES.checkoutUnavailable);
  }
  const sessionId = context.mode === 'stripe' ? created.id : `cs_test_sim_${randomBytes(24).toString('hex')}`;
  const checkoutUrl = context.mode === 'stripe' ? created.url : simulatedCheckoutUrl(context.appUrl, sessionId);
  if (!checkoutUrl) throw new HttpError(503, PAYMENT_MESSAGES.checkoutUnavailable);
  // Only the first answer is kept: a concurrent request that lost the race reads the winner's.
  await em.nativeUpdate(CheckoutSession, { id: row.id, sessionId: null }, { sessionId, checkoutUrl });
  return em.findOneOrFail(CheckoutSession, { id: row.id }, { refresh: true });
}

/**
 * Step 3: the durable timer that closes the discounted session when its hold lapses (once per
 * checkout). Without it the session could be paid at the reduced price after its place was given
 * back, so the checkout is refused until it runs; a retry reuses the same session.
 */
async function watchHold(context: CheckoutContext, row: CheckoutSession, holdExpiresAt: Date): Promise<void> {
  try {
    await context.holds.watch(row.id, holdExpiresAt);
  } catch (error) {
    log.error({ err: error, checkoutId: row.id }, 'launch-offer hold timer not started');
    throw new HttpError(503, PAYMENT_MESSAGES.checkoutUnavailable);
  }
}

/**
 * `POST /api/briefs/:briefId/checkout`: the brief's open session (made if needed) and its payment
 * page. Counted as `created`, `refused` (the caller's request: unknown, not theirs, not payable) or
 * `failed` (ours, or Stripe's).
 */
export async function startCheckout(
  context: CheckoutContext,
  briefId: string,
  user: AuthUser | undefined,
  buyer: BuyerInput | null = null,
): Promise<CheckoutAnswer> {
  try {
    const opened = await openCheckoutSession(context, briefId, user, buyer);
    context.launchOfferChanged();
    const row = await ensureStripeSession(context, opened);
    if (row.holdExpiresAt) await watchHold(context, row, row.holdExpiresAt);
    context.countOutcome('created');
    return answerOf(row, row.simulated);
  } catch (error) {
    context.countOutcome(error instanceof HttpError && error.status < 500 ? 'refused' : 'failed');
    throw error;
  }
}
