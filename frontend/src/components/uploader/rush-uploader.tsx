import { formatRushDuration, type RushAnalysisResult } from '@domain/analysis';
import { acceptAttribute, acceptedExtensions, UPLOAD_MESSAGES, type UploadArea } from '@domain/uploads';
import { FileVideo, Loader2, Play, UploadCloud, X } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/utils';
import { droppedFiles, pickFilesWithHandles } from './file-sources';
import { formatBytes, useRushUploader, type UploadItem } from './use-rush-uploader';

export interface RushUploaderProps {
  /** The duration the client typed, in minutes: compared with the analysis (001 §8.5). */
  declaredDurationMinutes?: number;
  /** The analysis result, or null when it failed (the form then keeps manual entry). */
  onAnalysed?: (result: RushAnalysisResult | null) => void;
  onFilesChange?: (files: UploadItem[]) => void;
  /** 'wizard' also accepts images (001 §5.3); the project areas upload to a project. */
  area?: UploadArea;
  /** Required with the project areas. */
  projectId?: string;
  /** Called once the server accepted a finished file. */
  onFileUploaded?: () => void;
  /** The final area's version note (see `useRushUploader`). */
  sessionNote?: string;
  /** Heading shown above the drop zone (defaults to 'Vos rushs'). */
  title?: string;
  /** Shown between the heading and the drop zone (e.g. the version note). */
  intro?: ReactNode;
  className?: string;
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** An unfinished file after a reload, waiting for its data: shown as paused. */
const isPaused = (item: UploadItem) => item.needsFile || item.needsPermission;

const STATUS_STYLE: Record<UploadItem['status'] | 'paused', string> = {
  uploading: 'bg-violet-50 text-violet-800',
  retrying: 'bg-amber-50 text-amber-800',
  analyzing: 'bg-sky-50 text-sky-800',
  completed: 'bg-emerald-50 text-emerald-800',
  error: 'bg-red-50 text-red-800',
  paused: 'bg-amber-50 text-amber-800',
};

/**
 * Rush uploader: files go from the browser straight to storage in parts of 8 MiB (more for files
 * over 78 GiB), resume after a reload, and are analysed for their duration once the batch is done.
 * Where the browser keeps files across reloads (File System Access API), files are picked through
 * it, so a reload resumes without asking for them again.
 */
export function RushUploader({
  declaredDurationMinutes,
  onAnalysed,
  onFilesChange,
  area = 'brief',
  projectId,
  onFileUploaded,
  sessionNote,
  title,
  intro,
  className,
}: RushUploaderProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [dragging, setDragging] = useState(false);
  const { items, rejections, analysing, analysisFailed, addFiles, removeFile, resumeFile, keepsFileAccess, maxFiles } =
    useRushUploader({
      area,
      projectId,
      onFileUploaded,
      sessionNote,
      declaredDurationMinutes,
      onAnalysed,
      onFilesChange,
    });
  const active = items.filter((item) => item.status !== 'error').length;
  const atLimit = active >= maxFiles;

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void droppedFiles(event.dataTransfer).then(addFiles);
  };

