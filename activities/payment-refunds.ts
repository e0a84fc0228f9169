import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ApplicationFailure } from '@temporalio/common';
import type Stripe from 'stripe';
import { formatMoney } from '../domain/brief-estimate';
import { Brief, CheckoutSession } from '../db/entities';
import type { RefundReason } from '../db/entities/checkout-session';
import { recordAudit } from '../db/audit';
import { PAYMENT_REFUND_TEMPLATE, REFUND_NOT_RECORDED } from '../workflows/contracts/payment-refund';
import type { PaymentRefundActivities } from '../workflows/payment-refund-activities';
import { escapeHtml, layout, renderMjml } from './mail/render';
import { briefReference } from '../domain/payments';
import { resumePaymentUrl, section } from './payments-mail';

export interface PaymentRefundDeps {
  orm: MikroORM;
  stripe: Stripe;
  appUrl: string;
}

/** Why the payment was refunded, as the payer reads it. */
const REASON_SENTENCES: Record<RefundReason, string> = {
  duplicate: 'ce brief était déjà payé : ce second paiement vous est intégralement remboursé.',
  amount: 'le montant payé ne correspond pas au montant dû : il vous est intégralement remboursé.',
  offer_gone:
    'la réservation de votre place à l’offre de lancement avait pris fin et les places sont épuisées : ce paiement au tarif réduit vous est intégralement remboursé.',
};

/** Activities of the refund; each is idempotent (run twice, one refund, one audit line). */
export function createPaymentRefundActivities(deps: PaymentRefundDeps): PaymentRefundActivities {
  async function refundedCheckout(checkoutId: string) {
    const row = await deps.orm.em.fork().findOne(CheckoutSession, { id: checkoutId }, { populate: ['brief'] });
    if (!row || row.status !== 'refunded' || !row.refundReason) {
      // The webhook starts this workflow before its transaction commits.
      throw ApplicationFailure.retryable(`Checkout ${checkoutId} is not recorded as refunded yet`, REFUND_NOT_RECORDED);
    }
    return row;
  }

  return {
    async refundPayment(checkoutId) {
      const row = await refundedCheckout(checkoutId);
      if (row.refundId) return { refundId: row.refundId };
      if (!row.paymentIntentId)
        throw ApplicationFailure.nonRetryable(`Checkout ${checkoutId} has no payment intent to refund`);
      const refund = await deps.stripe.refunds.create(
        { payment_intent: row.paymentIntentId, reason: row.refundReason === 'duplicate' ? 'duplicate' : undefined },
        { idempotencyKey: `refund-${row.paymentIntentId}` },
      );
      await deps.orm.em.fork().transactional(async (em) => {
        const locked = await em.findOneOrFail(
          CheckoutSession,
          { id: checkoutId },
          { lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        if (locked.refundId) return;
        locked.refundId = refund.id;
        await recordAudit(em, {
          actorId: 'system',
          actorEmail: 'Remboursement automatique',
          action: 'payment.refund',
          targetType: 'brief',
          targetId: row.brief.id,
          targetLabel: `Brief ${briefReference(row.brief.id)}`,
          after: {
            refundId: refund.id,
            paymentIntentId: row.paymentIntentId,
            amountCents: row.amountPaidCents,
            currency: row.currency,
            reason: row.refundReason,
          },
        });
      });
      return { refundId: refund.id };
    },

    async renderRefundEmail(checkoutId) {
      const row = await refundedCheckout(checkoutId);
      const brief: Brief = row.brief;
      const reference = briefReference(brief.id);
      const amount = formatMoney(row.amountPaidCents ?? row.amountCents, row.currency.toUpperCase());
      const payAgain = row.refundReason !== 'duplicate';
      const link = resumePaymentUrl(deps.appUrl, brief.id);
      const lines = [
        'Bonjour,',
        `Nous vous remboursons ${amount} payés pour votre brief (référence ${reference}) : ${REASON_SENTENCES[row.refundReason ?? 'amount']}`,
        'Le remboursement apparaît sur votre relevé sous 5 à 10 jours ouvrés.',
        ...(payAgain
          ? ['Votre brief reste en attente : vous pouvez le payer au montant dû depuis le lien ci-dessous.']
          : []),
      ];
      return {
        template: PAYMENT_REFUND_TEMPLATE,
        to: brief.email,
        subject: `Remboursement de ${amount} (réf. ${reference})`,
        html: await renderMjml(
          layout({
            preview: `Remboursement de ${amount}.`,
            appUrl: deps.appUrl,
            body: section(
              'Paiement remboursé',
              lines.map(escapeHtml),
              payAgain ? { href: link, label: 'Payer le brief' } : undefined,
            ),
          }),
        ),
        text: [...lines, ...(payAgain ? ['', `Payer le brief : ${link}`] : []), '', 'L’équipe Rushflow'].join('\n'),
      };
    },
  };
}
