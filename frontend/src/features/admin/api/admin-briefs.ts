import type { AdminBriefRow, Page } from '@domain/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const BRIEFS_PAGE_SIZE = 20;

export interface BriefFilters {
  page: number;
  status?: string;
  attention?: boolean;
  q?: string;
}

/** `GET /api/admin/briefs`. */
const adminBriefsQuery = (filters: BriefFilters) =>
  queryOptions({
    queryKey: ['admin', 'briefs', filters],
    queryFn: () =>
      api.get<Page<AdminBriefRow>>('/admin/briefs', {
        query: { ...filters, attention: filters.attention || undefined, pageSize: BRIEFS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminBriefs = (filters: BriefFilters) => useQuery(adminBriefsQuery(filters));
