import { randomBytes } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { briefTitle } from '../../domain/brief-options';
import {
  briefNotPayableMessage,
  briefPaymentPath,
  PAYMENT_MESSAGES,
  type BriefPaymentSummary,
  type CheckoutAnswer,
  type PaymentCurrency,
  type PaymentState,
  type SimulatedCheckoutView,
  type UnpaidBrief,
} from '../../domain/payments';
import { BRIEF_PAYMENT_WINDOW } from '../../workflows/contracts/brief';
import { Brief, CheckoutSession, Project } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import type { AuthUser } from '../middleware/auth';
import { readPublicPricingSettings } from '../routes/pricing';
import { claimLaunchOfferPlace } from './launch-offer';

/** How long a checkout session stays payable (Stripe accepts 30 min to 24 h). It also bounds how long an unpaid session holds a launch-offer place. */
const CHECKOUT_SESSION_LIFETIME_MS = 60 * 60 * 1000;
/** Stripe refuses an `expires_at` closer than 30 minutes. */
const STRIPE_MINIMUM_LIFETIME_MS = 30 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** `BRIEF_PAYMENT_WINDOW` ('7 days') in milliseconds: a session never outlives its brief's window. */
const PAYMENT_WINDOW_MS = Number.parseInt(BRIEF_PAYMENT_WINDOW, 10) * DAY_MS;

/**
 * `stripe`: real Stripe Checkout (a secret key is configured) — Stripe's session id and page are
 * used. `simulated`: no key; the api still calls stripe-mock so every call's shape is validated,
 * but the session id and page are its own (stripe-mock answers a fixed fixture).
 */
type StripeMode = 'stripe' | 'simulated';

export interface CheckoutServiceDeps {
  em: () => EntityManager;
  stripe: Stripe;
  mode: StripeMode;
  /** Public site address: Stripe's success and cancel pages, the simulated checkout page. */
  appUrl: string;
  /** Told once a checkout's transaction may have taken or given back a launch-offer place. */
  launchOfferChanged: () => void;
  now?: () => Date;
}

const currencyOf = (brief: Brief): PaymentCurrency => (brief.currency === 'USD' ? 'usd' : 'eur');

export function successUrl(appUrl: string): string {
  return `${appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`;
}

/** Stripe's "back" link: the brief's payment page. */
function briefPaymentUrl(appUrl: string, briefId: string): string {
  return `${appUrl}${briefPaymentPath(briefId)}`;
}

function simulatedCheckoutUrl(appUrl: string, sessionId: string): string {
  return `${appUrl}/checkout/simulated?session_id=${encodeURIComponent(sessionId)}`;
}

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

function productName(brief: Brief, launchOffer: boolean): string {
  const reference = brief.id.slice(0, 8).toUpperCase();
  return `${briefTitle(brief)} (réf. ${reference})${launchOffer ? ' — offre de lancement -30 %' : ''}`;
}

