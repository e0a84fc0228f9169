/**
 * Invoices and credit notes as French law and EN 16931 describe them (docs/invoicing.md says which
 * rule each mention implements). Pure: the api allocates and stores, the worker renders the
 * Factur-X PDF, the admin's Paramètres edit the seller, the checkout form validates the buyer.
 */

export const VAT_REGIMES = ['normal', 'franchise'] as const;
/** `normal`: 20 % on every line; `franchise`: no VAT, « TVA non applicable, art. 293 B du CGI ». */
export type VatRegime = (typeof VAT_REGIMES)[number];

/** The seller as the admin's Paramètres record it (setting `seller`), copied into each document. */
export interface SellerIdentity {
  legalName: string;
  /** « SAS », « SARL », « EI »… */
  legalForm: string;
  /** Share capital in euro cents; null for a sole trader (no capital to state). */
  capitalCents: number | null;
  address: PostalAddress;
  /** 14 digits; the SIREN is its first 9. */
  siret: string;
  /** City of the trade register (« RCS Paris »); null for a business not registered there. */
  rcsCity: string | null;
  /** « FR » + 2-digit key + SIREN; null under the franchise regime. */
  vatNumber: string | null;
  vatRegime: VatRegime;
  /** Annual late-payment penalty rate in percent, e.g. 10.15 (three times the legal rate at least). */
  latePenaltyRatePercent: number;
  /** Days between issue and due date; 0 = payable on receipt. */
  paymentTermsDays: number;
  email: string;
}

export interface PostalAddress {
  line1: string;
  line2: string | null;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/** The buyer as the checkout form took it; a business when it gave a company name. */
export interface BuyerDetails {
  email: string;
  /** The person's name, when known (account or brief). */
  name: string | null;
  companyName: string | null;
  address: PostalAddress | null;
  /** 9 digits, checksum valid. */
  siren: string | null;
  vatNumber: string | null;
}

/** What the checkout form asks for the invoice (all optional; a business gives its company name). */
export type BuyerInput = Pick<BuyerDetails, 'companyName' | 'address' | 'siren' | 'vatNumber'>;

/** The year a document belongs to (its numbering, its financial year): the issue date's, in Paris. */
export function documentYear(issuedAt: Date): number {
  return Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Europe/Paris' }).format(issuedAt));
}

export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** One line of the document; amounts are positive, in cents of the document's currency. */
interface DocumentLine {
  /** In French words: « Montage vidéo — « Titre » (vidéo YouTube) ». */
  designation: string;
  /** Hours, up to 2 decimals. */
  quantity: number;
  /** Unit price excluding VAT, in hundredths of a cent (4 decimals) so that quantity × price is the line amount. */
  unitPriceHtTenThousandths: number;
  /** Line amount excluding VAT. */
  netCents: number;
}

/** A discount on the whole document (the launch offer), excluding VAT. */
interface DocumentAllowance {
  reason: string;
  amountCents: number;
}

interface DocumentTotals {
  /** Sum of the lines, before allowances. */
  linesCents: number;
  allowancesCents: number;
  /** Taxable amount: lines − allowances. */
  htCents: number;
  /** 20 or 0. */
  vatRatePercent: number;
  vatCents: number;
  /** Taxable amount + VAT (EN 16931 BT-112). */
  ttcCents: number;
  /**
   * 0, or the 1 cent (BT-114) a charged price needs when no taxable amount gives it exactly: the sum
   * « HT + 20 % rounded » skips one cent value in six. `ttcCents + roundingCents` is what was charged.
   */
  roundingCents: number;
}

/** Everything an invoice or a credit note prints and its XML carries, frozen at issue. */
export interface InvoiceDocument {
  kind: DocumentKind;
  /** `2026-000123` (invoices) or `AV-2026-000007` (credit notes). */
  number: string;
  issuedAt: Date;
  /** The service's date (the payment: the work is ordered and paid at once). */
  serviceDate: Date;
  dueDate: Date;
  /** « Acquittée le … » when set. */
  paidAt: Date | null;
  currency: 'EUR' | 'USD';
  seller: SellerIdentity;
  buyer: BuyerDetails;
  lines: DocumentLine[];
  allowances: DocumentAllowance[];
  totals: DocumentTotals;
  /** For a credit note: the invoice it cancels, with its date. */
  refersTo: { number: string; issuedAt: Date } | null;
  /** For a credit note: why (« Annulation du projet », « Remboursement »). */
  creditReason: string | null;
  /** The project's reference, printed and carried as the buyer's reference. */
  projectReference: string;
}

/** The standard French VAT rate the normal regime applies to every service. */
const STANDARD_VAT_RATE_PERCENT = 20;

export const FRANCHISE_VAT_MENTION = 'TVA non applicable, art. 293 B du CGI';

/** Luhn's checksum, which SIREN and SIRET numbers carry. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** La Poste's establishments share SIREN 356000000; their SIRETs follow « sum of digits multiple of 5 » instead of Luhn. */
const LA_POSTE_SIREN = '356000000';

export function isValidSiren(value: string): boolean {
  return /^\d{9}$/.test(value) && luhnValid(value);
}

export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith(LA_POSTE_SIREN) && value !== `${LA_POSTE_SIREN}00048`) {
    return [...value].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  }
  return luhnValid(value);
}

