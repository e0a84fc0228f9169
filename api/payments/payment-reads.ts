import { briefTitle } from '../../domain/brief-options';
import {
  PAYMENT_MESSAGES,
  type BriefPaymentSummary,
  type PaymentCurrency,
  type PaymentState,
  type SimulatedCheckoutView,
  type UnpaidBrief,
} from '../../domain/payments';
import { Brief, CheckoutSession, Project } from '../../db/entities';
import { HttpError } from '../lib/http-error';
import type { AuthUser } from '../middleware/auth';
import { readPublicPricingSettings } from '../pricing/pricing-settings';
import type { CheckoutContext } from './checkout-deps';
import { briefPaymentUrl } from './checkout-urls';
import { currencyOf, payableUntil } from './start-checkout';

/** Open sessions still payable at their amount at `now`: a discounted one only while its place is held. */
const payableOpenSessions = (now: Date) => ({
  status: 'open' as const,
  $or: [{ holdExpiresAt: { $gt: now } }, { holdExpiresAt: null, expiresAt: { $gt: now } }],
});

/** `GET /api/briefs/:briefId/payment`: the resume-payment page. */
export async function briefPaymentSummary(context: CheckoutContext, briefId: string): Promise<BriefPaymentSummary> {
  const em = context.em();
  const brief = await em.findOne(Brief, { id: briefId });
  if (!brief) throw new HttpError(404, PAYMENT_MESSAGES.briefNotFound);
  const [project, open, pricing] = await Promise.all([
    em.findOne(Project, { brief: briefId }, { fields: ['id'] }),
    em.findOne(CheckoutSession, { brief: briefId, ...payableOpenSessions(context.now()) }),
    readPublicPricingSettings(em),
  ]);
  return {
    briefId,
    status: brief.status,
    currency: currencyOf(brief),
    priceCents: brief.priceCents ?? 0,
    offerPriceCents: brief.offerPriceCents ?? brief.priceCents ?? 0,
    launchOfferAvailable: open ? open.launchOfferClaimed : pricing.launchOffer.active,
    ...(open?.holdExpiresAt ? { launchOfferHeldUntil: open.holdExpiresAt.toISOString() } : {}),
    ...(project ? { projectId: project.id } : {}),
  };
}

/**
 * `GET /api/briefs/unpaid`: the caller's briefs still waiting for payment, newest first — sent
 * from their account, or to their verified e-mail (as the projects of the dashboard).
 */
export async function unpaidBriefs(context: CheckoutContext, user: AuthUser): Promise<UnpaidBrief[]> {
  const em = context.em();
  const owner = user.emailVerified
    ? [{ clientId: user.id }, { email: user.email.toLowerCase() }]
    : [{ clientId: user.id }];
  const [briefs, pricing] = await Promise.all([
    em.find(Brief, { status: 'pending_payment', $or: owner }, { orderBy: { createdAt: 'desc' } }),
    readPublicPricingSettings(em),
  ]);
  const open = await em.find(CheckoutSession, {
    brief: { $in: briefs.map((brief) => brief.id) },
    ...payableOpenSessions(context.now()),
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
}

/** `GET /api/payments/:sessionId`: the payment return page's state, from our rows only. */
export async function paymentState(context: CheckoutContext, sessionId: string): Promise<PaymentState | null> {
  const em = context.em();
  const row = await em.findOne(CheckoutSession, { sessionId });
  if (!row) return null;
  const project = await em.findOne(Project, { brief: row.brief.id }, { fields: ['id'] });
  if (project) return { state: 'success', projectId: project.id };
  if (row.needsAttention) return { state: 'error', message: PAYMENT_MESSAGES.projectCreationFailed };
  if (row.status === 'failed' || row.status === 'expired')
    return { state: 'error', message: PAYMENT_MESSAGES.paymentNotCompleted };
  // open (the webhook is on its way), processing (asynchronous method), paid (project being created)
  return { state: 'creating' };
}

/** The simulated checkout page's content, and our row id (the event's `metadata.checkoutId`). */
export async function simulatedSession(
  context: CheckoutContext,
  sessionId: string,
): Promise<{ view: SimulatedCheckoutView; checkoutId: string } | null> {
  const em = context.em();
  const row = await em.findOne(CheckoutSession, { sessionId, simulated: true }, { populate: ['brief'] });
  if (!row) return null;
  const lapsed = row.status === 'open' && payableUntil(row) <= context.now();
  const view: SimulatedCheckoutView = {
    sessionId,
    briefId: row.brief.id,
    amount: row.amountCents,
    currency: row.currency as PaymentCurrency,
    launchOffer: row.launchOfferClaimed,
    ...(row.holdExpiresAt ? { launchOfferHeldUntil: row.holdExpiresAt.toISOString() } : {}),
    customerEmail: row.brief.email,
    status: lapsed ? 'expired' : row.status,
    cancelUrl: briefPaymentUrl(context.appUrl, row.brief.id),
  };
  return { view, checkoutId: row.id };
}
