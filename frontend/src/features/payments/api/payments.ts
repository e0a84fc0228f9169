import type { BriefPaymentSummary, PaymentState, SimulatedCheckoutView } from '@domain/payments';
import { PAYMENT_STATE_POLL_MS } from '@domain/payments';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { useStreamState } from '@/lib/event-stream';

/** `GET /api/payments/:sessionId`; a 404 carries the error state in its body. */
async function getPaymentState(sessionId: string): Promise<PaymentState> {
  try {
    return await api.get<PaymentState>(`/payments/${encodeURIComponent(sessionId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && typeof error.body === 'object' && error.body)
      return error.body as PaymentState;
    throw error;
  }
}

export const paymentStateQuery = (sessionId: string | null) =>
  queryOptions({
    queryKey: ['payment-state', sessionId],
    queryFn: () => getPaymentState(sessionId ?? ''),
    retry: 2,
  });

/** With the live channel up, a slow safety poll only (an event that never comes must not leave the page waiting). */
const PAYMENT_STATE_SAFETY_POLL_MS = 15_000;

/**
 * The payment's state until the project exists or the payment failed. The live channel brings the
 * change (`payment.changed`, `project.changed`: app/live-sync refetches); the page polls every
 * ~1.5 s only while the stream is not connected (signed out, connection lost), slowly otherwise.
 */
export function usePaymentState(sessionId: string | null) {
  const live = useStreamState().status === 'open';
  return useQuery({
    ...paymentStateQuery(sessionId),
    enabled: Boolean(sessionId),
    refetchInterval: (query) =>
      query.state.data && query.state.data.state !== 'creating'
        ? false
        : live
          ? PAYMENT_STATE_SAFETY_POLL_MS
          : PAYMENT_STATE_POLL_MS,
  });
}

/** `GET /api/briefs/:briefId/payment`: the server's price of a brief and whether it can still be paid. */
const getBriefPayment = (briefId: string) =>
  api.get<BriefPaymentSummary>(`/briefs/${encodeURIComponent(briefId)}/payment`);

export const briefPaymentQuery = (briefId: string) =>
  queryOptions({
    queryKey: ['brief-payment', briefId],
    queryFn: () => getBriefPayment(briefId),
    retry: false,
  });

export const useBriefPayment = (briefId: string) => useQuery(briefPaymentQuery(briefId));

/** `GET /api/payments/simulated/:sessionId`: the local stand-in for a Stripe Checkout session. */
const getSimulatedCheckout = (sessionId: string) =>
  api.get<SimulatedCheckoutView>(`/payments/simulated/${encodeURIComponent(sessionId)}`);

export const simulatedCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['simulated-checkout', sessionId],
    queryFn: () => getSimulatedCheckout(sessionId),
    retry: false,
  });

export const useSimulatedCheckout = (sessionId: string) =>
  useQuery({ ...simulatedCheckoutQuery(sessionId), enabled: Boolean(sessionId) });

/** `POST /api/payments/simulated/:sessionId/pay`: the api posts a signed `checkout.session.completed` to its webhook. */
const paySimulatedCheckout = (sessionId: string) =>
  api.post<{ redirectUrl: string }>(`/payments/simulated/${encodeURIComponent(sessionId)}/pay`);

export const usePaySimulatedCheckout = (
  sessionId: string,
  { onSuccess }: { onSuccess: (answer: { redirectUrl: string }) => unknown },
) => useMutation({ mutationFn: () => paySimulatedCheckout(sessionId), onSuccess });
