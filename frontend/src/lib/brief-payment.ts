import type { BriefPaymentSummary } from '@domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * `GET /api/briefs/:briefId/payment`: the server's price of a brief and whether it can still be
 * paid. Shared by the payment page and the wizard's step 3 shown again after a reload.
 */
const getBriefPayment = (briefId: string) =>
  api.get<BriefPaymentSummary>(`/briefs/${encodeURIComponent(briefId)}/payment`);

export const briefPaymentQuery = (briefId: string) =>
  queryOptions({
    queryKey: ['brief-payment', briefId],
    queryFn: () => getBriefPayment(briefId),
    retry: false,
  });

export const useBriefPayment = (briefId: string) => useQuery(briefPaymentQuery(briefId));
