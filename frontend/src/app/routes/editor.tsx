import type { QueryClient } from '@tanstack/react-query';
import { editorProfileQuery, editorProjectsQuery } from '@/features/editor/api/editor';
import { sessionCanSee } from '@/lib/authorization';
import { prefetch } from '@/lib/react-query';

export { EditorSpace as Component } from '@/features/editor/components/editor-space';

/** The editor's profile and projects together, once the session is known and only for an editor (the role its layout route requires). */
export const clientLoader = (queryClient: QueryClient) => async () => {
  if (!(await sessionCanSee(['editor']))) return null;
  await Promise.all([prefetch(queryClient, editorProfileQuery()), prefetch(queryClient, editorProjectsQuery())]);
  // Without a profile the page shows its set-up form and asks for the projects once the profile is saved.
  if (!queryClient.getQueryData(editorProfileQuery().queryKey)) {
    queryClient.removeQueries({ queryKey: editorProjectsQuery().queryKey, exact: true });
  }
  return null;
};
