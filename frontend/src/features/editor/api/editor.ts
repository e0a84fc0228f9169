import type { EditorProjectsAnswer } from '@domain/projects';
import type { EditorProfileInput, EditorProfileView } from '@domain/schemas/project';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** `GET /api/editor/profile`: my editor profile, null until I have filled it in. */
const getEditorProfile = async () => (await api.get<{ profile: EditorProfileView | null }>('/editor/profile')).profile;

export const editorProfileQuery = () =>
  queryOptions({
    queryKey: ['editor', 'profile'],
    queryFn: getEditorProfile,
  });

export const useEditorProfile = () => useQuery(editorProfileQuery());

/** `GET /api/projects/mine?as=editor`: the projects assigned to me and my load. */
const getEditorProjects = () => api.get<EditorProjectsAnswer>('/projects/mine', { query: { as: 'editor' } });

export const editorProjectsQuery = () =>
  queryOptions({
    queryKey: ['projects', 'mine', 'editor'],
    queryFn: getEditorProjects,
  });

export const useEditorProjects = (enabled: boolean) => useQuery({ ...editorProjectsQuery(), enabled });

/** `PUT /api/editor/profile`. */
const saveEditorProfile = (profile: EditorProfileInput) =>
  api.put<{ profile: EditorProfileView }>('/editor/profile', profile);

export function useSaveEditorProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEditorProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(editorProfileQuery().queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: editorProjectsQuery().queryKey });
    },
  });
}
