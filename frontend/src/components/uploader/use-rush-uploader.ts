import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import { ANALYSIS_MESSAGES, discrepancyForAnalysis, type RushAnalysisResult } from '@domain/analysis';
import {
  UPLOAD_CHUNK_SIZE_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_PARALLEL_LIMIT,
  UPLOAD_RETRY_DELAYS_MS,
  areaRunsAnalysis,
  checkNewFile,
  maxFilesFor,
  type SignUploadRequest,
  type UploadArea,
  type UploadRejection,
} from '@domain/uploads';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import {
  forgetStoredSession,
  loadStoredSession,
  normaliseNote,
  openUploadSession,
  uploadApi,
  type StoredUploadSession,
} from './upload-api';

/** 001 §3.3: one uploaded file as the form sees it. */
export interface UploadItem {
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
  /** Restored after a reload without its data: the user picks the same file again to resume. */
  needsFile: boolean;
}

export interface RushUploaderOptions {
  area: UploadArea;
  /** For the project areas: the project the files belong to. */
  projectId?: string;
  /** Called once the server accepted a finished file (the project's file list refreshes). */
  onFileUploaded?: () => void;
  /**
   * The final area's version note, sent when a session opens. Files added once every earlier one
   * is done go to a new session when the note changed, so each version keeps its own note.
   */
  sessionNote?: string;
  declaredDurationMinutes?: number;
  onAnalysed?: (result: RushAnalysisResult | null) => void;
  onFilesChange?: (files: UploadItem[]) => void;
}

type FileMeta = { serverFileId?: string; key?: string; retryCount?: number };
type RushUppy = Uppy<FileMeta, Record<string, never>>;
type RushFile = UppyFile<FileMeta, Record<string, never>>;

/** S3's error code in an XML error body (`<Code>AccessDenied</Code>`), if any. */
function s3ErrorCode(body: string | undefined): string {
  return /<Code>([^<]+)<\/Code>/.exec(body ?? '')?.[1] ?? '';
}

/** An S3 answer that is not a success: status 0 is a network failure. */
function s3Error(status: number, body: string | undefined): Error {
  const error = new Error(
    status === 0 ? 'NETWORK error during S3 request' : `S3 returned ${status} ${s3ErrorCode(body)}`.trim(),
  );
  Object.assign(error, { source: { status } });
  return error;
}

/** One presigned S3 request (ListParts, CompleteMultipartUpload, AbortMultipartUpload); answers the body. */
async function s3Request(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  signal: AbortSignal | undefined,
  body?: string,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      body,
      signal,
      headers: body ? { 'Content-Type': 'application/xml' } : undefined,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw s3Error(0, undefined);
  }
  const text = await response.text();
  // CompleteMultipartUpload can fail with a 200 whose body is an <Error>.
  if (!response.ok || /<Error>/.test(text)) throw s3Error(response.ok ? 500 : response.status, text);
  return text;
}

