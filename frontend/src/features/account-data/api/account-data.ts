import type { AccountDataState } from '@domain/account-data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const ACCOUNT_DATA = '/account/data';

/** `GET /api/account/data`: the account's pending deletion and last export. */
const accountDataQuery = () =>
  queryOptions({ queryKey: ['account', 'data'], queryFn: () => api.get<AccountDataState>(ACCOUNT_DATA) });

/** While an export is being built, the page asks again this often until it is sent. */
const EXPORT_POLL_MS = 5_000;

export const useAccountData = () =>
  useQuery({
    ...accountDataQuery(),
    refetchInterval: (query) => (query.state.data?.exportRunning ? EXPORT_POLL_MS : false),
  });

/** One of « Mes données »' requests; the answer is the account's new state. */
function useAccountDataRequest(request: () => Promise<AccountDataState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (state) => queryClient.setQueryData(accountDataQuery().queryKey, state),
  });
}

/** `POST /api/account/data/export`. */
export const useRequestExport = () => useAccountDataRequest(() => api.post<AccountDataState>(`${ACCOUNT_DATA}/export`));
/** `POST /api/account/data/deletion`. */
export const useRequestDeletion = () =>
  useAccountDataRequest(() => api.post<AccountDataState>(`${ACCOUNT_DATA}/deletion`));
/** `DELETE /api/account/data/deletion`. */
export const useCancelDeletion = () =>
  useAccountDataRequest(() => api.delete<AccountDataState>(`${ACCOUNT_DATA}/deletion`));
