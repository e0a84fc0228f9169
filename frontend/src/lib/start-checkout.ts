import {
  CHECKOUT_REDIRECT_DELAY_MS,
  PENDING_BRIEF_STORAGE_KEY,
  PAYMENT_MESSAGES,
  type CheckoutAnswer,
} from '@domain/payments';
import type { BuyerDetailsInputSchema } from '@domain/schemas/invoicing';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The business to invoice, as the checkout form's schema reads it. */
export type CheckoutBuyer = z.output<typeof BuyerDetailsInputSchema>;

/**
 * The payment button's handler, shared by the wizard's step 3, the full form's thank-you screen
 * and the resume-payment page: the server decides the amount and opens the checkout; the brief
 * id is kept in session storage for the return page, and the browser leaves ~1.5 s later with
 * `client_reference_id` added (000 §4, §7; 001 §4.2). `buyer`: the business to invoice, when the
 * client asked for one.
 */
export async function startCheckout(briefId: string, buyer?: CheckoutBuyer): Promise<CheckoutAnswer> {
  const answer = await api.post<CheckoutAnswer>(
    `/briefs/${encodeURIComponent(briefId)}/checkout`,
    buyer ? { buyer } : undefined,
  );
  sessionStorage.setItem(PENDING_BRIEF_STORAGE_KEY, briefId);
  toast.success(PAYMENT_MESSAGES.redirecting);
  const target = new URL(answer.checkoutUrl, window.location.origin);
  target.searchParams.set('client_reference_id', briefId);
  window.setTimeout(() => window.location.assign(target.toString()), CHECKOUT_REDIRECT_DELAY_MS);
  return answer;
}
