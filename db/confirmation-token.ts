import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of a link that confirms a typed e-mail address (a call booking, an anonymous brief):
 * 32 random bytes in base64url, mailed once; the database keeps only its SHA-256.
 */
export const newConfirmationToken = () => randomBytes(32).toString('base64url');

export const confirmationTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
