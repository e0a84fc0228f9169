import type { AdminUserRow, InviteResult, ManagedRole, Page, RoleChangeResult } from '@domain/admin';
import type { InviteEditorInput } from '@domain/schemas/admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const USERS_PAGE_SIZE = 20;

/** `GET /api/admin/users`: the Keycloak accounts with their roles. */
const adminUsersQuery = (page: number, q: string) =>
  queryOptions({
    queryKey: ['admin', 'users', { page, q }],
    queryFn: () =>
      api.get<Page<AdminUserRow>>('/admin/users', { query: { page, pageSize: USERS_PAGE_SIZE, q: q || undefined } }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (page: number, q: string) => useQuery(adminUsersQuery(page, q));

/** `POST /api/admin/users/invite`. */
export function useInviteEditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteEditorInput) => api.post<InviteResult>('/admin/users/invite', input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** `POST /api/admin/roles/assign|remove`. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, email, role }: { change: 'assign' | 'remove'; email: string; role: ManagedRole }) =>
      api.post<RoleChangeResult>(`/admin/roles/${change}`, { email, role }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
