// A module of its own: the router imports this path on every page, and domain/contact.ts carries
// libphonenumber-js's metadata, which only the contact page needs.
/** The page the confirmation link opens; the token rides in the fragment, never sent in a request line. */
export const CALL_CONFIRMATION_PATH = '/contact/confirmer-appel';
export const callConfirmationHref = (token: string) => `${CALL_CONFIRMATION_PATH}#${token}`;
