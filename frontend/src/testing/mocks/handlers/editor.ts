import { EditorProfileInputSchema, type EditorProfileView } from '@domain/schemas/project';
import { accepting } from '../network';

/** `PUT /api/editor/profile`: the profile is saved and answered back as the api reads it. */
export const acceptEditorProfile = () =>
  accepting('put', '/api/editor/profile', EditorProfileInputSchema, (input) => {
    const profile: EditorProfileView = {
      ...EditorProfileInputSchema.parse(input),
      currentProjectsCount: 0,
      completedProjectsCount: 0,
      updatedAt: '2026-03-02T10:00:00.000Z',
    };
    return { json: { profile } };
  });
