/**
 * Links that confirm a typed e-mail address before the product writes to it again: a visitor's
 * call booking, an anonymous brief's payment reminders. The token (see db/confirmation-token.ts)
 * rides in the link's fragment, so it never appears in a request line or a server log.
 */
export const CONFIRMATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The page an anonymous brief's receipt links to. */
export const BRIEF_ADDRESS_CONFIRMATION_PATH = '/brief/confirmer-adresse';
export const briefAddressConfirmationHref = (token: string) => `${BRIEF_ADDRESS_CONFIRMATION_PATH}#${token}`;

export const BRIEF_ADDRESS_MESSAGES = {
  linkInvalid:
    'Ce lien de confirmation n’est pas valable. Utilisez le lien de l’e-mail de confirmation de votre brief.',
} as const;

/** `POST /api/briefs/address-confirmation` answers this. */
export interface BriefAddressConfirmed {
  briefId: string;
}
