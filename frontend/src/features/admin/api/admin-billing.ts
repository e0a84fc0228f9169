import type { BillingDocumentView, SellerIdentity } from '@domain/invoicing';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadApiFile } from '@/lib/api-client';

/** `GET /api/admin/settings/seller`: null until the admin fills it (payments are refused meanwhile). */
const sellerQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'seller'],
    queryFn: () => api.get<{ seller: SellerIdentity | null }>('/admin/settings/seller'),
  });

export const useSeller = () => useQuery(sellerQuery());

/** `PUT /api/admin/settings/seller`. */
export function useSaveSeller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seller: SellerIdentity) => api.put<{ seller: SellerIdentity }>('/admin/settings/seller', seller),
    onSuccess: (answer) => queryClient.setQueryData(sellerQuery().queryKey, answer),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] }),
  });
}

/** `GET /api/admin/invoices?month=2026-11`: one month's invoices and credit notes, or all of them (`null`). */
export const useBillingDocuments = (month: string | null) =>
  useQuery({
    queryKey: ['admin', 'invoices', month],
    queryFn: async () =>
      (await api.get<{ documents: BillingDocumentView[] }>('/admin/invoices', { query: { month } })).documents,
    placeholderData: keepPreviousData,
  });

/** `GET /api/admin/invoices/:id/pdf`: the PDF as stored when issued. */
export const downloadBillingPdf = (document: BillingDocumentView) =>
  downloadApiFile(`/admin/invoices/${encodeURIComponent(document.id)}/pdf`, `${document.number}.pdf`);

/** `GET /api/admin/invoices/export?from&to`: the period's documents and their ledger, as a ZIP. */
export const downloadBillingExport = (period: { from: string; to: string }) =>
  downloadApiFile('/admin/invoices/export', `export-${period.from}-${period.to}.zip`, period);

/** `POST /api/admin/projects/:id/refund`: the credit note of a cancelled project; its workflow refunds the card. */
export function useRefundProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, reason }: { projectId: string; reason?: string }) =>
      api.post<{ creditNote: BillingDocumentView }>(
        `/admin/projects/${encodeURIComponent(projectId)}/refund`,
        reason ? { reason } : {},
      ),
    onSettled: (_data, _error, { projectId }) => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['projects', projectId] });
    },
  });
}
