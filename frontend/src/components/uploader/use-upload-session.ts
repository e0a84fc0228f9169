import type { UploadArea } from '@domain/uploads';
import { useCallback, useRef } from 'react';
import {
  forgetStoredSession,
  loadStoredSession,
  normaliseNote,
  openUploadSession,
  type StoredUploadSession,
} from './upload-api';

/**
 * The uploader's session: opened on the first file (or found again after a reload) and kept for the
 * next ones. With a version note, a new batch under another note starts a new session.
 */
export function useUploadSession({
  area,
  projectId,
  sessionNote,
}: {
  area: UploadArea;
  projectId?: string;
  sessionNote?: string;
}) {
  const sessionRef = useRef<Promise<StoredUploadSession> | null>(null);
  const noteRef = useRef(sessionNote);
  noteRef.current = sessionNote;

  const session = useCallback(
    () => (sessionRef.current ??= openUploadSession({ area, projectId, note: noteRef.current })),
    [area, projectId],
  );

  const usesNote = sessionNote !== undefined;
  /** A new batch with another note than the (idle) session's starts a new session: true when it did. */
  const rotateSessionForNote = useCallback(
    async (busy: boolean): Promise<boolean> => {
      if (!usesNote || busy) return false;
      const target = { area, projectId };
      const current = sessionRef.current ? await sessionRef.current.catch(() => null) : loadStoredSession(target);
      if (!current || normaliseNote(current.note) === normaliseNote(noteRef.current)) return false;
      forgetStoredSession(target);
      sessionRef.current = null;
      return true;
    },
    [area, projectId, usesNote],
  );

  return { session, rotateSessionForNote };
}
