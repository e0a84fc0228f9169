import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { PaymentConfirmation } from '../../workflows/contracts/brief';
import { Brief, CheckoutSession } from '../../db/entities';
import type { RefundReason } from '../../db/entities/checkout-session';
import { claimLaunchOfferPlace } from '../pricing/launch-offer';
import type { BriefWorkflowClient } from '../briefs/brief-workflow-client';
import type { PaymentWebhookOutcome } from '../metrics/metrics-registry';
import type { BillingDocumentClient } from '../billing/billing-document-client';
import { issueInvoiceForPayment } from '../billing/issue-invoice';

/** Stripe's default tolerance: a signature older than this is refused (replay protection). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
] as const;
type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export class WebhookSignatureError extends Error {
  constructor(cause: unknown) {
    super('Invalid Stripe webhook signature', { cause });
    this.name = 'WebhookSignatureError';
  }
}

export type WebhookOutcome =
  | 'ignored' // an event type we do not handle, or a session that is not ours
  | 'duplicate' // this event id was already processed
  | 'paid'
  | 'processing'
  | 'failed'
  | 'expired'
  | 'refunded' // paid, but not kept: the second payment of a brief, a wrong amount, an offer place gone
  | 'unchanged'; // a late or repeated state (e.g. expired after paid): nothing to do

export interface StripeWebhookDeps {
  em: () => EntityManager;
  stripe: Stripe;
  webhookSecret: string;
  briefs: Pick<BriefWorkflowClient, 'confirmPayment' | 'refundPayment'>;
  /** Renders and keeps the invoice a kept payment gets. */
  billing: Pick<BillingDocumentClient, 'documentRecorded'>;
  /**
   * Test hook, called inside the transaction after the state change and the workflow signal, just
   * before the commit: throwing there rolls everything back (the event is not marked processed).
   */
  beforeCommit?: (event: Stripe.Event) => void | Promise<void>;
  /** Told once a committed event changed a session's state: a launch-offer place may be taken or given back. */
  launchOfferChanged: () => void;
  /** Counts what each delivery came to (the api's metrics). */
  countOutcome: (outcome: PaymentWebhookOutcome) => void;
}

/** The outcomes that left a session's state as it was. */
const NO_CHANGE: readonly WebhookOutcome[] = ['ignored', 'duplicate', 'unchanged'];

function isHandled(type: string): type is HandledEventType {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
}

function paymentIntentIdOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === 'string' ? intent : (intent?.id ?? null);
}

/**
 * `POST /api/webhooks/stripe`. The signature is checked on the raw body first: a bad or stale one
 * changes nothing. Then, in ONE transaction: the event id is inserted into
 * `processed_webhook_events` (a repeat finds it and stops; a concurrent repeat waits on the
 * uncommitted row), the checkout session is moved forward, and for a payment the invoice is
 * numbered and the brief's workflow signalled — before the commit, so a failure anywhere rolls back
 * the dedupe row and the invoice's number, and Stripe's retry does it all again. The workflow
 * ignores a second confirmation.
 */
export function createStripeWebhookHandler(deps: StripeWebhookDeps) {
  const handle = handleWebhook(deps);
  // Counted as the metrics name them: a state moved forward (or found already there) is processed.
  return async function counted(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    try {
      const outcome = await handle(rawBody, signature);
      deps.countOutcome(outcome === 'ignored' || outcome === 'duplicate' ? outcome : 'processed');
      return outcome;
    } catch (error) {
      deps.countOutcome(error instanceof WebhookSignatureError ? 'invalid_signature' : 'error');
      throw error;
    }
  };
}

