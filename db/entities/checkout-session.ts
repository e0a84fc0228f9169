import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { BuyerInput } from '../../domain/invoicing';
import { Brief } from './brief';
import { check, createdAt, sqlIndex, timestamp, updatedAt, userId, uuidPk } from './columns';

/**
 * open → paid; open → processing (asynchronous method) → paid | failed; open → expired; a payment
 * that cannot be kept (second payment of the brief, wrong amount, offer place gone) → refunded.
 */
const CHECKOUT_SESSION_STATUSES = ['open', 'processing', 'paid', 'expired', 'failed', 'refunded'] as const;
const REFUND_REASONS = ['duplicate', 'amount', 'offer_gone'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];

/**
 * One checkout started for a brief, recorded by the api before Stripe is called: its amount
 * (decided here, never by the browser), whether it holds a launch-offer place, and its state as
 * the verified webhooks report it. stripe-mock is stateless, so the simulated checkout reads its
 * session from this table too.
 */
export const CheckoutSession = defineEntity({
  name: 'CheckoutSession',
  tableName: 'checkout_sessions',
  properties: {
    /** Ours; also the Stripe idempotency key and `metadata.checkoutId`. */
    id: uuidPk(),
    /** Column `brief_id`. */
    brief: () => p.manyToOne(Brief).deleteRule('cascade'),
    /** Stripe's `cs_…` id, or the simulated checkout's `cs_test_sim_…`; null until Stripe answered. */
    sessionId: p.text().nullable().unique('checkout_sessions_session_id_unique'),
    checkoutUrl: p.text().nullable(),
    /** True for the local simulated checkout (no real key configured). */
    simulated: p.boolean().default(false),
    status: p.enum([...CHECKOUT_SESSION_STATUSES]).default('open'),
    /** Charged amount, integer cents of `currency`. */
    amountCents: p.integer(),
    /** Lower-case ISO code, as Stripe writes it. */
    currency: p.enum(['eur', 'usd']),
    /** True when this session holds one of the launch-offer places (released when it expires or fails). */
    launchOfferClaimed: p.boolean().default(false),
    /** Whose place it is: the brief's e-mail, normalised (`launchOfferClientKey`). */
    clientKey: p.text(),
    /** The brief's account, when it was sent signed in: one place per account too. */
    clientAccountId: userId().nullable(),
    /** End of the place's hold (discounted sessions): unpaid by then, the place is free again. */
    holdExpiresAt: p.datetime().nullable(),
    expiresAt: p.datetime(),
    paidAt: timestamp(),
    /** What Stripe reports as paid, integer cents. */
    amountPaidCents: p.integer().nullable(),
    paymentIntentId: p.text().nullable(),
    /** The Stripe event that settled the session (paid, failed or expired). */
    settledByEventId: p.text().nullable(),
    /** Set when something about this payment needs an admin (e.g. paid after the brief expired). */
    needsAttention: p.text().nullable(),
    refundReason: p.enum([...REFUND_REASONS]).nullable(),
    /** Stripe's `re_…` once the refund is made. */
    refundId: p.text().nullable(),
    /** What the client gave for the invoice (company, address, SIREN, VAT number), if anything. */
    buyer: p.json<BuyerInput>().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [check('checkout_sessions', 'amount_cents', 'amount_cents >= 0')],
  indexes: [
    sqlIndex('checkout_sessions', 'checkout_sessions_brief_id_created_at_index', '"brief_id", "created_at" desc'),
    sqlIndex('checkout_sessions', 'checkout_sessions_launch_offer_index', '"status"', '"launch_offer_claimed"'),
    // At most one open checkout per brief: a double click or a second tab reuses it.
    {
      name: 'checkout_sessions_one_open_per_brief',
      expression: `create unique index "checkout_sessions_one_open_per_brief" on "checkout_sessions" ("brief_id") where "status" = 'open'`,
    },
    // One live launch-offer place per client, whatever the number of api instances.
    {
      name: 'checkout_sessions_one_offer_place_per_client',
      expression: `create unique index "checkout_sessions_one_offer_place_per_client" on "checkout_sessions" ("client_key") where "launch_offer_claimed" and "status" in ('open', 'processing', 'paid')`,
    },
  ],
});
export type CheckoutSession = InferEntity<typeof CheckoutSession>;