/** The parts S3 already has (ListParts answer). */
function parseListParts(xml: string): { PartNumber: number; ETag: string; Size: number }[] {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  return Array.from(document.getElementsByTagName('Part'), (part) => ({
    PartNumber: Number(part.getElementsByTagName('PartNumber')[0]?.textContent),
    ETag: part.getElementsByTagName('ETag')[0]?.textContent ?? '',
    Size: Number(part.getElementsByTagName('Size')[0]?.textContent),
  }));
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** CompleteMultipartUpload's body: every part, in order. */
function completeBody(parts: { PartNumber?: number; ETag?: string }[]): string {
  const sorted = [...parts].sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
  const items = sorted
    .map((part) => `<Part><PartNumber>${part.PartNumber}</PartNumber><ETag>${escapeXml(part.ETag ?? '')}</ETag></Part>`)
    .join('');
  return `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${items}</CompleteMultipartUpload>`;
}

/** 001 §8.1: the French message for what went wrong; `aborted` errors are never retried. */
function describeUploadError(
  error: { name?: string; message?: string; source?: unknown },
  size: number,
): { message: string; retryable: boolean } {
  // A part PUT that S3 refused carries its XMLHttpRequest (`source`): status 0 is a network failure.
  const source = error.source as { status?: number; responseText?: string } | undefined;
  let detail = '';
  if (source && typeof source.status === 'number') {
    let body = '';
    try {
      body = source.responseText ?? '';
    } catch {
      // responseText throws for non-text response types.
    }
    detail = source.status === 0 ? ' NETWORK' : ` ${source.status} ${s3ErrorCode(body)}`;
  }
  const text = `${error.name ?? ''} ${error.message ?? ''}${detail}`;
  if (/abort/i.test(text)) return { message: UPLOAD_MESSAGES.timeout, retryable: false };
  if (!navigator.onLine) return { message: UPLOAD_MESSAGES.noConnection, retryable: true };
  if (error instanceof ApiError && (error.status === 401 || error.status === 403))
    return { message: UPLOAD_MESSAGES.denied, retryable: false };
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return { message: error.message, retryable: false };
  if (/ 413|EntityTooLarge/.test(text))
    return { message: UPLOAD_MESSAGES.payloadTooLarge(formatBytes(size)), retryable: false };
  if (/ 40[13]|AccessDenied|SignatureDoesNotMatch|expired/i.test(text))
    return { message: UPLOAD_MESSAGES.denied, retryable: true };
  if (/NETWORK|Network|fetch/i.test(text)) return { message: UPLOAD_MESSAGES.network, retryable: true };
  if (/ 5\d\d|NoSuchBucket|ServiceUnavailable|SlowDown/.test(text))
    return { message: UPLOAD_MESSAGES.storageError, retryable: true };
  return {
    message: size > UPLOAD_CHUNK_SIZE_BYTES ? UPLOAD_MESSAGES.chunkError : UPLOAD_MESSAGES.network,
    retryable: true,
  };
}

export function formatBytes(bytes: number): string {
  const units = ['o', 'Ko', 'Mo', 'Go', 'To'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

function toItem(file: RushFile, change: Partial<UploadItem> = {}): UploadItem {
  return {
    id: file.id,
    name: file.name ?? '',
    size: file.size ?? 0,
    type: file.type ?? '',
    status: 'uploading',
    progress: Math.round(file.progress.percentage ?? 0),
    url: file.meta.key ?? null,
    duration: null,
    untimed: false,
    error: null,
    retryCount: file.meta.retryCount ?? 0,
    uploadSpeed: 0,
    timeRemaining: null,
    needsFile: Boolean(file.isGhost),
    ...change,
  };
}

/** Speed is smoothed so the time remaining does not jump with every progress event. */
const SPEED_SMOOTHING = 0.3;

/**
 * The uploader's engine: Uppy with the S3 plugin signing every request through the api (the server
 * made the key and the multipart upload), Golden Retriever to resume after a reload, 1/2/4 s
 * retries, then the analysis once the batch is done.
 */
export function useRushUploader({
  area,
  projectId,
  onFileUploaded,
  sessionNote,
  declaredDurationMinutes,
  onAnalysed,
  onFilesChange,
}: RushUploaderOptions) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [rejections, setRejections] = useState<(UploadRejection & { name: string })[]>([]);
  const [analysing, setAnalysing] = useState(false);
  const [analysisFailed, setAnalysisFailed] = useState(false);
  const sessionRef = useRef<Promise<StoredUploadSession> | null>(null);
  const uppyRef = useRef<RushUppy | null>(null);
  const speedRef = useRef(new Map<string, { at: number; bytes: number; speed: number }>());
  const timersRef = useRef(new Set<ReturnType<typeof setTimeout>>());
  const callbacks = useRef({ declaredDurationMinutes, onAnalysed, onFilesChange, onFileUploaded });
  callbacks.current = { declaredDurationMinutes, onAnalysed, onFilesChange, onFileUploaded };
  const analyses = areaRunsAnalysis(area);

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

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  useEffect(() => {
    callbacks.current.onFilesChange?.(items);
  }, [items]);

  const runAnalysis = useCallback(async () => {
    setAnalysing(true);
    setAnalysisFailed(false);
    setItems((current) =>
      current.map((item) => (item.status === 'completed' ? { ...item, status: 'analyzing' } : item)),
    );
    try {
      const result = await uploadApi.analyse(await session());
      const byServerId = new Map(result.fileAnalyses.map((file) => [file.fileId, file]));
      const uppy = uppyRef.current;
      setItems((current) =>
        current.map((item) => {
          const serverFileId = uppy?.getFile(item.id)?.meta.serverFileId;
          const analysed = serverFileId ? byServerId.get(serverFileId) : undefined;
          if (!analysed) return item.status === 'analyzing' ? { ...item, status: 'completed' } : item;
          if (!analysed.isMedia)
            return { ...item, status: 'error', error: analysed.error ?? UPLOAD_MESSAGES.unsupportedType };
          // An analysis stored before `timed` existed: a positive duration is a timed file.
          const timed = analysed.timed ?? analysed.durationSeconds > 0;
          return timed
            ? { ...item, status: 'completed', duration: analysed.durationSeconds / 60, untimed: false }
            : { ...item, status: 'completed', duration: null, untimed: true };
        }),
      );
      toast.success(ANALYSIS_MESSAGES.succeeded);
      // Files without a duration (images) take no part: with no timed file there is no verdict.
      const discrepancy = discrepancyForAnalysis(callbacks.current.declaredDurationMinutes, result);
      if (discrepancy) {
        if (discrepancy.level === 'significant') console.warn('[uploader] duration discrepancy', discrepancy);
        if (discrepancy.level === 'major')
          console.error('[uploader] major duration discrepancy: potential fraud', discrepancy);
        if (discrepancy.toast) {
          const show = discrepancy.toast.destructive ? toast.error : toast.info;
          show(discrepancy.toast.title, { description: discrepancy.toast.description });
        }
      }
      callbacks.current.onAnalysed?.(result);
    } catch {
      setAnalysisFailed(true);
      setItems((current) =>
        current.map((item) => (item.status === 'analyzing' ? { ...item, status: 'completed' } : item)),
      );
      toast.error(ANALYSIS_MESSAGES.failedTitle, { description: ANALYSIS_MESSAGES.failed });
      callbacks.current.onAnalysed?.(null);
    } finally {
      setAnalysing(false);
    }
  }, [session]);

  useEffect(() => {
    const uppy: RushUppy = new Uppy<FileMeta, Record<string, never>>({
      id: `rush-uploader-${area}${projectId ? `-${projectId}` : ''}`,
      autoProceed: false,
      allowMultipleUploadBatches: true,
    });
    uppyRef.current = uppy;
    const timers = timersRef.current;

    // Every S3 request of a file goes through a URL the api signs with the key and upload id it
    // stored for that file (it ignores what the browser would propose). `limit` caps the S3 requests
    // in flight across all files, so up to UPLOAD_PARALLEL_LIMIT parts of one file go at once.
    const signed = async (file: RushFile, request: SignUploadRequest) => {
      const fileId = file.meta.serverFileId;
      if (!fileId) throw new Error('Unknown upload');
      return uploadApi.sign(await session(), fileId, request);
    };
    uppy.use(AwsS3<FileMeta, Record<string, never>>, {
      shouldUseMultipart: true,
      getChunkSize: () => UPLOAD_CHUNK_SIZE_BYTES,
      limit: UPLOAD_PARALLEL_LIMIT,
      // The 1/2/4 s retries below (upload-error) are the only ones: each resumes through ListParts.
      retryDelays: [],
      createMultipartUpload() {
        // Never called: the server opened the upload and `s3Multipart` is set from its answer.
        throw new Error('The multipart upload is opened by the server');
      },
      async signPart(file, { partNumber }) {
        return { method: 'PUT', url: (await signed(file, { operation: 'uploadPart', partNumber })).url };
      },
      async listParts(file, { signal }) {
        const { url } = await signed(file, { operation: 'listParts' });
        return parseListParts(await s3Request('GET', url, signal));
      },
      async completeMultipartUpload(file, { parts, signal }) {
        const { url } = await signed(file, { operation: 'complete' });
        await s3Request('POST', url, signal, completeBody(parts));
        return { location: url.split('?')[0] };
      },
      async abortMultipartUpload(file, { signal }) {
        const { url } = await signed(file, { operation: 'abort' });
        await s3Request('DELETE', url, signal);
      },
    });
    uppy.use(GoldenRetriever, { expires: 7 * 24 * 60 * 60 * 1000 });

    const finishedBatch = () => {
      const files = uppy.getFiles();
      if (files.length === 0 || files.some((file) => !file.progress.uploadComplete && !file.error)) return false;
      return true;
    };

    const maybeAnalyse = () => {
      // Wait for every file of the batch (and every retry) before analysing once.
      setItems((current) => {
        const busy = current.some(
          (item) => item.status === 'uploading' || item.status === 'retrying' || item.needsFile,
        );
        const anyDone = current.some((item) => item.status === 'completed' && item.duration === null && !item.untimed);
        if (analyses && !busy && anyDone && finishedBatch()) queueMicrotask(() => void runAnalysis());
        const failed = current.filter((item) => item.status === 'error').length;
        if (!busy && failed > 0 && current.length > 1)
          toast.error(UPLOAD_MESSAGES.batchFailedTitle, {
            description: UPLOAD_MESSAGES.batchFailed,
            id: 'upload-batch-failed',
          });
        return current;
      });
    };

    uppy.on('upload-progress', (file, progress) => {
      if (!file) return;
      const now = performance.now();
      const bytes = progress.bytesUploaded;
      const total = progress.bytesTotal ?? file.size ?? 0;
      const previous = speedRef.current.get(file.id);
      let speed = previous?.speed ?? 0;
      if (previous && now > previous.at) {
        const instant = ((bytes - previous.bytes) * 1000) / (now - previous.at);
        if (instant >= 0) speed = speed ? speed + SPEED_SMOOTHING * (instant - speed) : instant;
      }
      speedRef.current.set(file.id, { at: now, bytes, speed });
      patch(file.id, {
        progress: total ? Math.min(100, Math.floor((bytes / total) * 100)) : 0,
        uploadSpeed: Math.round(speed),
        timeRemaining: speed > 0 ? Math.ceil((total - bytes) / speed) : null,
        status: 'uploading',
      });
    });

    uppy.on('upload-success', (file) => {
      if (!file?.meta.serverFileId) return;
      const serverFileId = file.meta.serverFileId;
      speedRef.current.delete(file.id);
      void (async () => {
        try {
          const checked = await uploadApi.complete(await session(), serverFileId);
          if (checked.status === 'rejected') {
            patch(file.id, {
              status: 'error',
              progress: 100,
              error: checked.error ?? UPLOAD_MESSAGES.unsupportedType,
              timeRemaining: 0,
            });
            toast.error(UPLOAD_MESSAGES.uploadFailedTitle, {
              description: `${file.name} : ${checked.error ?? UPLOAD_MESSAGES.unsupportedType}`,
            });
          } else {
            patch(file.id, { status: 'completed', progress: 100, timeRemaining: 0 });
            toast.success(UPLOAD_MESSAGES.uploadSucceeded, { description: file.name });
            callbacks.current.onFileUploaded?.();
          }
        } catch (error) {
          patch(file.id, { status: 'error', error: describeUploadError(error as Error, file.size ?? 0).message });
        }
        maybeAnalyse();
      })();
    });

    uppy.on('upload-error', (file, error) => {
      if (!file) return;
      const { message, retryable } = describeUploadError(error, file.size ?? 0);
      const attempt = file.meta.retryCount ?? 0;
      if (retryable && attempt < UPLOAD_RETRY_DELAYS_MS.length) {
        uppy.setFileMeta(file.id, { retryCount: attempt + 1 });
        patch(file.id, { status: 'retrying', retryCount: attempt + 1, error: message });
        const timer = setTimeout(() => {
          timers.delete(timer);
          // Resumes from the parts S3 already has (ListParts): finished parts are not sent again.
          if (uppy.getFile(file.id)) void uppy.retryUpload(file.id).catch(() => undefined);
        }, UPLOAD_RETRY_DELAYS_MS[attempt]);
        timers.add(timer);
        return;
      }
      patch(file.id, { status: 'error', error: message, uploadSpeed: 0, timeRemaining: null });
      toast.error(UPLOAD_MESSAGES.uploadFailedTitle, { description: `${file.name} : ${message}` });
      maybeAnalyse();
    });

    uppy.on('upload-retry', (file) => {
      if (file) patch(file.id, { status: 'uploading' });
    });

    uppy.on('restored', () => {
      // Golden Retriever brought back the files of an interrupted batch: those it kept the data of
      // resume at once; the others wait for the user to select the same file again.
      const restored = uppy.getFiles().filter((file) => file.meta.serverFileId && !file.progress.uploadComplete);
      setItems(restored.map((file) => toItem(file)));
      for (const file of restored) if (!file.isGhost) void uppy.retryUpload(file.id).catch(() => undefined);
    });

    return () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      uppy.destroy();
      uppyRef.current = null;
    };
  }, [analyses, area, patch, projectId, runAnalysis, session]);

  /** Checks each picked file (early, with the server's own rules), registers it, then uploads. */
  const addFiles = useCallback(
    async (picked: File[]) => {
      const uppy = uppyRef.current;
      if (!uppy) return;
      const newRejections: (UploadRejection & { name: string })[] = [];
      const rotated = await rotateSessionForNote(
        items.some((item) => item.status === 'uploading' || item.status === 'retrying' || item.needsFile),
      );
      if (rotated) {
        // The finished files belong to the previous session (the previous version): the list starts over.
        for (const file of uppy.getFiles()) uppy.removeFile(file.id);
        setItems([]);
        setRejections([]);
      }
      let kept = rotated ? 0 : items.filter((item) => item.status !== 'error').length;
      let registered = 0;
      for (const data of picked) {
        const ghost = uppy
          .getFiles()
          .find((file) => file.isGhost && file.name === data.name && file.size === data.size);
        if (ghost) {
          // The same file picked again after a reload: give Uppy its data back and resume.
          uppy.addFile({ name: data.name, type: data.type, data, source: 'local' });
          patch(ghost.id, { needsFile: false, status: 'uploading' });
          void uppy.retryUpload(ghost.id).catch(() => undefined);
          continue;
        }
        const rejection = checkNewFile({ name: data.name, size: data.size, type: data.type }, kept, area);
        if (rejection) {
          newRejections.push({ ...rejection, name: data.name });
          continue;
        }
        try {
          const created = await uploadApi.addFile(await session(), {
            name: data.name,
            size: data.size,
            type: data.type,
          });
          const id = uppy.addFile({
            name: data.name,
            type: data.type,
            data,
            source: 'local',
            meta: { serverFileId: created.fileId, key: created.key },
          });
          // The server opened the multipart upload: Uppy continues it (ListParts, then the parts).
          uppy.setFileState(id, { s3Multipart: { uploadId: created.uploadId, key: created.key } } as Partial<RushFile>);
          const file = uppy.getFile(id);
          setItems((current) => [...current.filter((item) => item.id !== id), toItem(file)]);
          kept += 1;
          registered += 1;
        } catch (error) {
          const message = error instanceof ApiError ? error.message : UPLOAD_MESSAGES.storageUnavailable;
          const code =
            error instanceof ApiError && error.status === 409
              ? 'count'
              : error instanceof ApiError && error.status === 413
                ? 'size'
                : 'type';
          const title =
            error instanceof ApiError
              ? (Object.values((error.body as { fields?: Record<string, string> })?.fields ?? {})[0] ??
                UPLOAD_MESSAGES.batchFailedTitle)
              : UPLOAD_MESSAGES.batchFailedTitle;
          newRejections.push({ code, title, message, name: data.name });
        }
      }
      if (newRejections.length > 0) {
        setRejections((current) => [...current, ...newRejections]);
        const byTitle = new Map<string, string[]>();
        for (const rejection of newRejections)
          byTitle.set(rejection.title, [...(byTitle.get(rejection.title) ?? []), rejection.message]);
        for (const [title, messages] of byTitle) toast.error(title, { description: [...new Set(messages)].join('\n') });
      }
      // Only for newly registered files: a re-selected file already resumed through retryUpload, and
      // a second run would send its missing parts twice.
      if (registered > 0) void uppy.upload().catch(() => undefined);
    },
    [area, items, patch, session, rotateSessionForNote],
  );

  /** Cancel: Uppy aborts the multipart upload (the api signs the DELETE); a finished file is removed by the api. */
  const removeFile = useCallback(
    async (id: string) => {
      const uppy = uppyRef.current;
      const file = uppy?.getFile(id);
      const item = items.find((candidate) => candidate.id === id);
      setItems((current) => current.filter((candidate) => candidate.id !== id));
      if (!uppy || !file) return;
      uppy.removeFile(id);
      // Also when Uppy had no uploader running (a restored file waiting for its data): the api
      // aborts the multipart upload or deletes the object; both are idempotent.
      if (file.meta.serverFileId && item?.status !== 'error') {
        await uploadApi.remove(await session(), file.meta.serverFileId).catch(() => undefined);
      }
    },
    [items, session],
  );

  return {
    items,
    rejections,
    analysing,
    analysisFailed,
    addFiles,
    removeFile,
    retryAnalysis: runAnalysis,
    maxFiles: maxFilesFor(area),
  };
}
