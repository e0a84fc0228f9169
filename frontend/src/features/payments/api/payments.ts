import type { BriefPaymentSummary, PaymentState, SimulatedCheckoutView } from '@domain/payments';
import { PAYMENT_STATE_POLL_MS } from '@domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

/** `GET /api/payments/:sessionId`; a 404 carries the error state in its body. */
export async function getPaymentState(sessionId: string): Promise<PaymentState> {
  try {
    return await api.get<PaymentState>(`/payments/${encodeURIComponent(sessionId)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && typeof error.body === 'object' && error.body) return error.body as PaymentState;
    throw error;
  }
}

/** Polled every ~1.5 s until the project exists or the payment failed. */
export function usePaymentState(sessionId: string | null) {
  return useQuery({
    queryKey: ['payment-state', sessionId],
    queryFn: () => getPaymentState(sessionId ?? ''),
    enabled: Boolean(sessionId),
    refetchInterval: (query) => (query.state.data && query.state.data.state !== 'creating' ? false : PAYMENT_STATE_POLL_MS),
    retry: 2,
  });
}

export const briefPaymentQuery = (briefId: string) =>
  queryOptions({
    queryKey: ['brief-payment', briefId],
    queryFn: () => api.get<BriefPaymentSummary>(`/briefs/${encodeURIComponent(briefId)}/payment`),
  });

export const simulatedCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['simulated-checkout', sessionId],
    queryFn: () => api.get<SimulatedCheckoutView>(`/payments/simulated/${encodeURIComponent(sessionId)}`),
  });

export function paySimulatedCheckout(sessionId: string) {
  return api.post<{ redirectUrl: string }>(`/payments/simulated/${encodeURIComponent(sessionId)}/pay`);
}
