import { config } from 'zod';
import { fr } from 'zod/locales';

/**
 * zod's own messages in French: a check the shared schemas give no message of their own (a list
 * where an object was due, a number typed as text…) must not answer in zod's default English, in
 * the api's answers as in the forms.
 */
export function setZodMessagesInFrench(): void {
  config(fr());
}