  return (
    <section className={cn('space-y-4', className)} aria-labelledby={`${inputId}-title`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
          {title ?? t('uploader.title')}
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {t('uploader.count', { count: active, max: maxFiles })}
        </p>
      </div>

      {intro}

      {atLimit ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {t('uploader.limitReached', { max: maxFiles })}
        </p>
      ) : (
        <label
          htmlFor={inputId}
          data-testid="rush-dropzone"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600 sm:py-10',
            dragging
              ? 'border-violet-500 bg-violet-50'
              : 'border-slate-300 bg-white hover:border-violet-400 hover:bg-violet-50/50',
          )}
        >
          <UploadCloud className="size-8 text-violet-700" aria-hidden="true" />
          <span className="font-medium text-slate-900">{t('uploader.dropzone')}</span>
          <span id={hintId} className="text-sm text-slate-600">
            {UPLOAD_MESSAGES.areaLabel} · {t('uploader.accepted', { types: acceptedExtensions(area).join(', ') })}
          </span>
          <span className="mt-2 inline-flex h-10 items-center rounded-lg bg-violet-700 px-4 text-sm font-medium text-white">
            {t('uploader.choose')}
          </span>
          <input
            id={inputId}
            type="file"
            multiple
            accept={acceptAttribute(area)}
            aria-describedby={hintId}
            className="sr-only"
            onClick={(event) => {
              if (!keepsFileAccess) return;
              // The picker that gives handles, kept for a resume after a reload.
              event.preventDefault();
              void pickFilesWithHandles(area).then((picked) => picked && addFiles(picked));
            }}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              void addFiles(files);
            }}
          />
        </label>
      )}

      {rejections.length > 0 && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          <p className="font-medium">{t('uploader.rejected')}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5" data-testid="rush-rejections">
            {rejections.map((rejection, index) => (
              <li key={`${rejection.name}-${index}`}>{rejection.message}</li>
            ))}
          </ul>
        </div>
      )}

      {analysing && (
        <p
          role="status"
          data-testid="rush-analysing"
          className="flex items-center gap-2 rounded-lg bg-sky-50 px-4 py-3 text-sm font-medium text-sky-900"
        >
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t('uploader.analysing')}
        </p>
      )}
      {analysisFailed && !analysing && (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('uploader.manualEntry')}
        </p>
      )}

      {items.length > 0 && (
        <ul className="space-y-3" aria-label={t('uploader.title')}>
          {items.map((item) => (
            <li
              key={item.id}
              data-testid="rush-file"
              data-status={isPaused(item) ? 'paused' : item.status}
              className="rounded-xl border border-slate-200 bg-white p-3 shadow-xs sm:p-4"
            >
              <div className="flex items-start gap-3">
                <FileVideo className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <p className="truncate font-medium text-slate-900" title={item.name}>
                      {item.name}
                    </p>
                    <span
                      className={cn(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        STATUS_STYLE[isPaused(item) ? 'paused' : item.status],
                      )}
                      data-testid="rush-file-status"
                    >
                      {t(`uploader.status.${isPaused(item) ? 'paused' : item.status}`)}
                    </span>
                  </div>
                  <p className="mt-0.5 text-xs text-slate-600">
                    {formatBytes(item.size)}
                    {item.status === 'uploading' && item.uploadSpeed > 0 && (
                      <> · {t('uploader.speed', { speed: formatBytes(item.uploadSpeed) })}</>
                    )}
                    {item.status === 'uploading' && item.timeRemaining !== null && (
                      <> · {t('uploader.remaining', { time: formatDuration(item.timeRemaining) })}</>
                    )}
                    {item.duration !== null && (
                      <span data-testid="rush-file-duration">
                        {' '}
                        · {t('uploader.duration', { duration: formatRushDuration(item.duration * 60) })}
                      </span>
                    )}
                    {item.untimed && <span data-testid="rush-file-untimed"> · {t('uploader.untimed')}</span>}
                  </p>
                  {(item.status === 'uploading' || item.status === 'retrying') && !isPaused(item) && (
                    <div className="mt-2 flex items-center gap-2">
                      <ProgressBar label={item.name} value={item.progress} className="flex-1 bg-slate-100" />
                      <span
                        className="w-10 text-right text-xs tabular-nums text-slate-700"
                        data-testid="rush-file-progress"
                      >
                        {item.progress}%
                      </span>
                    </div>
                  )}
                  {item.needsFile && (
                    <p className="mt-1 text-xs text-amber-800">
                      {t(keepsFileAccess ? 'uploader.reselect' : 'uploader.reselectNoAccess')}
                    </p>
                  )}
                  {item.needsPermission && (
                    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
                      <p className="text-xs text-amber-800">{t('uploader.allowAccess')}</p>
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => void resumeFile(item.id)}
                        aria-label={t('uploader.resumeFile', { name: item.name })}
                      >
                        <Play aria-hidden="true" />
                        {t('uploader.resume')}
                      </Button>
                    </div>
                  )}
                  {item.error && item.status !== 'uploading' && (
                    <p
                      className={cn('mt-1 text-xs', item.status === 'error' ? 'text-red-700' : 'text-amber-800')}
                      data-testid="rush-file-error"
                    >
                      {item.error}
                    </p>
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  onClick={() => void removeFile(item.id)}
                  aria-label={
                    item.status === 'uploading' || item.status === 'retrying'
                      ? t('uploader.cancel', { name: item.name })
                      : t('uploader.remove', { name: item.name })
                  }
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
