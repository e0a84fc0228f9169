import { formatRushDuration } from '@domain/analysis';
import { FileVideo, Play, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { cn } from '@/lib/utils';
import { formatBytes } from '@/lib/format';
import type { UploadItem } from './upload-items';
import { UPLOADER_NAMESPACE } from './locales';

/** The time left as one says it: « 42 s », « 3 min 05 s », « 1 h 20 min ». */
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

/** One file of the uploader: its status, progress, what it waits for, and its remove (or cancel) button. */
export function UploadItemRow({
  item,
  keepsFileAccess,
  onResume,
  onRemove,
}: {
  item: UploadItem;
  keepsFileAccess: boolean;
  onResume: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(UPLOADER_NAMESPACE);
  return (
    <li
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
              {t(`status.${isPaused(item) ? 'paused' : item.status}`)}
            </span>
          </div>
          <p className="mt-0.5 text-xs text-slate-600">
            {formatBytes(item.size)}
            {item.status === 'uploading' && item.uploadSpeed > 0 && (
              <> · {t('speed', { speed: formatBytes(item.uploadSpeed) })}</>
            )}
            {item.status === 'uploading' && item.timeRemaining !== null && (
              <> · {t('remaining', { time: formatDuration(item.timeRemaining) })}</>
            )}
            {item.duration !== null && (
              <span data-testid="rush-file-duration">
                {' '}
                · {t('duration', { duration: formatRushDuration(item.duration * 60) })}
              </span>
            )}
            {item.untimed && <span data-testid="rush-file-untimed"> · {t('untimed')}</span>}
          </p>
          {(item.status === 'uploading' || item.status === 'retrying') && !isPaused(item) && (
            <div className="mt-2 flex items-center gap-2">
              <ProgressBar label={item.name} value={item.progress} className="flex-1 bg-slate-100" />
              <span className="w-10 text-right text-xs tabular-nums text-slate-700" data-testid="rush-file-progress">
                {item.progress}%
              </span>
            </div>
          )}
          {item.needsFile && (
            <p className="mt-1 text-xs text-amber-800">{t(keepsFileAccess ? 'reselect' : 'reselectNoAccess')}</p>
          )}
          {item.needsPermission && (
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
              <p className="text-xs text-amber-800">{t('allowAccess')}</p>
              <Button size="sm" variant="outline" onClick={onResume} aria-label={t('resumeFile', { name: item.name })}>
                <Play aria-hidden="true" />
                {t('resume')}
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
          onClick={onRemove}
          aria-label={
            item.status === 'uploading' || item.status === 'retrying'
              ? t('cancel', { name: item.name })
              : t('remove', { name: item.name })
          }
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