function answerOf(row: CheckoutSession, simulated: boolean): CheckoutAnswer {
  return {
    checkoutUrl: row.checkoutUrl ?? '',
    sessionId: row.sessionId ?? '',
    amount: row.amountCents,
    currency: row.currency as PaymentCurrency,
    launchOffer: row.launchOfferClaimed,
    simulated,
  };
}

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const appUrl = deps.appUrl.replace(/\/$/, '');

  /**
   * Step 1, one short transaction: the brief's row lock makes concurrent checkouts of one brief
   * share a single open session (and a single offer place); the offer place is claimed under the
   * setting's lock; the amount is decided here from the brief's frozen server estimate.
   */
  async function openSession(briefId: string, user: AuthUser | undefined): Promise<CheckoutSession> {
    return deps.em().transactional(async (tx) => {
      const brief = await tx.findOne(Brief, { id: briefId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!brief) throw new HttpError(404, PAYMENT_MESSAGES.briefNotFound);
      assertMayPay(brief, user);
      if (brief.status !== 'pending_payment') throw new HttpError(409, briefNotPayableMessage(brief.status));
      if ((await tx.count(CheckoutSession, { brief: briefId, status: { $in: ['paid', 'processing'] } })) > 0) {
        throw new HttpError(409, PAYMENT_MESSAGES.briefAlreadyPaid);
      }

      const current = now();
      const open = await tx.findOne(CheckoutSession, { brief: briefId, status: 'open' });
      if (open && open.expiresAt.getTime() - current.getTime() > 60_000) return open;
      // Lapsed without an `expired` event (the simulated checkout never sends one): give its place back.
      if (open) open.status = 'expired';
      await tx.flush();

      const windowEnd = brief.createdAt.getTime() + PAYMENT_WINDOW_MS;
      const expiresAt = Math.min(current.getTime() + CHECKOUT_SESSION_LIFETIME_MS, windowEnd);
      if (expiresAt - current.getTime() < STRIPE_MINIMUM_LIFETIME_MS)
        throw new HttpError(409, PAYMENT_MESSAGES.briefNotPayable);
      if (brief.priceCents == null || brief.offerPriceCents == null)
        throw new HttpError(409, PAYMENT_MESSAGES.briefNotPayable);

      const launchOffer = await claimLaunchOfferPlace(tx);
      const row = tx.create(CheckoutSession, {
        brief,
        amountCents: launchOffer ? brief.offerPriceCents : brief.priceCents,
        currency: currencyOf(brief),
        launchOfferClaimed: launchOffer,
        simulated: deps.mode === 'simulated',
        status: 'open',
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
  async function ensureStripeSession(row: CheckoutSession): Promise<CheckoutSession> {
    if (row.sessionId && row.checkoutUrl) return row;
    const em = deps.em();
    const brief = await em.findOneOrFail(Brief, { id: row.brief.id });
    let created: Stripe.Checkout.Session;
    try {
      created = await deps.stripe.checkout.sessions.create(
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
          success_url: successUrl(appUrl),
          cancel_url: briefPaymentUrl(appUrl, brief.id),
          expires_at: Math.floor(row.expiresAt.getTime() / 1000),
        },
        { idempotencyKey: `checkout-${row.id}` },
      );
    } catch (error) {
      console.error(`[payments] brief ${brief.id}: Stripe checkout session not created`, error);
      // The open row stays: the next attempt reuses it (same idempotency key, same offer place).
      throw new HttpError(503, PAYMENT_MESSAGES.checkoutUnavailable);
    }
    const sessionId = deps.mode === 'stripe' ? created.id : `cs_test_sim_${randomBytes(24).toString('hex')}`;
    const checkoutUrl = deps.mode === 'stripe' ? created.url : simulatedCheckoutUrl(appUrl, sessionId);
    if (!checkoutUrl) throw new HttpError(503, PAYMENT_MESSAGES.checkoutUnavailable);
    // Only the first answer is kept: a concurrent request that lost the race reads the winner's.
    await em.nativeUpdate(CheckoutSession, { id: row.id, sessionId: null }, { sessionId, checkoutUrl });
    return em.findOneOrFail(CheckoutSession, { id: row.id }, { refresh: true });
  }

  return {
    /** `POST /api/briefs/:briefId/checkout`. */
    async startCheckout(briefId: string, user: AuthUser | undefined): Promise<CheckoutAnswer> {
      const opened = await openSession(briefId, user);
      deps.launchOfferChanged();
      const row = await ensureStripeSession(opened);
      return answerOf(row, row.simulated);
    },

    /** `GET /api/briefs/:briefId/payment`: the resume-payment page. */
    async briefPaymentSummary(briefId: string): Promise<BriefPaymentSummary> {
      const em = deps.em();
      const brief = await em.findOne(Brief, { id: briefId });
      if (!brief) throw new HttpError(404, PAYMENT_MESSAGES.briefNotFound);
      const [project, open, pricing] = await Promise.all([
        em.findOne(Project, { brief: briefId }, { fields: ['id'] }),
        em.findOne(CheckoutSession, { brief: briefId, status: 'open', expiresAt: { $gt: now() } }),
        readPublicPricingSettings(em),
      ]);
      return {
        briefId,
        status: brief.status,
        currency: currencyOf(brief),
        priceCents: brief.priceCents ?? 0,
        offerPriceCents: brief.offerPriceCents ?? brief.priceCents ?? 0,
        launchOfferAvailable: open ? open.launchOfferClaimed : pricing.launchOffer.active,
        ...(project ? { projectId: project.id } : {}),
      };
    },

    /**
     * `GET /api/briefs/unpaid`: the caller's briefs still waiting for payment, newest first — sent
     * from their account, or to their verified e-mail (as the projects of the dashboard).
     */
    async unpaidBriefs(user: AuthUser): Promise<UnpaidBrief[]> {
      const em = deps.em();
      const owner = user.emailVerified
        ? [{ clientId: user.id }, { email: user.email.toLowerCase() }]
        : [{ clientId: user.id }];
      const [briefs, pricing] = await Promise.all([
        em.find(Brief, { status: 'pending_payment', $or: owner }, { orderBy: { createdAt: 'desc' } }),
        readPublicPricingSettings(em),
      ]);
      const open = await em.find(CheckoutSession, {
        brief: { $in: briefs.map((brief) => brief.id) },
        status: 'open',
        expiresAt: { $gt: now() },
      });
      const claimed = new Map(open.map((row) => [row.brief.id, row.launchOfferClaimed]));
      return briefs.map((brief) => {
        const priceCents = brief.priceCents ?? 0;
        const offer = claimed.get(brief.id) ?? pricing.launchOffer.active;
        return {
          briefId: brief.id,
          title: briefTitle(brief),
          createdAt: brief.createdAt.toISOString(),
          currency: currencyOf(brief),
          priceCents,
          amountDueCents: offer ? (brief.offerPriceCents ?? priceCents) : priceCents,
        };
      });
    },

    /** `GET /api/payments/:sessionId`: the payment return page's state, from our rows only. */
    async paymentState(sessionId: string): Promise<PaymentState | null> {
      const em = deps.em();
      const row = await em.findOne(CheckoutSession, { sessionId });
      if (!row) return null;
      const project = await em.findOne(Project, { brief: row.brief.id }, { fields: ['id'] });
      if (project) return { state: 'success', projectId: project.id };
      if (row.needsAttention) return { state: 'error', message: PAYMENT_MESSAGES.projectCreationFailed };
      if (row.status === 'failed' || row.status === 'expired')
        return { state: 'error', message: PAYMENT_MESSAGES.paymentNotCompleted };
      // open (the webhook is on its way), processing (asynchronous method), paid (project being created)
      return { state: 'creating' };
    },

    /** The simulated checkout page's content, and our row id (the event's `metadata.checkoutId`). */
    async simulatedSession(sessionId: string): Promise<{ view: SimulatedCheckoutView; checkoutId: string } | null> {
      const em = deps.em();
      const row = await em.findOne(CheckoutSession, { sessionId, simulated: true }, { populate: ['brief'] });
      if (!row) return null;
      const lapsed = row.status === 'open' && row.expiresAt <= now();
      const view: SimulatedCheckoutView = {
        sessionId,
        briefId: row.brief.id,
        amount: row.amountCents,
        currency: row.currency as PaymentCurrency,
        launchOffer: row.launchOfferClaimed,
        customerEmail: row.brief.email,
        status: lapsed ? 'expired' : row.status,
        cancelUrl: briefPaymentUrl(appUrl, row.brief.id),
      };
      return { view, checkoutId: row.id };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
