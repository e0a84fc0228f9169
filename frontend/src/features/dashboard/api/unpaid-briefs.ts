import type { UnpaidBrief } from '@domain/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/briefs/unpaid`: the signed-in client's briefs still waiting for payment. */
const getUnpaidBriefs = () => api.get<{ briefs: UnpaidBrief[] }>('/briefs/unpaid');

export const unpaidBriefsQuery = () =>
  queryOptions({
    // Under the client's projects: a paid brief becomes a project, and that event refreshes both.
    queryKey: ['projects', 'mine', 'client', 'unpaid-briefs'],
    queryFn: getUnpaidBriefs,
  });

export const useUnpaidBriefs = () => useQuery(unpaidBriefsQuery());
