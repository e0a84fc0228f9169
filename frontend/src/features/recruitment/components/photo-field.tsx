import { acceptAttribute } from '@domain/uploads';
import { ImageUp, Loader2, UserRound, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { forgetStoredSession } from '@/components/uploader/upload-api';
import type { UploadItem } from '@/components/uploader/upload-items';
import { useRushUploader } from '@/components/uploader/use-rush-uploader';
import { cn } from '@/lib/utils';
import { PHOTO_AREA } from '../api/submit-application';
import { RECRUITMENT_NAMESPACE } from '../locales';

export type PhotoStatus = 'none' | 'uploading' | 'ready' | 'error';

function statusOf(item: UploadItem | undefined): PhotoStatus {
  if (!item) return 'none';
  if (item.status === 'completed') return 'ready';
  if (item.status === 'error') return 'error';
  return 'uploading';
}

const fileKey = (file: { name: string; size: number }) => `${file.name}:${file.size}`;

/**
 * The profile photo: one JPG or PNG uploaded straight to storage through an upload session of its
 * own (the server checks the content is an image), with a preview, its progress and the option to
 * change or remove it. Each new form starts a new session, so an earlier visit's photo never joins.
 */
export function PhotoField({ onStatusChange }: { onStatusChange: (status: PhotoStatus) => void }) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const inputId = useId();
  useState(() => forgetStoredSession(PHOTO_AREA));
  const { items, addFiles, removeFile } = useRushUploader({ area: PHOTO_AREA });
  const item = items.at(-1);
  const status = statusOf(item);
  const previews = useRef(new Map<string, string>());
  const [queued, setQueued] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => onStatusChange(status), [onStatusChange, status]);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls.values()) URL.revokeObjectURL(url);
    };
  }, []);

  const start = useCallback(
    (file: File) => {
      if (!previews.current.has(fileKey(file))) previews.current.set(fileKey(file), URL.createObjectURL(file));
      void addFiles([file]);
    },
    [addFiles],
  );

  // A replacement waits until the previous photo is gone: the session keeps one photo.
  useEffect(() => {
    if (!queued || items.length > 0) return;
    setQueued(null);
    start(queued);
  }, [queued, items.length, start]);

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (item) {
      setQueued(file);
      void removeFile(item.id);
    } else start(file);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0]);
  };

  const preview = item ? previews.current.get(fileKey(item)) : undefined;

  return (
    <div
      role="group"
      aria-labelledby={`${inputId}-label`}
      className="flex flex-col gap-2 sm:col-span-2"
      data-testid="photo-field"
      data-status={status}
    >
      <span id={`${inputId}-label`} className="text-sm font-medium text-slate-800">
        {t('photo.label')}
      </span>
      {/* Dropping a photo is the pointer's shortcut to the file button inside, which the keyboard reaches. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed p-4 transition-colors sm:flex-row',
          dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-slate-50/50',
        )}
      >
        <div className="relative flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full border border-slate-200 bg-white">
          {preview ? (
            <img src={preview} alt={t('photo.preview')} className="size-full object-cover" />
          ) : (
            <UserRound className="size-10 text-slate-400" aria-hidden="true" />
          )}
          {status === 'uploading' && (
            <span className="absolute inset-0 flex items-center justify-center bg-white/60">
              <Loader2 className="size-6 animate-spin text-violet-700" aria-hidden="true" />
            </span>
          )}
        </div>

        <div className="flex w-full min-w-0 flex-1 flex-col gap-2 text-center sm:text-left">
          {!item && <p className="text-sm text-slate-700">{t('photo.drop')}</p>}
          {item && (
            <div aria-live="polite" className="flex flex-col gap-1.5">
              <p className="truncate text-sm font-medium text-slate-900" title={item.name}>
                {item.name}
              </p>
              {status === 'uploading' && (
                <>
                  <p className="text-xs text-slate-600">{t('photo.uploading', { progress: item.progress })}</p>
                  <ProgressBar label={t('photo.label')} value={item.progress} className="bg-slate-200" />
                </>
              )}
              {status === 'ready' && <p className="text-xs font-medium text-emerald-700">{t('photo.ready')}</p>}
              {status === 'error' && (
                <p className="text-xs font-medium text-red-700" role="alert">
                  {item.error ?? t('photo.failed')}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
            <label
              htmlFor={inputId}
              className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 shadow-xs hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-violet-600"
            >
              <ImageUp className="size-4" aria-hidden="true" />
              {item ? t('photo.change') : t('photo.choose')}
              <input
                id={inputId}
                type="file"
                accept={acceptAttribute(PHOTO_AREA)}
                aria-describedby={`${inputId}-hint`}
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  pick(file);
                }}
              />
            </label>
            {item && (
              <Button variant="ghost" onClick={() => void removeFile(item.id)}>
                <X aria-hidden="true" />
                {t('photo.remove')}
              </Button>
            )}
          </div>
        </div>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-slate-500">
        {t('photo.hint')}
      </p>
    </div>
  );
}
