/**
 * The proof-of-work challenge the anonymous forms ask for past their soft threshold (docs/abuse.md):
 * what the api and the browser both name.
 */

/** Where the browser fetches a fresh challenge (ALTCHA's format, signed by the api). */
export const PROOF_OF_WORK_CHALLENGE_PATH = '/api/proof-of-work/challenge';

/** The request header carrying the solved challenge: ALTCHA's payload, base64-encoded JSON. */
export const PROOF_OF_WORK_HEADER = 'X-Proof-Of-Work';

/** The `code` of the api's answer asking for a solved challenge (status 428). */
export const PROOF_OF_WORK_REQUIRED = 'proof_of_work_required';

export const PROOF_OF_WORK_MESSAGES = {
  required:
    'Plusieurs envois sont partis de votre connexion : votre navigateur doit d’abord résoudre une courte vérification anti-robot.',
  rejected: 'La vérification anti-robot a expiré ou a déjà servi : votre navigateur doit en résoudre une nouvelle.',
} as const;
