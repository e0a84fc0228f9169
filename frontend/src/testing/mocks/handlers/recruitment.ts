import { editorApplicationSchema } from '@domain/schemas/recruitment';
import { accepting } from '../network';

/** `POST /api/editor-applications`: the application is stored. */
export const acceptApplication = () =>
  accepting('post', '/api/editor-applications', editorApplicationSchema, () => ({
    status: 201,
    json: { applicationId: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f' },
  }));
