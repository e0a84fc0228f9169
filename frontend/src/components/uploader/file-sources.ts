import { acceptedExtensions, mediaKindOfExtension, type UploadArea } from '@domain/uploads';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * What lets an unfinished upload go on after a reload without the file being picked again: where
 * the browser has the File System Access API (Chromium), the file's handle; elsewhere, the data
 * of small files. Kept in IndexedDB per upload session and server file id, forgotten once the
 * file is done or removed.
 */

// The handle API is not in TypeScript's DOM library yet.
interface ReadPermission {
  mode: 'read';
}
interface KeptHandle extends FileSystemFileHandle {
  queryPermission?: (descriptor: ReadPermission) => Promise<PermissionState>;
  requestPermission?: (descriptor: ReadPermission) => Promise<PermissionState>;
}
interface PickerOptions {
  multiple?: boolean;
  excludeAcceptAllOption?: boolean;
  types?: { description?: string; accept: Record<string, string[]> }[];
}
type PickerWindow = Window & { showOpenFilePicker?: (options?: PickerOptions) => Promise<FileSystemFileHandle[]> };
type HandleItem = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };

/** A picked file, with its handle when the browser gave one. */
export interface PickedFile {
  file: File;
  handle?: FileSystemFileHandle;
}

/** The data of files up to this size is kept itself where there is no handle (as Golden Retriever did). */
const KEPT_DATA_MAX_BYTES = 10 * 1024 * 1024;

interface KeptSource {
  source: FileSystemFileHandle | File;
  size: number;
  lastModified: number;
}

/** After a reload: the file is back, needs the user's leave to be read again, or must be picked again. */
export type RestoredSource =
  { state: 'ready'; file: File } | { state: 'permission'; grant: () => Promise<File | null> } | { state: 'missing' };

let store: UseStore | null = null;
// Opened on first use, never while the page is rendered at build time.
const sources = () => (store ??= createStore('rushflow-uploads', 'sources'));
const keyOf = (sessionId: string, fileId: string) => `${sessionId}/${fileId}`;

/** Chromium keeps access to picked files across reloads; Firefox and Safari do not. */
export function canKeepFileAccess(): boolean {
  return typeof window !== 'undefined' && typeof (window as PickerWindow).showOpenFilePicker === 'function';
}

/**
 * The system's file picker with handles. Null when the user closed it; throws where the API is
 * missing (callers check `canKeepFileAccess` first).
 */
export async function pickFilesWithHandles(area: UploadArea): Promise<PickedFile[] | null> {
  const accept: Record<string, string[]> = {};
  for (const extension of acceptedExtensions(area)) {
    const mime = `${mediaKindOfExtension(extension)}/*`;
    (accept[mime] ??= []).push(`.${extension}`);
  }
  try {
    const handles = await (window as PickerWindow).showOpenFilePicker!({ multiple: true, types: [{ accept }] });
    return Promise.all(handles.map(async (handle) => ({ file: await handle.getFile(), handle })));
  } catch (error) {
    if ((error as Error).name === 'AbortError') return null;
    throw error;
  }
}

/**
 * Dropped files, with their handles where the browser gives them. Must be called during the drop
 * event: the items are gone once it returns.
 */
export function droppedFiles(transfer: DataTransfer): Promise<PickedFile[]> {
  const items = Array.from(transfer.items).filter((item) => item.kind === 'file') as HandleItem[];
  if (items.length === 0 || typeof items[0]!.getAsFileSystemHandle !== 'function')
    return Promise.resolve(Array.from(transfer.files, (file) => ({ file })));
  const pending = items.map((item) => ({ file: item.getAsFile(), handle: item.getAsFileSystemHandle!() }));
  return Promise.all(
    pending.map(async ({ file, handle }) => {
      const resolved = await handle.catch(() => null);
      return resolved?.kind === 'file'
        ? {
            file: file ?? (await (resolved as FileSystemFileHandle).getFile()),
            handle: resolved as FileSystemFileHandle,
          }
        : { file: file! };
    }),
  ).then((picked) => picked.filter((entry) => entry.file));
}

/** Keeps what will let this file resume after a reload; nothing when there is neither a handle nor small data. */
export async function keepSource(sessionId: string, fileId: string, picked: PickedFile): Promise<void> {
  const source = picked.handle ?? (picked.file.size <= KEPT_DATA_MAX_BYTES ? picked.file : null);
  if (!source) return;
  const kept: KeptSource = { source, size: picked.file.size, lastModified: picked.file.lastModified };
  await set(keyOf(sessionId, fileId), kept, sources()).catch(() => undefined);
}

export async function forgetSource(sessionId: string, fileId: string): Promise<void> {
  await del(keyOf(sessionId, fileId), sources()).catch(() => undefined);
}

/** The same file as when it was picked: a file changed since then must not finish another's upload. */
async function sameFile(handle: FileSystemFileHandle, kept: KeptSource): Promise<File | null> {
  const file = await handle.getFile().catch(() => null);
  return file && file.size === kept.size && file.lastModified === kept.lastModified ? file : null;
}

export async function restoreSource(sessionId: string, fileId: string): Promise<RestoredSource> {
  const kept = await get<KeptSource>(keyOf(sessionId, fileId), sources()).catch(() => undefined);
  if (!kept) return { state: 'missing' };
  if (kept.source instanceof Blob) return { state: 'ready', file: kept.source };
  const handle = kept.source as KeptHandle;
  const permission = (await handle.queryPermission?.({ mode: 'read' }).catch(() => 'denied' as const)) ?? 'granted';
  if (permission === 'granted') {
    const file = await sameFile(handle, kept);
    return file ? { state: 'ready', file } : { state: 'missing' };
  }
  if (permission === 'denied' || !handle.requestPermission) return { state: 'missing' };
  return {
    state: 'permission',
    // Needs a click: the browser asks the user again.
    grant: async () =>
      (await handle.requestPermission!({ mode: 'read' }).catch(() => 'denied')) === 'granted'
        ? sameFile(handle, kept)
        : null,
  };
}
