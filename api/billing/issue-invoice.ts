import type { EntityManager } from '@mikro-orm/postgresql';
import { briefTitle, briefVideoTypeText } from '../../domain/brief-options';
import { buildInvoiceDocument, documentYear, type BuyerDetails } from '../../domain/invoicing';
import { briefReference } from '../../domain/payments';
import { LAUNCH_OFFER_PERCENT } from '../../domain/pricing';
import { recordBillingDocument, takeDocumentNumber } from '../../db/billing-documents';
import { BillingDocument, Brief, type CheckoutSession } from '../../db/entities';
import { readSeller, readSettings } from '../../db/settings';
import { revisionRuleSentence } from '../../domain/revision-rule';

class SellerNotConfiguredError extends Error {
  constructor() {
    super('The seller identity (Admin › Paramètres › Facturation) is not configured');
    this.name = 'SellerNotConfiguredError';
  }
}

/**
 * The invoice of a payment the webhook keeps, issued in the webhook's transaction: its number is
 * taken there (no gap if anything rolls back) and everything it prints is frozen in the row. The
 * PDF follows in the billing-document workflow. A repeated delivery finds the invoice already there.
 */
export async function issueInvoiceForPayment(tx: EntityManager, payment: CheckoutSession): Promise<BillingDocument> {
  const existing = await tx.findOne(BillingDocument, { checkoutSessionId: payment.id });
  if (existing) return existing;
  const seller = await readSeller(tx);
  if (!seller) throw new SellerNotConfiguredError();
  const brief = await tx.findOneOrFail(Brief, { id: payment.brief.id });
  const issuedAt = payment.paidAt ?? new Date();
  const year = documentYear(issuedAt);
  const numbering = await takeDocumentNumber(tx, 'invoice', year);
  const buyer: BuyerDetails = {
    email: brief.email,
    name: null,
    companyName: payment.buyer?.companyName ?? null,
    address: payment.buyer?.address ?? null,
    siren: payment.buyer?.siren ?? null,
    vatNumber: payment.buyer?.vatNumber ?? null,
  };
  const document = buildInvoiceDocument({
    number: numbering.number,
    issuedAt,
    paidAt: issuedAt,
    seller,
    buyer,
    currency: payment.currency === 'usd' ? 'USD' : 'EUR',
    projectReference: briefReference(brief.id),
    projectTitle: briefTitle(brief),
    videoTypeWords: briefVideoTypeText(brief),
    hours: brief.estimatedHours ?? 1,
    chargedCents: payment.amountPaidCents ?? payment.amountCents,
    fullPriceCents: payment.launchOfferClaimed ? (brief.priceCents ?? null) : null,
    launchOfferLabel: `Offre de lancement (-${100 - LAUNCH_OFFER_PERCENT} %)`,
    // The revisions the price includes, as every page states them (the project copies this quota).
    serviceTerms: revisionRuleSentence(await readSettings(tx)),
  });
  return recordBillingDocument(
    tx,
    document,
    { year, sequence: numbering.sequence },
    { checkoutSessionId: payment.id, briefId: brief.id, clientId: brief.clientId ?? null },
  );
}
