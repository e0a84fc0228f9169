/** The payment endpoints' path parameters (a brief's id, a checkout session's id) and the checkout's body. */
import { z } from 'zod';
import type { BuyerInput } from '../invoicing';
import { BuyerDetailsInputSchema } from './invoicing';

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

/**
 * `POST /api/briefs/:briefId/checkout`: optionally, whom to invoice (a business: its name,
 * address, SIREN, VAT number). Read as the invoice stores it: absent details are null.
 */
export const CheckoutInputSchema = z
  .object({ buyer: BuyerDetailsInputSchema.optional() }, { error: 'Requête de paiement invalide.' })
  .transform(({ buyer }): { buyer: BuyerInput | null } => ({
    buyer: buyer?.companyName
      ? {
          companyName: buyer.companyName,
          address: buyer.address ? { ...buyer.address, line2: buyer.address.line2 ?? null } : null,
          siren: buyer.siren ?? null,
          vatNumber: buyer.vatNumber ?? null,
        }
      : null,
  }));
