/**
 * `POST /api/session` (domain/signed-in-pages.ts): the browser's time zone, in which the api writes
 * the dates of the pages it draws. Apart from the page session's names: the browser's entry reads
 * those, and must not carry zod.
 */
import { z } from 'zod';

/** A time zone the runtime knows (`Europe/Paris`, `America/Montreal`…). */
const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const PageSessionInputSchema = z.object({
  timeZone: z
    .string({ error: 'Le fuseau horaire est requis.' })
    .min(1, 'Le fuseau horaire est requis.')
    .max(64, 'Ce fuseau horaire est inconnu.')
    .refine(isTimeZone, 'Ce fuseau horaire est inconnu.'),
});
export type PageSessionInput = z.infer<typeof PageSessionInputSchema>;
