import type { AdminProjectRow, EligibleEditor, Page } from '@domain/admin';
import type { ProjectDetail } from '@domain/projects';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The Projets tab's filters and page, as the api's query string reads them. */
export interface ProjectFilters {
  page: number;
  status?: string;
  editorId?: string;
  clientEmail?: string;
  videoType?: string;
  overdue?: boolean;
  waiting?: boolean;
  q?: string;
}

export const PAGE_SIZE = 20;

/** `GET /api/admin/projects`: filtered and paginated on the server. */
export const adminProjectsQuery = (filters: ProjectFilters) =>
  queryOptions({
    queryKey: ['admin', 'projects', 'list', filters],
    queryFn: () =>
      api.get<Page<AdminProjectRow>>('/admin/projects', {
        query: {
          ...filters,
          overdue: filters.overdue || undefined,
          waiting: filters.waiting || undefined,
          pageSize: PAGE_SIZE,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useAdminProjects = (filters: ProjectFilters) => useQuery(adminProjectsQuery(filters));

interface ProjectFilterChoices {
  editors: { id: string; name: string; status: string; current: number; max: number }[];
  videoTypes: string[];
}

/** `GET /api/admin/projects/filters`: the editors and video types the filters offer. */
export const projectFilterChoicesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'projects', 'filters'],
    queryFn: () => api.get<ProjectFilterChoices>('/admin/projects/filters'),
  });

export const useProjectFilterChoices = () => useQuery(projectFilterChoicesQuery());

/** `GET /api/admin/projects/:id/eligible-editors`: who may take it, with their load. */
export const useEligibleEditors = (projectId: string | null) =>
  useQuery({
    queryKey: ['admin', 'projects', projectId, 'eligible-editors'],
    queryFn: async () =>
      (
        await api.get<{ editors: EligibleEditor[] }>(
          `/admin/projects/${encodeURIComponent(projectId!)}/eligible-editors`,
        )
      ).editors,
    enabled: projectId !== null,
    staleTime: 0,
  });

function useProjectChange<Input extends { projectId: string }>(path: string, body: (input: Input) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) =>
      api.post<{ project: ProjectDetail }>(
        `/admin/projects/${encodeURIComponent(input.projectId)}/${path}`,
        body(input),
      ),
    onSettled: (_data, _error, input) => {
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
      void queryClient.invalidateQueries({ queryKey: ['projects', input.projectId] });
    },
  });
}

/** `POST /api/admin/projects/:id/assign` (ProjectWorkflow's `assignEditor` update). */
export const useAssignEditor = () =>
  useProjectChange<{ projectId: string; editorId: string }>('assign', ({ editorId }) => ({ editorId }));

/** `POST /api/admin/projects/:id/cancel` (ProjectWorkflow's `cancel` update). */
export const useCancelProject = () =>
  useProjectChange<{ projectId: string; reason?: string }>('cancel', ({ reason }) => (reason ? { reason } : {}));

/** `POST /api/admin/projects/:id/reassign` (ProjectWorkflow's `reassignEditor` update). */
export const useReassignEditor = () =>
  useProjectChange<{ projectId: string; editorId: string }>('reassign', ({ editorId }) => ({ editorId }));

/** `POST /api/admin/projects/:id/deadline` (`changeDeadline`): `YYYY-MM-DD`, from tomorrow on. */
export const useChangeDeadline = () =>
  useProjectChange<{ projectId: string; deliveryDate: string }>('deadline', ({ deliveryDate }) => ({ deliveryDate }));

/** `POST /api/admin/projects/:id/revisions` (`addRevisions`): added to the project's quota. */
export const useAddRevisions = () =>
  useProjectChange<{ projectId: string; count: number }>('revisions', ({ count }) => ({ count }));
