import type { PaymentState, SimulatedCheckoutView } from '@domain/payments';
import { PAYMENT_MESSAGES, PAYMENT_STATE_POLL_LIMIT_MS, PAYMENT_STATE_POLL_MS } from '@domain/payments';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api-client';
import { useStreamState } from '@/lib/event-stream';

/**
 * `GET /api/payments/:sessionId`. A refusal is definitive: a 404 (unknown session) carries the
 * error state in its body, another 4xx (a malformed session id) is the same "no pending brief".
 */
async function getPaymentState(sessionId: string): Promise<PaymentState> {
  try {
    return await api.get<PaymentState>(`/payments/${encodeURIComponent(sessionId)}`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) throw error;
    if (error.status === 404 && typeof error.body === 'object' && error.body) return error.body as PaymentState;
    return { state: 'error', message: PAYMENT_MESSAGES.noPendingBrief };
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
 * Polling stops after PAYMENT_STATE_POLL_LIMIT_MS: the page then settles on an error that says
 * so (a late live event still turns it into the success).
 */
export function usePaymentState(sessionId: string | null): PaymentState {
  const live = useStreamState().status === 'open';
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setWaitedEnough(true), PAYMENT_STATE_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const { data } = useQuery({
    ...paymentStateQuery(sessionId),
    enabled: Boolean(sessionId),
    refetchInterval: (query) =>
      waitedEnough || (query.state.data && query.state.data.state !== 'creating')
        ? false
        : live
          ? PAYMENT_STATE_SAFETY_POLL_MS
          : PAYMENT_STATE_POLL_MS,
  });
  if (!sessionId) return { state: 'error', message: PAYMENT_MESSAGES.noPendingBrief };
  if (data && data.state !== 'creating') return data;
  if (!waitedEnough) return { state: 'creating' };
  return { state: 'error', message: data ? PAYMENT_MESSAGES.confirmationSlow : PAYMENT_MESSAGES.unexpected };
}

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
