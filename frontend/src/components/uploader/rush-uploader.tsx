import type { RushAnalysisResult } from '@domain/analysis';
import { acceptAttribute, acceptedExtensions, UPLOAD_MESSAGES, type UploadArea } from '@domain/uploads';
import { Loader2, UploadCloud } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { droppedFiles, pickFilesWithHandles } from './file-sources';
import { UploadItemRow } from './upload-item-row';
import type { UploadItem } from './upload-items';
import { useRushUploader } from './use-rush-uploader';
import { UPLOADER_NAMESPACE } from './locales';

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
  const { t } = useTranslation(UPLOADER_NAMESPACE);
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
          {title ?? t('title')}
        </h2>
        <p className="text-sm text-slate-600" aria-live="polite">
          {t('count', { count: active, max: maxFiles })}
        </p>
      </div>

      {intro}

      {atLimit ? (
        <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {t('limitReached', { max: maxFiles })}
        </p>
      ) : (
        // Dropping files is the pointer's shortcut to the file input inside, which the keyboard reaches.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
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
          <span className="font-medium text-slate-900">{t('dropzone')}</span>
          <span id={hintId} className="text-sm text-slate-600">
            {UPLOAD_MESSAGES.areaLabel} · {t('accepted', { types: acceptedExtensions(area).join(', ') })}
          </span>
          <span className="mt-2 inline-flex h-10 items-center rounded-lg bg-violet-700 px-4 text-sm font-medium text-white">
            {t('choose')}
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
          <p className="font-medium">{t('rejected')}</p>
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
          {t('analysing')}
        </p>
      )}
      {analysisFailed && !analysing && (
        <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {t('manualEntry')}
        </p>
      )}

      {items.length > 0 && (
        <ul className="space-y-3" aria-label={t('title')}>
          {items.map((item) => (
            <UploadItemRow
              key={item.id}
              item={item}
              keepsFileAccess={keepsFileAccess}
              onResume={() => void resumeFile(item.id)}
              onRemove={() => void removeFile(item.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
