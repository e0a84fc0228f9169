import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import { ANALYSIS_MESSAGES, discrepancyForAnalysis, type RushAnalysisResult } from '@domain/analysis';
import {
  UPLOAD_MESSAGES,
  UPLOAD_PARALLEL_LIMIT,
  UPLOAD_RETRY_DELAYS_MS,
  MAX_PART_URLS_PER_REQUEST,
  PART_URL_EXPIRY_SECONDS,
  areaRunsAnalysis,
  checkNewFile,
  isBriefUploadArea,
  maxFilesFor,
  partCount,
  uploadPartSize,
  type SignUploadRequest,
  type UploadArea,
  type UploadFileView,
  type UploadRejection,
} from '@domain/uploads';
import i18n from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { canKeepFileAccess, forgetSource, keepSource, restoreSource, type PickedFile } from './file-sources';
import { registerUploaderLabels } from './labels';
import {
  forgetStoredSession,
  loadStoredSession,
  normaliseNote,
  openUploadSession,
  uploadApi,
  type StoredUploadSession,
} from './upload-api';

registerUploaderLabels();

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
/** The multipart upload the server opened for a file. */
type Multipart = { key: string; uploadId: string };

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

/** One page of the parts S3 already has (ListParts answer), and where the next page starts. */
function parseListParts(xml: string): { parts: { PartNumber: number; ETag: string; Size: number }[]; next: number } {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const text = (parent: Element | Document, tag: string) => parent.getElementsByTagName(tag)[0]?.textContent ?? '';
  const parts = Array.from(document.getElementsByTagName('Part'), (part) => ({
    PartNumber: Number(text(part, 'PartNumber')),
    ETag: text(part, 'ETag'),
    Size: Number(text(part, 'Size')),
  }));
  const truncated = text(document, 'IsTruncated') === 'true';
  return { parts, next: truncated ? Number(text(document, 'NextPartNumberMarker')) : 0 };
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
    message: partCount(size) > 1 ? UPLOAD_MESSAGES.chunkError : UPLOAD_MESSAGES.network,
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

/** A file the server registered, as the list shows it before any progress. */
function newItem(view: Pick<UploadFileView, 'fileId' | 'name' | 'size'>, change: Partial<UploadItem> = {}): UploadItem {
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
function restoredItem(view: UploadFileView): UploadItem | null {
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

const isBusy = (item: UploadItem) =>
  item.status === 'uploading' || item.status === 'retrying' || item.needsFile || item.needsPermission;

/** A file refused before its upload, grouped by cause in one toast. */
type Refusal = { code: UploadRejection['code'] | 'failed'; name: string; message: string };

/**
 * One toast per cause, replaced (same id) rather than stacked when files are dropped again: one
 * file gives its own sentence (« setup.exe : type de fichier non supporté »), several give how many
 * and their names; the file limit keeps the spec's title.
 */
function toastRefusals(refusals: Refusal[]): void {
  const byCode = new Map<Refusal['code'], Refusal[]>();
  for (const refusal of refusals) byCode.set(refusal.code, [...(byCode.get(refusal.code) ?? []), refusal]);
  for (const [code, group] of byCode) {
    const id = `upload-refused-${code}`;
    if (code === 'count') {
      toast.error(UPLOAD_MESSAGES.tooManyFilesTitle, {
        id,
        description: i18n.t('uploader.refusedOverLimit', { count: group.length, limit: group[0]!.message }),
      });
    } else if (group.length === 1) {
      const [only] = group;
      toast.error(code === 'failed' ? `${only!.name} : ${only!.message}` : only!.message, {
        id,
        description: undefined,
      });
    } else {
      toast.error(i18n.t(`uploader.refused.${code}`, { count: group.length }), {
        id,
        description: group.map((refusal) => refusal.name).join(', '),
      });
    }
  }
}

/** Speed is smoothed so the time remaining does not jump with every progress event. */
const SPEED_SMOOTHING = 0.3;
/** A part URL signed ahead is used while it has at least half of its validity left. */
const PART_URL_REUSE_MS = (PART_URL_EXPIRY_SECONDS * 1000) / 2;

/**
 * The uploader's engine: Uppy with the S3 plugin signing every request through the api (the server
 * made the key and the multipart upload), part URLs signed in runs, 1/2/4 s retries, then the
 * analysis once the batch is done. After a reload, the server's list of the session's files comes
 * back: finished ones as they were, unfinished ones resumed from the parts S3 already has, with the
 * file kept by the browser (file-sources.ts) or picked again.
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
  /** Files a reload left unfinished, until their data is back (with the browser's leave to read it, where it asks). */
  const waitingRef = useRef(new Map<string, { multipart: Multipart; grant?: () => Promise<File | null> }>());
  /** Files uploaded since the batch began, for the one success toast. */
  const uploadedInBatch = useRef(0);
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
      setItems((current) =>
        current.map((item) => {
          const analysed = byServerId.get(item.id);
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
      toast.success(ANALYSIS_MESSAGES.succeeded, { id: 'rush-analysis' });
      // Files without a duration (images) take no part: with no timed file there is no verdict.
      const discrepancy = discrepancyForAnalysis(callbacks.current.declaredDurationMinutes, result);
      if (discrepancy) {
        if (discrepancy.level === 'significant') console.warn('[uploader] duration discrepancy', discrepancy);
        if (discrepancy.level === 'major')
          console.error('[uploader] major duration discrepancy: potential fraud', discrepancy);
        if (discrepancy.toast) {
          const show = discrepancy.toast.destructive ? toast.error : toast.info;
          show(discrepancy.toast.title, { description: discrepancy.toast.description, id: 'rush-discrepancy' });
        }
      }
      callbacks.current.onAnalysed?.(result);
    } catch {
      setAnalysisFailed(true);
      setItems((current) =>
        current.map((item) => (item.status === 'analyzing' ? { ...item, status: 'completed' } : item)),
      );
      toast.error(ANALYSIS_MESSAGES.failedTitle, { description: ANALYSIS_MESSAGES.failed, id: 'rush-analysis' });
      callbacks.current.onAnalysed?.(null);
    } finally {
      setAnalysing(false);
    }
  }, [session]);

  /** Once nothing is on its way: analyse what is new, and say so once when some files failed. */
  const maybeAnalyse = useCallback(() => {
    setItems((current) => {
      const busy = current.some(isBusy);
      const unanalysed = current.some((item) => item.status === 'completed' && item.duration === null && !item.untimed);
      if (analyses && !busy && unanalysed) queueMicrotask(() => void runAnalysis());
      const failed = current.filter((item) => item.status === 'error').length;
      // Replaces the last file's 'Upload échoué' (same id): the batch says it once.
      if (!busy && failed > 1)
        toast.error(UPLOAD_MESSAGES.batchFailedTitle, {
          description: UPLOAD_MESSAGES.batchFailed,
          id: 'upload-failed',
        });
      return current;
    });
  }, [analyses, runAnalysis]);

  /** Hands a file's data to Uppy, which continues the multipart upload the server opened (ListParts, then the missing parts). */
  const startUpload = useCallback(
    (fileId: string, data: File, multipart: Multipart) => {
      const uppy = uppyRef.current;
      if (!uppy) return;
      const id = uppy.addFile({
        name: data.name,
        type: data.type,
        data,
        source: 'local',
        meta: { serverFileId: fileId, key: multipart.key },
      });
      uppy.setFileState(id, {
        s3Multipart: { uploadId: multipart.uploadId, key: multipart.key },
      } as Partial<RushFile>);
      patch(fileId, { status: 'uploading', needsFile: false, needsPermission: false, type: data.type, error: null });
      // Files already on their way are not sent twice: Uppy skips those assigned to an upload.
      void uppy.upload().catch(() => undefined);
    },
    [patch],
  );

  useEffect(() => {
    const uppy: RushUppy = new Uppy<FileMeta, Record<string, never>>({
      id: `rush-uploader-${area}${projectId ? `-${projectId}` : ''}`,
      autoProceed: false,
      allowMultipleUploadBatches: true,
    });
    uppyRef.current = uppy;
    const timers = timersRef.current;
    const waiting = waitingRef.current;
    let unmounted = false;

    /** Part URLs signed ahead, per server file and part number. */
    const partUrls = new Map<string, Map<number, { at: number; url: Promise<string> }>>();
    const partUrl = (fileId: string, size: number, partNumber: number): Promise<string> => {
      const parts = partUrls.get(fileId) ?? new Map<number, { at: number; url: Promise<string> }>();
      partUrls.set(fileId, parts);
      const ahead = parts.get(partNumber);
      parts.delete(partNumber);
      if (ahead && performance.now() - ahead.at < PART_URL_REUSE_MS) return ahead.url;
      // This part and the next ones, in one call: the parts that follow then start without a round trip to the api.
      const count = Math.min(MAX_PART_URLS_PER_REQUEST, partCount(size) - partNumber + 1);
      const at = performance.now();
      const signedRun = session().then((current) =>
        uploadApi.sign(current, fileId, { operation: 'uploadPart', partNumber, count }),
      );
      // A failed run is not kept: the retry signs again.
      signedRun.catch(() => {
        for (let index = 1; index < count; index += 1) parts.delete(partNumber + index);
      });
      for (let index = 1; index < count; index += 1) {
        const url = signedRun.then(({ urls }) => urls![index]!);
        // Handled where a part uses it; a run that failed before any part asked is not an error of its own.
        url.catch(() => undefined);
        parts.set(partNumber + index, { at, url });
      }
      return signedRun.then(({ url }) => url);
    };

    // Every S3 request of a file goes through a URL the api signs with the key and upload id it
    // stored for that file (it ignores what the browser would propose). `limit` caps the S3 requests
    // in flight across all files: what a reload may cost (UPLOAD_PARALLEL_LIMIT parts).
    const signed = async (file: RushFile, request: SignUploadRequest) => {
      const fileId = file.meta.serverFileId;
      if (!fileId) throw new Error('Unknown upload');
      return uploadApi.sign(await session(), fileId, request);
    };
    uppy.use(AwsS3<FileMeta, Record<string, never>>, {
      shouldUseMultipart: true,
      // The server's rule, so that parts are cut the same way before and after a reload.
      getChunkSize: (data) => uploadPartSize(data.size),
      limit: UPLOAD_PARALLEL_LIMIT,
      // The 1/2/4 s retries below (upload-error) are the only ones: each resumes through ListParts.
      retryDelays: [],
      createMultipartUpload() {
        // Never called: the server opened the upload and `s3Multipart` is set from its answer.
        throw new Error('The multipart upload is opened by the server');
      },
      async signPart(file, { partNumber }) {
        const fileId = file.meta.serverFileId;
        if (!fileId) throw new Error('Unknown upload');
        return { method: 'PUT', url: await partUrl(fileId, file.size ?? 0, partNumber) };
      },
      async listParts(file, { signal }) {
        // S3 lists 1,000 parts per page: a large file's later parts would otherwise be sent again.
        const stored: { PartNumber: number; ETag: string; Size: number }[] = [];
        for (let marker = 0; ;) {
          const { url } = await signed(file, { operation: 'listParts', partNumberMarker: marker });
          const page = parseListParts(await s3Request('GET', url, signal));
          stored.push(...page.parts);
          if (!page.next) return stored;
          marker = page.next;
        }
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

    uppy.on('upload-progress', (file, progress) => {
      const fileId = file?.meta.serverFileId;
      if (!file || !fileId) return;
      const now = performance.now();
      const bytes = progress.bytesUploaded;
      const total = progress.bytesTotal ?? file.size ?? 0;
      const previous = speedRef.current.get(fileId);
      let speed = previous?.speed ?? 0;
      if (previous && now > previous.at) {
        const instant = ((bytes - previous.bytes) * 1000) / (now - previous.at);
        if (instant >= 0) speed = speed ? speed + SPEED_SMOOTHING * (instant - speed) : instant;
      }
      speedRef.current.set(fileId, { at: now, bytes, speed });
      patch(fileId, {
        progress: total ? Math.min(100, Math.floor((bytes / total) * 100)) : 0,
        uploadSpeed: Math.round(speed),
        timeRemaining: speed > 0 ? Math.ceil((total - bytes) / speed) : null,
        status: 'uploading',
      });
    });

    uppy.on('upload-success', (file) => {
      const fileId = file?.meta.serverFileId;
      if (!file || !fileId) return;
      speedRef.current.delete(fileId);
      partUrls.delete(fileId);
      void (async () => {
        const current = await session();
        void forgetSource(current.sessionId, fileId);
        try {
          const checked = await uploadApi.complete(current, fileId);
          if (checked.status === 'rejected') {
            const error = checked.error ?? UPLOAD_MESSAGES.unsupportedType;
            patch(fileId, { status: 'error', progress: 100, error, timeRemaining: 0 });
            toast.error(UPLOAD_MESSAGES.uploadFailedTitle, {
              description: `${file.name} : ${error}`,
              id: 'upload-failed',
            });
          } else {
            patch(fileId, { status: 'completed', progress: 100, timeRemaining: 0 });
            uploadedInBatch.current += 1;
            toast.success(UPLOAD_MESSAGES.uploadSucceeded, {
              id: 'upload-succeeded',
              description:
                uploadedInBatch.current === 1
                  ? file.name
                  : i18n.t('uploader.uploaded', { count: uploadedInBatch.current }),
            });
            callbacks.current.onFileUploaded?.();
          }
        } catch (error) {
          patch(fileId, { status: 'error', error: describeUploadError(error as Error, file.size ?? 0).message });
        }
        maybeAnalyse();
      })();
    });

    uppy.on('upload-error', (file, error) => {
      const fileId = file?.meta.serverFileId;
      if (!file || !fileId) return;
      const { message, retryable } = describeUploadError(error, file.size ?? 0);
      const attempt = file.meta.retryCount ?? 0;
      if (retryable && attempt < UPLOAD_RETRY_DELAYS_MS.length) {
        uppy.setFileMeta(file.id, { retryCount: attempt + 1 });
        patch(fileId, { status: 'retrying', retryCount: attempt + 1, error: message });
        const timer = setTimeout(() => {
          timers.delete(timer);
          // Resumes from the parts S3 already has (ListParts): finished parts are not sent again.
          if (uppy.getFile(file.id)) void uppy.retryUpload(file.id).catch(() => undefined);
        }, UPLOAD_RETRY_DELAYS_MS[attempt]);
        timers.add(timer);
        return;
      }
      patch(fileId, { status: 'error', error: message, uploadSpeed: 0, timeRemaining: null });
      toast.error(UPLOAD_MESSAGES.uploadFailedTitle, { description: `${file.name} : ${message}`, id: 'upload-failed' });
      maybeAnalyse();
    });

    uppy.on('upload-retry', (file) => {
      const fileId = file?.meta.serverFileId;
      if (fileId) patch(fileId, { status: 'uploading' });
    });

    // After a reload: the session's files as the server knows them. A brief's finished files stay
    // listed (they go with the brief); unfinished ones continue where the browser kept the file.
    const stored = loadStoredSession({ area, projectId });
    if (stored) {
      void (async () => {
        let views: UploadFileView[];
        try {
          ({ files: views } = await uploadApi.listFiles(stored));
        } catch (error) {
          // The session is gone or no longer this visitor's: the next file opens a new one.
          if (error instanceof ApiError && (error.status === 403 || error.status === 404))
            forgetStoredSession({ area, projectId });
          return;
        }
        if (unmounted) return;
        const kept = views.filter((view) => view.status === 'uploading' || isBriefUploadArea(area));
        const restored = kept.flatMap((view) => restoredItem(view) ?? []);
        setItems((current) => [
          ...restored.filter((item) => !current.some((other) => other.id === item.id)),
          ...current,
        ]);
        for (const view of kept) {
          if (!view.multipart) continue;
          const multipart = view.multipart;
          const source = await restoreSource(stored.sessionId, view.fileId);
          if (unmounted) return;
          if (source.state === 'ready') {
            startUpload(view.fileId, source.file, multipart);
          } else if (source.state === 'permission') {
            waiting.set(view.fileId, { multipart, grant: source.grant });
            patch(view.fileId, { needsFile: false, needsPermission: true });
          } else {
            waiting.set(view.fileId, { multipart });
          }
        }
        maybeAnalyse();
      })();
    }

    return () => {
      unmounted = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      waiting.clear();
      uppy.destroy();
      uppyRef.current = null;
    };
  }, [area, maybeAnalyse, patch, projectId, session, startUpload]);

  /**
   * Checks each picked file (early, with the server's own rules), registers it, then uploads. A file
   * that a reload left unfinished, picked again, continues its upload.
   */
  const addFiles = useCallback(
    async (picked: (File | PickedFile)[]) => {
      const uppy = uppyRef.current;
      if (!uppy) return;
      const refusals: Refusal[] = [];
      const newRejections: (UploadRejection & { name: string })[] = [];
      const busy = items.some(isBusy);
      const rotated = await rotateSessionForNote(busy);
      if (rotated) {
        // The finished files belong to the previous session (the previous version): the list starts over.
        for (const file of uppy.getFiles()) uppy.removeFile(file.id);
        setItems([]);
        setRejections([]);
      }
      if (!busy) uploadedInBatch.current = 0;
      let kept = rotated ? 0 : items.filter((item) => item.status !== 'error').length;
      for (const entry of picked) {
        const source = entry instanceof File ? { file: entry } : entry;
        const data = source.file;
        const resumable = rotated
          ? undefined
          : items.find((item) => waitingRef.current.has(item.id) && item.name === data.name && item.size === data.size);
        if (resumable) {
          const { multipart } = waitingRef.current.get(resumable.id)!;
          waitingRef.current.delete(resumable.id);
          void keepSource((await session()).sessionId, resumable.id, source);
          startUpload(resumable.id, data, multipart);
          continue;
        }
        const rejection = checkNewFile({ name: data.name, size: data.size, type: data.type }, kept, area);
        if (rejection) {
          refusals.push({ code: rejection.code, name: data.name, message: rejection.message });
          newRejections.push({ ...rejection, name: data.name });
          continue;
        }
        try {
          const current = await session();
          const created = await uploadApi.addFile(current, { name: data.name, size: data.size, type: data.type });
          void keepSource(current.sessionId, created.fileId, source);
          setItems((list) => [
            ...list,
            newItem({ ...created, name: data.name, size: data.size }, { url: created.key }),
          ]);
          startUpload(created.fileId, data, created);
          kept += 1;
        } catch (error) {
          const message = error instanceof ApiError ? error.message : UPLOAD_MESSAGES.storageUnavailable;
          const status = error instanceof ApiError ? error.status : 0;
          const code = status === 409 ? 'count' : status === 413 ? 'size' : status === 415 ? 'type' : 'failed';
          const title =
            error instanceof ApiError
              ? (Object.values((error.body as { fields?: Record<string, string> })?.fields ?? {})[0] ??
                UPLOAD_MESSAGES.batchFailedTitle)
              : UPLOAD_MESSAGES.batchFailedTitle;
          refusals.push({ code, name: data.name, message });
          newRejections.push({ code: code === 'failed' ? 'type' : code, title, message, name: data.name });
        }
      }
      if (newRejections.length > 0) setRejections((current) => [...current, ...newRejections]);
      toastRefusals(refusals);
    },
    [area, items, rotateSessionForNote, session, startUpload],
  );

  /** A restored file the browser kept, read again once the user allows it (needs their click). */
  const resumeFile = useCallback(
    async (id: string) => {
      const resumable = waitingRef.current.get(id);
      if (!resumable?.grant) return;
      const file = await resumable.grant();
      if (!file) {
        // Refused, or the file changed since: it must be picked again.
        waitingRef.current.set(id, { multipart: resumable.multipart });
        patch(id, { needsPermission: false, needsFile: true });
        return;
      }
      waitingRef.current.delete(id);
      startUpload(id, file, resumable.multipart);
    },
    [patch, startUpload],
  );

  /** Cancel: Uppy aborts the multipart upload (the api signs the DELETE); a finished file is removed by the api. */
  const removeFile = useCallback(
    async (id: string) => {
      const uppy = uppyRef.current;
      const item = items.find((candidate) => candidate.id === id);
      setItems((current) => current.filter((candidate) => candidate.id !== id));
      waitingRef.current.delete(id);
      const file = uppy?.getFiles().find((candidate) => candidate.meta.serverFileId === id);
      if (uppy && file) uppy.removeFile(file.id);
      if (!item) return;
      const current = await session();
      void forgetSource(current.sessionId, id);
      // Also when Uppy had no uploader running (a restored file waiting for its data): the api
      // aborts the multipart upload or deletes the object; both are idempotent.
      if (item.status !== 'error') await uploadApi.remove(current, id).catch(() => undefined);
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
    resumeFile,
    /** Chromium keeps picked files across reloads; elsewhere a reload asks for the file again. */
    keepsFileAccess: canKeepFileAccess(),
    retryAnalysis: runAnalysis,
    maxFiles: maxFilesFor(area),
  };
}
