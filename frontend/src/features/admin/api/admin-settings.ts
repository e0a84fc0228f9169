import type { AuditAction, AuditEntryView, Page } from '@domain/admin';
import type { AppSettings } from '@domain/settings';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pricingSettingsQuery } from '@/lib/pricing-settings';

interface AdminSettingsAnswer {
  settings: AppSettings;
  launchOffer: { places: number; placesLeft: number; active: boolean };
}

/** `GET /api/admin/settings`. */
const adminSettingsQuery = () =>
  queryOptions({ queryKey: ['admin', 'settings'], queryFn: () => api.get<AdminSettingsAnswer>('/admin/settings') });

export const useAdminSettings = () => useQuery(adminSettingsQuery());

/** `PUT /api/admin/settings`: the public pages' copy of the settings is read again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AppSettings) => api.put<AdminSettingsAnswer>('/admin/settings', settings),
    onSuccess: (answer) => queryClient.setQueryData(adminSettingsQuery().queryKey, answer),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pricingSettingsQuery().queryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export const AUDIT_PAGE_SIZE = 20;

/** `GET /api/admin/audit`. */
const auditQuery = (page: number, action: AuditAction | '') =>
  queryOptions({
    queryKey: ['admin', 'audit', { page, action }],
    queryFn: () =>
      api.get<Page<AuditEntryView>>('/admin/audit', {
        query: { page, pageSize: AUDIT_PAGE_SIZE, action: action || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export const useAudit = (page: number, action: AuditAction | '') => useQuery(auditQuery(page, action));

/** `GET /api/admin/config`: where the Temporal UI is. */
export const adminConfigQuery = () =>
  queryOptions({
    queryKey: ['admin', 'config'],
    queryFn: () => api.get<{ temporalUiUrl: string | null; temporalNamespace: string }>('/admin/config'),
    staleTime: Infinity,
  });
