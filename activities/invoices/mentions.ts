/**
 * The French legal mentions an invoice prints and its Factur-X XML repeats as notes (docs/invoicing.md
 * says which article each one implements), and the French formats they use.
 */
import { type BuyerDetails, type InvoiceDocument, type SellerIdentity } from '../../domain/invoicing';

const SERVICE_CATEGORY_MENTION = 'Prestation de services';
export const RECOVERY_FEE_MENTION = 'Indemnité forfaitaire pour frais de recouvrement : 40\u00a0€';
export const NO_DISCOUNT_MENTION = 'Pas d’escompte pour paiement anticipé';

export function formatMoney(cents: number, currency: InvoiceDocument['currency']): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency })
    .format(cents / 100)
    .replace(/\u202f/g, '\u00a0');
}

export function formatFrenchDate(date: Date): string {
  return new Intl.DateTimeFormat('fr-FR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(date);
}

/** A business buyer gave a company name; the penalty and recovery-fee mentions are owed to it (art. L441-10 C. com.). */
export function isBusinessBuyer(buyer: BuyerDetails): boolean {
  return buyer.companyName !== null;
}

/** « SAS au capital de 10 000 € · RCS Paris 732 829 320 · SIRET 732 829 320 00074 ». */
export function sellerRegistrationMention(seller: SellerIdentity): string {
  const siren = seller.siret.slice(0, 9);
  const spacedSiren = siren.replace(/(\d{3})(?=\d)/g, '$1\u00a0');
  const capital = seller.capitalCents === null ? '' : ` au capital de ${formatMoney(seller.capitalCents, 'EUR')}`;
  return [
    `${seller.legalForm}${capital}`,
    seller.rcsCity ? `RCS ${seller.rcsCity} ${spacedSiren}` : `SIREN ${spacedSiren}`,
    `SIRET ${spacedSiren}\u00a0${seller.siret.slice(9)}`,
  ].join(' · ');
}

export function latePenaltyMention(seller: SellerIdentity): string {
  const rate = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(seller.latePenaltyRatePercent);
  return `Pénalités de retard : ${rate}\u00a0% par an, exigibles dès le lendemain de l’échéance`;
}

export function paymentTermsMention(document: InvoiceDocument): string {
  if (document.kind === 'credit_note')
    return `Remboursement au client, échéance le ${formatFrenchDate(document.dueDate)}`;
  const days = document.seller.paymentTermsDays;
  const terms = days === 0 ? 'Paiement à réception' : `Paiement à ${days}\u00a0jours`;
  return `${terms}, échéance le ${formatFrenchDate(document.dueDate)}`;
}

/** The mentions every document carries besides its amounts and VAT, in print order. */
export function legalMentions(document: InvoiceDocument): string[] {
  return [
    SERVICE_CATEGORY_MENTION,
    paymentTermsMention(document),
    ...(isBusinessBuyer(document.buyer) ? [latePenaltyMention(document.seller), RECOVERY_FEE_MENTION] : []),
    NO_DISCOUNT_MENTION,
  ];
}
