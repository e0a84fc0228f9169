import { BRIEF_MESSAGES, type FullBriefPayload, type WizardBriefPayload } from '@domain/schemas/brief';
import { UPLOAD_SESSION_HEADER } from '@domain/uploads';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { proofOfWorkHeaders } from '@/components/form/proof-of-work';
import { forgetStoredSession, loadStoredSession } from '@/components/uploader/upload-api';
import { api, ApiError } from '@/lib/api-client';

interface SubmitBriefResult {
  briefId: string;
  /** The typed address is not an account's verified one: the receipt's link confirms it. */
  addressConfirmationNeeded: boolean;
}

/** A random v4 uuid, also where `crypto.randomUUID` is missing (plain-http origins). */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A funnel's brief, and the solved anti-robot challenge once the api asked for one. */
type Funnel = ({ kind: 'wizard'; payload: WizardBriefPayload } | { kind: 'full'; payload: FullBriefPayload }) & {
  proofOfWork?: string;
};

/** The uploader's area of each funnel (the wizard's also takes images). */
export const UPLOAD_AREA = { wizard: 'wizard', full: 'brief' } as const;

/**
 * `POST /api/briefs` with an Idempotency-Key: a double click or a retry after a lost answer gives
 * the same brief, never a second one. The rushes uploaded in this browser join the brief through
 * their upload session, proven by its secret; once the brief is stored the next one starts afresh.
 */
async function submitBrief(funnel: Funnel, idempotencyKey: string): Promise<SubmitBriefResult> {
  const area = UPLOAD_AREA[funnel.kind];
  const upload = loadStoredSession(area);
  const headers: Record<string, string> = {
    'Idempotency-Key': idempotencyKey,
    ...proofOfWorkHeaders(funnel.proofOfWork),
  };
  let payload: WizardBriefPayload | FullBriefPayload = funnel.payload;
  if (upload) {
    headers[UPLOAD_SESSION_HEADER] = upload.secret;
    payload =
      funnel.kind === 'wizard'
        ? { ...funnel.payload, upload_session_id: upload.sessionId }
        : { ...funnel.payload, uploadSessionId: upload.sessionId };
  }
  const result = await api.post<SubmitBriefResult>('/briefs', payload, { headers });
  if (upload) forgetStoredSession(area);
  return result;
}

/**
 * Submits a funnel's brief. Every try of the same brief carries the same Idempotency-Key;
 * `startNewBrief()` draws the next key when the form starts afresh.
 */
export function useSubmitBrief() {
  const idempotencyKey = useRef(newIdempotencyKey());
  const mutation = useMutation({ mutationFn: (funnel: Funnel) => submitBrief(funnel, idempotencyKey.current) });
  const startNewBrief = useCallback(() => {
    idempotencyKey.current = newIdempotencyKey();
  }, []);
  return { ...mutation, startNewBrief };
}

/** The error toast's text: the server's reason when it refused the brief (400), the generic message otherwise. */
export function submitErrorDescription(error: unknown): string {
  return error instanceof ApiError && error.status === 400 ? error.message : BRIEF_MESSAGES.submitError;
}
