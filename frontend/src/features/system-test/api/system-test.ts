import type { SystemTestKind, SystemTestResult } from '@domain/admin';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

interface HealthReport {
  status: 'ok' | 'down';
  components: Record<string, { status: 'ok' | 'down'; latencyMs: number }>;
}

/** `GET /api/health`: answered 503 with the same report when a component is down. */
async function getHealth(): Promise<HealthReport> {
  try {
    return await api.get<HealthReport>('/health');
  } catch (error) {
    if (error instanceof ApiError && error.status === 503 && typeof error.body === 'object' && error.body) {
      return error.body as HealthReport;
    }
    throw error;
  }
}

const healthQuery = () => queryOptions({ queryKey: ['health'], queryFn: getHealth, staleTime: 0 });

export const useHealth = () => useQuery(healthQuery());

/** `POST /api/admin/system-tests`: one check, run for real by the worker, its rows removed afterwards. */
export const useRunSystemTest = () =>
  useMutation({
    mutationFn: (kind: SystemTestKind) => api.post<SystemTestResult>('/admin/system-tests', { kind }),
  });
