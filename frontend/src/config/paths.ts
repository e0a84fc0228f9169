import { ACCOUNT_DATA_PATH } from '@domain/account-data';
import { BRIEF_ADDRESS_CONFIRMATION_PATH } from '@domain/address-confirmation';
import { CALL_CONFIRMATION_PATH } from '@domain/call-confirmation';
import { PROJECT_PAGE_PATTERN } from '@domain/signed-in-pages';
/** Every route of the application (spec 000 §2). Use `getHref` to build links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  brief: { path: '/brief', getHref: () => '/brief' },
  briefOld: { path: '/brief-old', getHref: () => '/brief-old' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  contact: { path: '/contact', getHref: () => '/contact' },
  /** Opened from the link e-mailed to a visitor who booked a call (the token is in the fragment). */
  callConfirmation: { path: CALL_CONFIRMATION_PATH },
  recruitment: { path: '/recrutement', getHref: () => '/recrutement' },
  login: { path: '/login', getHref: () => '/login' },
  auth: {
    path: '/auth',
    getHref: (redirectTo?: string | null) =>
      redirectTo ? `/auth?redirect=${encodeURIComponent(redirectTo)}` : '/auth',
  },
  confirmEmail: { path: '/confirm-email', getHref: () => '/confirm-email' },
  paymentSuccess: { path: '/payment-success', getHref: () => '/payment-success' },
  /** Opened from an anonymous brief's receipt (the token is in the fragment). */
  briefAddressConfirmation: { path: BRIEF_ADDRESS_CONFIRMATION_PATH },
  briefPayment: {
    path: '/brief/:briefId/payment',
    getHref: (briefId: string) => `/brief/${encodeURIComponent(briefId)}/payment`,
  },
  /** The local stand-in for Stripe Checkout (no Stripe key configured). */
  simulatedCheckout: { path: '/checkout/simulated', getHref: () => '/checkout/simulated' },
  emailTest: { path: '/email-test', getHref: () => '/email-test' },
  termsOfService: { path: '/terms-of-service', getHref: () => '/terms-of-service' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  legalNotice: { path: '/legal-notice', getHref: () => '/legal-notice' },
  accessibility: { path: '/accessibility', getHref: () => '/accessibility' },
  siteMap: { path: '/site-map', getHref: () => '/site-map' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  editor: { path: '/editor', getHref: () => '/editor' },
  /** « Mes données »: the client's and the editor's export and deletion. */
  accountData: { path: ACCOUNT_DATA_PATH, getHref: () => ACCOUNT_DATA_PATH },
  admin: { path: '/admin', getHref: () => '/admin' },
  project: {
    path: PROJECT_PAGE_PATTERN,
    getHref: (projectId: string) => `/project/${encodeURIComponent(projectId)}`,
  },
  systemTest: { path: '/test', getHref: () => '/test' },
} as const;

export const APP_NAME = 'Rushflow';
