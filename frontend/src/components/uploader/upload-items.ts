import { UPLOAD_MESSAGES, type UploadFileView } from '@domain/uploads';

/** 001 §3.3: one uploaded file as the form sees it. */
export interface UploadItem {
  /** The server's id of the file (stable across reloads). */
  id: string;
  name: string;
  size: number;
  type: string;
  status: 'uploading' | 'retrying' | 'analyzing' | 'completed' | 'error';
  progress: number;
  /** The stored object's key, once the server accepted the file. */
  url: string | null;
  /** Minutes, from the analysis (the measured seconds / 60, unrounded); null when it has none. */
  duration: number | null;
  /** Analysed and found without a duration (an image): not counted in the rushes' length. */
  untimed: boolean;
  error: string | null;
  retryCount: number;
  /** Bytes per second. */
  uploadSpeed: number;
  /** Seconds. */
  timeRemaining: number | null;
  /** Unfinished after a reload and its data is not kept: the user picks the same file again to resume. */
  needsFile: boolean;
  /** Unfinished after a reload: the browser kept the file but asks the user's leave to read it again (`resumeFile`). */
  needsPermission: boolean;
}

/** A file the server registered, as the list shows it before any progress. */
export function newItem(
  view: Pick<UploadFileView, 'fileId' | 'name' | 'size'>,
  change: Partial<UploadItem> = {},
): UploadItem {
  return {
    id: view.fileId,
    name: view.name,
    size: view.size,
    type: '',
    status: 'uploading',
    progress: 0,
    url: null,
    duration: null,
    untimed: false,
    error: null,
    retryCount: 0,
    uploadSpeed: 0,
    timeRemaining: null,
    needsFile: false,
    needsPermission: false,
    ...change,
  };
}

/** What a reload finds of a file the server knows: finished ones as they were, unfinished ones waiting for their data. */
export function restoredItem(view: UploadFileView): UploadItem | null {
  const url = view.multipart?.key ?? null;
  switch (view.status) {
    case 'completed':
      return newItem(view, {
        status: 'completed',
        progress: 100,
        timeRemaining: 0,
        duration: view.durationSeconds === null ? null : view.durationSeconds / 60,
        untimed: view.analysed && view.durationSeconds === null,
      });
    case 'rejected':
      return newItem(view, { status: 'error', progress: 100, error: view.error ?? UPLOAD_MESSAGES.unsupportedType });
    case 'uploading':
      return newItem(view, { url, needsFile: true });
    case 'cancelled':
      return null;
  }
}

export const isBusy = (item: UploadItem) =>
  item.status === 'uploading' || item.status === 'retrying' || item.needsFile || item.needsPermission;
