/**
 * The payment saga's shared vocabulary: what the api answers and what the browser shows (the
 * endpoints' zod schemas are in schemas/payments.ts). Amounts are integer cents of a
 * lower-case ISO currency, as Stripe counts them.
 */

/** French messages of the payment pages (000 §8) and of the checkout. */
export const PAYMENT_MESSAGES = {
  noPendingBrief: 'Aucun brief en attente trouvé',
  projectCreationFailed: 'Erreur lors de la création du projet',
  unexpected: "Une erreur inattendue s'est produite",
  paymentConfirmed: 'Paiement confirmé !',
  /** The payment itself did not go through (asynchronous method refused, session expired unpaid). */
  paymentNotCompleted: "Le paiement n'a pas abouti : aucun montant n'a été débité.",
  briefNotFound: 'Brief introuvable.',
  briefAlreadyPaid: 'Ce brief est déjà payé.',
  briefNotPayable: "Ce brief n'est plus en attente de paiement.",
  checkoutNotYours: 'Ce brief a été envoyé depuis un autre compte.',
  checkoutUnavailable: 'Le paiement est momentanément indisponible. Réessayez dans quelques minutes.',
  checkoutSessionClosed: 'Cette session de paiement est expirée ou déjà réglée.',
  redirecting: 'Redirection vers le paiement sécurisé…',
  /** The return page gave up waiting for the project (bounded polling). */
  confirmationSlow:
    'La confirmation de votre paiement prend plus de temps que prévu. Votre projet apparaîtra dans votre espace client dès sa création et vous recevrez un e-mail.',
  briefCancelled: 'Ce brief a été annulé : il ne peut plus être payé.',
  briefExpired:
    "Ce brief a expiré sans paiement : aucun montant n'a été débité. Envoyez un nouveau brief quand vous le souhaitez.",
  simulatedBanner: 'Mode test — aucun paiement réel',
  badSignature: 'Signature du webhook invalide.',
} as const;

/**
 * How long a checkout holds a launch-offer place before the client pays (from the checkout's
 * creation). The place is claimed only by the payment; a held place counts for this long only.
 */
export const LAUNCH_OFFER_HOLD_MS = 15 * 60 * 1000;

/**
 * Who a launch-offer place belongs to: the brief's e-mail (a signed-in brief carries its account's
 * verified e-mail), lower case, with any `+tag` of the local part dropped, so that
 * `ana+1@…` and `ana+2@…` are one client. One place per key.
 */
export function launchOfferClientKey(email: string): string {
  const normalised = email.trim().toLowerCase();
  const at = normalised.lastIndexOf('@');
  if (at < 0) return normalised;
  const local = normalised.slice(0, at).split('+')[0];
  return `${local}${normalised.slice(at)}`;
}

/** Delay between receiving the checkout address and leaving for it (000 §9, 001 §4.2, §9.6). */
export const CHECKOUT_REDIRECT_DELAY_MS = 1500;

/** How often /payment-success asks for the payment's state. */
export const PAYMENT_STATE_POLL_MS = 1500;

/** How long /payment-success keeps asking before it settles (a late event still updates it live). */
export const PAYMENT_STATE_POLL_LIMIT_MS = 30_000;

/** The brief's payment page: linked from its e-mails and the dashboard, and Stripe's "back". */
/** The brief's short reference, as every e-mail, the invoice and the support team read it. */
export function briefReference(briefId: string): string {
  return briefId.slice(0, 8).toUpperCase();
}

export const briefPaymentPath = (briefId: string) => `/brief/${encodeURIComponent(briefId)}/payment`;

/** Session storage key of the brief being paid (000 §7 create-project-after-payment). */
export const PENDING_BRIEF_STORAGE_KEY = 'pendingBriefId';

export type PaymentCurrency = 'eur' | 'usd';

/** `POST /api/briefs/:briefId/checkout`. */
export interface CheckoutAnswer {
  checkoutUrl: string;
  sessionId: string;
  amount: number;
  currency: PaymentCurrency;
  /** True when this checkout holds one of the launch-offer places (-30 %). */
  launchOffer: boolean;
  /** ISO time the place is held until (launch offer only): the checkout closes then. */
  launchOfferHeldUntil?: string;
  /** True for the local simulated checkout (no real payment). */
  simulated: boolean;
}

/** `GET /api/payments/:sessionId`: the payment return page's three states (000 §2, §4). */
export interface PaymentState {
  state: 'creating' | 'success' | 'error';
  projectId?: string;
  message?: string;
}

/** `GET /api/briefs/:briefId/payment`: what the resume-payment page shows. */
export interface BriefPaymentSummary {
  briefId: string;
  status: 'pending_payment' | 'paid' | 'expired' | 'cancelled';
  currency: PaymentCurrency;
  /** Full price, cents. */
  priceCents: number;
  /** Price with the launch offer, cents. */
  offerPriceCents: number;
  /** What a checkout started now would charge, given the places left (indication only). */
  launchOfferAvailable: boolean;
  /** ISO time the brief's open checkout holds its launch-offer place until, while it does. */
  launchOfferHeldUntil?: string;
  /** Set once the project exists. */
  projectId?: string;
}

/** Why a brief in `status` cannot be paid (any other status than `pending_payment`). */
export function briefNotPayableMessage(status: BriefPaymentSummary['status']): string {
  if (status === 'paid') return PAYMENT_MESSAGES.briefAlreadyPaid;
  if (status === 'cancelled') return PAYMENT_MESSAGES.briefCancelled;
  if (status === 'expired') return PAYMENT_MESSAGES.briefExpired;
  return PAYMENT_MESSAGES.briefNotPayable;
}

/** `GET /api/briefs/unpaid`: one of the signed-in client's briefs still waiting for payment (dashboard). */
export interface UnpaidBrief {
  briefId: string;
  title: string;
  createdAt: string;
  currency: PaymentCurrency;
  /** Full price, cents. */
  priceCents: number;
  /** What a checkout started now would charge, given the launch-offer places left (indication only). */
  amountDueCents: number;
}

/** `GET /api/payments/simulated/:sessionId`: the simulated checkout page's content. */
export interface SimulatedCheckoutView {
  sessionId: string;
  briefId: string;
  amount: number;
  currency: PaymentCurrency;
  launchOffer: boolean;
  /** ISO time the place is held until (launch offer only): the page closes then. */
  launchOfferHeldUntil?: string;
  customerEmail: string;
  status: 'open' | 'processing' | 'paid' | 'expired' | 'failed' | 'refunded';
  cancelUrl: string;
}