/** One delivery's handling, as described above. */
function handleWebhook(deps: StripeWebhookDeps) {
  return async function handle(rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
    let event: Stripe.Event;
    try {
      event = deps.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        deps.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      throw new WebhookSignatureError(error);
    }
    if (!isHandled(event.type)) return 'ignored';
    const type = event.type;
    const session = event.data.object as Stripe.Checkout.Session;

    const outcome = await deps.em().transactional(async (tx): Promise<WebhookOutcome> => {
      const inserted = await tx
        .getConnection()
        .execute<{ id: string }[]>(
          `insert into "processed_webhook_events" ("id", "type") values (?, ?) on conflict ("id") do nothing returning "id"`,
          [event.id, event.type],
          'all',
          tx.getTransactionContext(),
        );
      if (inserted.length === 0) return 'duplicate';

      const checkoutId = session.metadata?.checkoutId;
      const row =
        (checkoutId
          ? await tx.findOne(CheckoutSession, { id: checkoutId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
          : null) ??
        (await tx.findOne(CheckoutSession, { sessionId: session.id }, { lockMode: LockMode.PESSIMISTIC_WRITE }));
      if (!row || (row.sessionId && row.sessionId !== session.id && !row.simulated)) return 'ignored';

      const applied = await applyEvent(tx, row, type, session, event, deps);
      await deps.beforeCommit?.(event);
      return applied;
    });
    if (!NO_CHANGE.includes(outcome)) deps.launchOfferChanged();
    return outcome;
  };
}

/**
 * Why a payment cannot be kept, or null: the brief is already paid by another session, the amount
 * or currency is not what this session was opened for, or the session's launch-offer place can no
 * longer be claimed (its hold lapsed and the places ran out, or the client has one already). The
 * brief's row lock orders two payments of one brief.
 */
async function refundReasonOf(
  tx: EntityManager,
  row: CheckoutSession,
  session: Stripe.Checkout.Session,
): Promise<RefundReason | null> {
  await tx.findOne(Brief, { id: row.brief.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if ((await tx.count(CheckoutSession, { brief: row.brief.id, status: 'paid', id: { $ne: row.id } })) > 0)
    return 'duplicate';
  if (session.amount_total !== row.amountCents || (session.currency && session.currency !== row.currency))
    return 'amount';
  if (row.launchOfferClaimed) {
    const client = { clientKey: row.clientKey, clientAccountId: row.clientAccountId ?? null };
    if (!(await claimLaunchOfferPlace(tx, client, row.id))) return 'offer_gone';
  }
  return null;
}

async function applyEvent(
  tx: EntityManager,
  row: CheckoutSession,
  type: HandledEventType,
  session: Stripe.Checkout.Session,
  event: Stripe.Event,
  { briefs, billing }: Pick<StripeWebhookDeps, 'briefs' | 'billing'>,
): Promise<WebhookOutcome> {
  const paidNow =
    type === 'checkout.session.async_payment_succeeded' ||
    (type === 'checkout.session.completed' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'));

  if (paidNow) {
    if (row.status === 'paid' || row.status === 'refunded') return 'unchanged';
    // Money moved: this wins over any earlier local state (even a lapsed or expired session).
    row.sessionId ??= session.id;
    row.paidAt = new Date(event.created * 1000);
    row.amountPaidCents = session.amount_total ?? row.amountCents;
    row.paymentIntentId = paymentIntentIdOf(session);
    row.settledByEventId = event.id;
    const refundReason = await refundReasonOf(tx, row, session);
    if (refundReason) {
      row.status = 'refunded';
      row.refundReason = refundReason;
      await tx.flush();
      await briefs.refundPayment(row.id);
      return 'refunded';
    }
    row.status = 'paid';
    await tx.flush();
    // The invoice's number is taken here: a rollback below gives it back (no gap in the sequence).
    await issueInvoiceForPayment(tx, row);
    await tx.flush();
    await billing.documentRecorded({ kind: 'invoice', checkoutSessionId: row.id });
    const confirmation: PaymentConfirmation = {
      sessionId: row.sessionId,
      eventId: event.id,
      amount: row.amountPaidCents,
      currency: row.currency === 'usd' ? 'usd' : 'eur',
    };
    const delivery = await briefs.confirmPayment(row.brief.id, confirmation);
    if (delivery === 'restarted') {
      row.needsAttention =
        'Paiement reçu après la fermeture du workflow du brief : workflow relancé pour créer le projet.';
      await tx.flush();
    }
    return 'paid';
  }

  if (type === 'checkout.session.completed') {
    // Completed with an asynchronous method still clearing: the place stays held until it settles.
    if (row.status !== 'open') return 'unchanged';
    row.status = 'processing';
    row.sessionId ??= session.id;
    await tx.flush();
    return 'processing';
  }

  // Stripe expires only open sessions, and fails only asynchronous payments still clearing; any
  // other combination is a late or repeated event. Either way the offer place is released.
  const next = type === 'checkout.session.expired' ? 'expired' : 'failed';
  const from = next === 'expired' ? ['open'] : ['open', 'processing'];
  if (!from.includes(row.status)) return 'unchanged';
  row.status = next;
  row.settledByEventId = event.id;
  await tx.flush();
  return row.status;
}
