/** The payment endpoints' path parameters: a brief's id, a checkout session's id. */
import { z } from 'zod';

export const briefIdParamsSchema = z.object({
  briefId: z.uuid({ error: 'Identifiant de brief invalide.' }),
});

/**
 * A checkout session id as the browser holds it: Stripe's `cs_…` or the simulated `cs_test_sim_…`.
 * Bounded so a lookup never receives arbitrary text.
 */
const checkoutSessionIdSchema = z
  .string({ error: 'Identifiant de session de paiement manquant.' })
  .regex(/^cs_[A-Za-z0-9_]{8,250}$/, { error: 'Identifiant de session de paiement invalide.' });

export const sessionIdParamsSchema = z.object({ sessionId: checkoutSessionIdSchema });
