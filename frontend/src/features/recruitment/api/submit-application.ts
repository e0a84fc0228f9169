import { RECRUITMENT_MESSAGES } from '@domain/recruitment';
import type { EditorApplicationInput } from '@domain/schemas/recruitment';
import { UPLOAD_SESSION_HEADER } from '@domain/uploads';
import { useMutation } from '@tanstack/react-query';
import { proofOfWorkHeaders } from '@/components/form/proof-of-work';
import { forgetStoredSession, loadStoredSession } from '@/components/uploader/upload-api';
import { api, ApiError } from '@/lib/api-client';

/** The upload area of the application's photo; its session is sent with the application. */
export const PHOTO_AREA = 'application_photo';

interface SubmitApplicationInput {
  application: EditorApplicationInput;
  /** The photo finished uploading in this browser: its session goes with the application. */
  withPhoto: boolean;
  /** A solved anti-robot challenge, once the api asked for one. */
  proofOfWork?: string;
}

/**
 * `POST /api/editor-applications` (public). The photo joins through its upload session, proven by
 * the session's secret; once the application is stored the next one starts with a new session.
 */
async function submitApplication({ application, withPhoto, proofOfWork }: SubmitApplicationInput) {
  const photo = withPhoto ? loadStoredSession(PHOTO_AREA) : null;
  const result = await api.post<{ applicationId: string }>(
    '/editor-applications',
    photo ? { ...application, profilePhotoSessionId: photo.sessionId } : application,
    { headers: { ...(photo ? { [UPLOAD_SESSION_HEADER]: photo.secret } : {}), ...proofOfWorkHeaders(proofOfWork) } },
  );
  forgetStoredSession(PHOTO_AREA);
  return result;
}

export function useSubmitApplication() {
  return useMutation({ mutationFn: submitApplication });
}

/** 000 §8: the server's message when it refused the application, the generic sentence otherwise. */
export function submitErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : RECRUITMENT_MESSAGES.submitError;
}

/** The server's message for each refused field (`{ fields: { "email": "…" } }`). */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}
