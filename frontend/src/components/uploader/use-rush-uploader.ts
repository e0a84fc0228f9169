import AwsS3 from '@uppy/aws-s3';
import Uppy, { type UppyFile } from '@uppy/core';
import type { RushAnalysisResult } from '@domain/analysis';
import {
  UPLOAD_MESSAGES,
  UPLOAD_PARALLEL_LIMIT,
  UPLOAD_RETRY_DELAYS_MS,
  areaRunsAnalysis,
  checkNewFile,
  isBriefUploadArea,
  maxFilesFor,
  uploadPartSize,
  type UploadArea,
  type UploadFileView,
  type UploadRejection,
} from '@domain/uploads';
import type { SignUploadRequest } from '@domain/schemas/uploads';
import i18n from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { canKeepFileAccess, forgetSource, keepSource, restoreSource, type PickedFile } from './file-sources';
import { UPLOADER_NAMESPACE } from './locales';
import { forgetStoredSession, loadStoredSession, uploadApi } from './upload-api';
import { completeBody, parseListParts, s3Request, type Multipart } from './s3-multipart';
import { isBusy, newItem, restoredItem, type UploadItem } from './upload-items';
import { describeUploadError } from './upload-errors';
import { toastRefusals, type Refusal } from './upload-refusals';
import { useUploadSession } from './use-upload-session';
import { useRushAnalysis } from './use-rush-analysis';
import { partUrlSigner } from './part-url-signer';

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

/** Speed is smoothed so the time remaining does not jump with every progress event. */
const SPEED_SMOOTHING = 0.3;

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
  const { session, rotateSessionForNote } = useUploadSession({ area, projectId, sessionNote });

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  useEffect(() => {
    callbacks.current.onFilesChange?.(items);
  }, [items]);

  const { analysing, analysisFailed, runAnalysis } = useRushAnalysis(session, setItems, callbacks);

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
    const partUrls = partUrlSigner(session);

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
        return { method: 'PUT', url: await partUrls.sign(fileId, file.size ?? 0, partNumber) };
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
      async abortMultipartUpload(file) {
        // The api aborts the upload itself, so the URLs signed for it stop working at once.
        const fileId = file.meta.serverFileId;
        if (!fileId) throw new Error('Unknown upload');
        await uploadApi.remove(await session(), fileId);
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
      partUrls.forget(fileId);
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
                  : i18n.t('uploaded', { ns: UPLOADER_NAMESPACE, count: uploadedInBatch.current }),
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

  /** Cancel: the api aborts the multipart upload (through Uppy's abort while it runs) or deletes the finished file. */
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
