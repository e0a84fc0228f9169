import type { RushAnalysisResult } from '@domain/analysis';
import {
  UPLOAD_SESSION_HEADER,
  type UploadArea,
  type UploadFileCreated,
  type UploadFileView,
  type UploadSessionCreated,
} from '@domain/uploads';
import type { AddUploadFileInput, SignUploadRequest } from '@domain/schemas/uploads';
import { api } from '@/lib/api-client';

/** Where files go: a brief funnel's area, or a project's sources / final video. */
export interface UploadTarget {
  area: UploadArea;
  /** Set for the project areas: the session is opened on the project, which checks who may upload. */
  projectId?: string;
  /** The final area's version note: every file completed in the session becomes a version with it. */
  note?: string;
}

/** The upload session this browser keeps across reloads, per upload target (resume needs it). */
export interface StoredUploadSession extends UploadSessionCreated {
  area: UploadArea;
  /** The version note the session was opened with (final area). */
  note?: string | null;
}

/** A note as the server keeps it: trimmed, null when empty. */
export const normaliseNote = (note: string | null | undefined): string | null => note?.trim() || null;

/** A bare area names a brief funnel's target. */
const targetOf = (target: UploadArea | UploadTarget): UploadTarget =>
  typeof target === 'string' ? { area: target } : target;

const storageKey = (target: UploadArea | UploadTarget) => {
  const { area, projectId } = targetOf(target);
  return `rushflow.upload-session.${area}${projectId ? `.${projectId}` : ''}`;
};

export function loadStoredSession(target: UploadArea | UploadTarget): StoredUploadSession | null {
  try {
    const raw = window.localStorage.getItem(storageKey(target));
    return raw ? (JSON.parse(raw) as StoredUploadSession) : null;
  } catch {
    return null;
  }
}

export function forgetStoredSession(target: UploadArea | UploadTarget): void {
  window.localStorage.removeItem(storageKey(target));
}

export async function openUploadSession(target: UploadTarget): Promise<StoredUploadSession> {
  const stored = loadStoredSession(target);
  if (stored) return stored;
  const { area, projectId } = target;
  const note = area === 'project_final' ? normaliseNote(target.note) : null;
  const created = projectId
    ? await api.post<UploadSessionCreated>(`/projects/${encodeURIComponent(projectId)}/upload-sessions`, {
        fileType: area === 'project_final' ? 'final' : 'source',
        ...(note && { note }),
      })
    : await api.post<UploadSessionCreated>('/uploads/sessions', { area });
  const session = { ...created, area, note };
  window.localStorage.setItem(storageKey(target), JSON.stringify(session));
  return session;
}

const auth = (session: StoredUploadSession) => ({ headers: { [UPLOAD_SESSION_HEADER]: session.secret } });
const sessionPath = (session: StoredUploadSession) => `/uploads/sessions/${session.sessionId}`;

export const uploadApi = {
  addFile: (session: StoredUploadSession, file: AddUploadFileInput) =>
    api.post<UploadFileCreated>(`${sessionPath(session)}/files`, file, auth(session)),
  listFiles: (session: StoredUploadSession) =>
    api.get<{ files: UploadFileView[] }>(`${sessionPath(session)}/files`, auth(session)),
  /** `urls` for `uploadPart`: the run of parts from `partNumber`. */
  sign: (session: StoredUploadSession, fileId: string, request: SignUploadRequest) =>
    api.post<{ url: string; urls?: string[] }>(`${sessionPath(session)}/files/${fileId}/sign`, request, auth(session)),
  complete: (session: StoredUploadSession, fileId: string) =>
    api.post<UploadFileView>(`${sessionPath(session)}/files/${fileId}/complete`, {}, auth(session)),
  remove: (session: StoredUploadSession, fileId: string) =>
    api.delete<void>(`${sessionPath(session)}/files/${fileId}`, auth(session)),
  analyse: (session: StoredUploadSession) =>
    api.post<RushAnalysisResult>(`${sessionPath(session)}/analysis`, {}, auth(session)),
};