/** The EU VAT number formats (VIES), after the 2-letter prefix; Greece writes EL. */
const VAT_NUMBER_FORMATS: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The French key: (12 + 3 × (SIREN mod 97)) mod 97, on 2 digits. */
function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0');
}

/** An intra-EU VAT number in its country's format (spaces ignored); a French one's key is checked against its SIREN. */
export function isValidVatNumber(value: string): boolean {
  const compact = value.replace(/\s/g, '').toUpperCase();
  const format = VAT_NUMBER_FORMATS[compact.slice(0, 2)];
  const body = compact.slice(2);
  if (!format?.test(body)) return false;
  if (compact.startsWith('FR')) {
    const siren = body.slice(2);
    // Keys of letters are the new format, whose check INSEE does not publish.
    return isValidSiren(siren) && (!/^\d{2}$/.test(body.slice(0, 2)) || body.slice(0, 2) === frenchVatKey(siren));
  }
  return true;
}

export function vatNumberForSiren(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

/** `2026-000123` for an invoice, `AV-2026-000007` for a credit note (« avoir »): one sequence per kind and year. */
export function formatDocumentNumber(kind: DocumentKind, year: number, sequence: number): string {
  const number = `${year}-${String(sequence).padStart(6, '0')}`;
  return kind === 'credit_note' ? `AV-${number}` : number;
}

export interface ChargedAmounts {
  htCents: number;
  vatRatePercent: number;
  vatCents: number;
  ttcCents: number;
  roundingCents: number;
}

/** VAT on a taxable amount, as EN 16931 computes it (BR-CO-17): rate applied, rounded to the cent. */
function vatOn(htCents: number, ratePercent: number): number {
  return Math.round((htCents * ratePercent) / 100);
}

/**
 * What a charged price (TTC, as the client paid it) splits into. Normal regime: the taxable amount
 * whose « HT + VAT rounded » is the price; when none is (one price in six, e.g. 1,05 €), the
 * largest below it and a 1-cent rounding amount. Franchise: no VAT.
 */
export function amountsFromCharged(chargedCents: number, regime: VatRegime): ChargedAmounts {
  if (regime === 'franchise') {
    return { htCents: chargedCents, vatRatePercent: 0, vatCents: 0, ttcCents: chargedCents, roundingCents: 0 };
  }
  const rate = STANDARD_VAT_RATE_PERCENT;
  let htCents = Math.floor((chargedCents * 100) / (100 + rate)) + 1;
  while (htCents + vatOn(htCents, rate) > chargedCents) htCents -= 1;
  const vatCents = vatOn(htCents, rate);
  const ttcCents = htCents + vatCents;
  return { htCents, vatRatePercent: rate, vatCents, ttcCents, roundingCents: chargedCents - ttcCents };
}

/**
 * The unit price (in ten-thousandths) whose product with `quantity`, rounded to the cent, is the
 * line amount: 4 decimals make the nearest one right for any quantity under 100 hours; the search
 * covers larger ones.
 */
function unitPriceFor(netCents: number, quantity: number): number {
  const exact = (netCents * 100) / quantity;
  const lineOf = (price: number) => Math.round(Math.round(price * quantity) / 100);
  const nearest = Math.round(exact);
  for (let offset = 0; offset < 100; offset += 1) {
    for (const candidate of [nearest - offset, nearest + offset]) if (lineOf(candidate) === netCents) return candidate;
  }
  return nearest;
}

export interface InvoiceInput {
  number: string;
  issuedAt: Date;
  paidAt: Date;
  seller: SellerIdentity;
  buyer: BuyerDetails;
  currency: InvoiceDocument['currency'];
  projectReference: string;
  projectTitle: string;
  /** The video type in French words: « vidéo YouTube ». */
  videoTypeWords: string;
  /** Billed hours. */
  hours: number;
  /** What the client paid, TTC. */
  chargedCents: number;
  /** The price before the launch offer, TTC; null without the offer. */
  fullPriceCents: number | null;
  /** « Offre de lancement (-30 %) ». */
  launchOfferLabel: string;
  /** What the service includes beyond the edit, as the pages say it (the revision rule); null for nothing. */
  serviceTerms: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The invoice of a paid project: one line for the editing (at the full price when the launch offer
 * applied, the offer then a document-level allowance), amounts that add up to the charged price.
 */
export function buildInvoiceDocument(input: InvoiceInput): InvoiceDocument {
  const { seller } = input;
  const charged = amountsFromCharged(input.chargedCents, seller.vatRegime);
  const linesCents =
    input.fullPriceCents === null
      ? charged.htCents
      : amountsFromCharged(input.fullPriceCents, seller.vatRegime).htCents;
  const allowancesCents = linesCents - charged.htCents;
  if (allowancesCents < 0) throw new Error('The price before the launch offer is below the charged price.');
  return {
    kind: 'invoice',
    number: input.number,
    issuedAt: input.issuedAt,
    serviceDate: input.paidAt,
    dueDate: new Date(input.issuedAt.getTime() + seller.paymentTermsDays * DAY_MS),
    paidAt: input.paidAt,
    currency: input.currency,
    seller,
    buyer: input.buyer,
    lines: [
      {
        designation: `Montage vidéo — «\u00a0${input.projectTitle}\u00a0» (${input.videoTypeWords})${input.serviceTerms ? `. ${input.serviceTerms}` : ''}`,
        quantity: input.hours,
        unitPriceHtTenThousandths: unitPriceFor(linesCents, input.hours),
        netCents: linesCents,
      },
    ],
    allowances: allowancesCents > 0 ? [{ reason: input.launchOfferLabel, amountCents: allowancesCents }] : [],
    totals: {
      linesCents,
      allowancesCents,
      htCents: charged.htCents,
      vatRatePercent: charged.vatRatePercent,
      vatCents: charged.vatCents,
      ttcCents: charged.ttcCents,
      roundingCents: charged.roundingCents,
    },
    refersTo: null,
    creditReason: null,
    projectReference: input.projectReference,
  };
}

/** A credit note cancelling the whole invoice: its lines and amounts, pointing back at it. */
export function buildCreditNote(
  invoice: InvoiceDocument,
  credit: { number: string; issuedAt: Date; reason: string },
): InvoiceDocument {
  return {
    ...invoice,
    kind: 'credit_note',
    number: credit.number,
    issuedAt: credit.issuedAt,
    dueDate: credit.issuedAt,
    paidAt: null,
    refersTo: { number: invoice.number, issuedAt: invoice.issuedAt },
    creditReason: credit.reason,
  };
}

/** The billing endpoints' French messages. */
export const BILLING_MESSAGES = {
  pdfPending: 'Le document est en cours de préparation : réessayez dans un instant.',
  noInvoice: 'Aucune facture n’a été émise pour ce projet.',
  noCreditNote: 'Aucun avoir n’a été émis pour ce projet.',
  sellerMissing: 'La facturation n’est pas encore configurée : le paiement est momentanément indisponible.',
  refundNotPossible: 'Seul un projet annulé et payé par carte peut être remboursé.',
  alreadyCredited: 'Un avoir a déjà été émis pour ce projet.',
} as const;

/** A document as Admin › Facturation lists it. */
export interface BillingDocumentView {
  id: string;
  kind: DocumentKind;
  number: string;
  issuedAt: string;
  /** Company, else person, else e-mail. */
  buyer: string;
  htCents: number;
  vatCents: number;
  ttcCents: number;
  currency: 'EUR' | 'USD';
  /** A credit note's invoice number. */
  refersTo: string | null;
  pdfReady: boolean;
}
