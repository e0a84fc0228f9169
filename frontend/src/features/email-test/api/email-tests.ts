import type { EmailTestsAnswer, EmailTestTemplate, EmailTestView } from '@domain/email-tests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** While a send is still pending on the server, the list is read again this often. */
const PENDING_REFRESH_MS = 2_000;

/** `GET /api/admin/email-tests`: the newest sends and the technical notes. */
export const emailTestsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'email-tests'],
    queryFn: () => api.get<EmailTestsAnswer>('/admin/email-tests'),
    refetchInterval: (query) =>
      query.state.data?.tests.some((test) => test.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export const useEmailTests = () => useQuery(emailTestsQuery());

/** `POST /api/admin/email-tests`: answers once the worker sent the e-mails (or a short while later, `pending`). */
export function useSendEmailTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { template: EmailTestTemplate; to: string }) =>
      api.post<{ test: EmailTestView }>('/admin/email-tests', request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailTestsQuery().queryKey }),
  });
}
