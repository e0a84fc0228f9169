import type { EditorProjectsAnswer } from '@domain/projects';
import type { EditorProfileInput, EditorProfileView } from '@domain/schemas/project';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const editorProfileQuery = () =>
  queryOptions({
    queryKey: ['editor', 'profile'],
    queryFn: async () => (await api.get<{ profile: EditorProfileView | null }>('/editor/profile')).profile,
  });

/** `GET /api/projects/mine?as=editor`: the projects assigned to me and my load. */
export const editorProjectsQuery = () =>
  queryOptions({
    queryKey: ['projects', 'mine', 'editor'],
    queryFn: () => api.get<EditorProjectsAnswer>('/projects/mine', { query: { as: 'editor' } }),
  });

export const useEditorProfile = () => useQuery(editorProfileQuery());
export const useEditorProjects = (enabled: boolean) => useQuery({ ...editorProjectsQuery(), enabled });

export function useSaveEditorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: EditorProfileInput) => api.put<{ profile: EditorProfileView }>('/editor/profile', profile),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(editorProfileQuery().queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: ['projects', 'mine', 'editor'] });
    },
  });
}
