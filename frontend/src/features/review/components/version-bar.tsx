import type { VersionView } from '@domain/review';
import { AlertTriangle, BadgeCheck, Download, Loader2, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { downloadOriginal, useRetryPreview } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';

/** The versions, newest first, as a row of buttons: number, preview state, counts. */
export function VersionPicker({
  versions,
  selected,
  onSelect,
}: {
  versions: VersionView[];
  selected: number;
  onSelect: (number: number) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  return (
    <div className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" role="group" aria-label={t('versions.list')}>
      {versions.map((version) => {
        const active = version.number === selected;
        const { status, progress } = version.preview;
        return (
          <button
            key={version.number}
            type="button"
            aria-pressed={active}
            onClick={() => onSelect(version.number)}
            data-testid="version-chip"
            data-preview={status}
            className={cn(
              'flex shrink-0 items-center gap-2 rounded-xl border px-3 py-2 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
              active ? 'border-violet-600 bg-violet-50 text-violet-950' : 'border-slate-200 bg-white hover:bg-slate-50',
            )}
          >
            <span className="font-semibold">{t('versions.short', { number: version.number })}</span>
            {version.approvedAt ? (
              <BadgeCheck className="size-4 text-emerald-600" aria-label={t('versions.approved')} />
            ) : status === 'processing' ? (
              <span className="flex items-center gap-1 text-xs text-slate-600 tabular-nums">
                <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
                {progress} %
              </span>
            ) : status === 'failed' ? (
              <AlertTriangle className="size-4 text-red-600" aria-label={t('versions.previewFailed')} />
            ) : (
              <span className="text-xs text-slate-600">
                {t('versions.openComments', { count: version.comments.open })}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** What the selected version is: note, file, date, picture, preview state, original. */
export function VersionDetails({
  projectId,
  version,
  mayRetry,
}: {
  projectId: string;
  version: VersionView;
  mayRetry: boolean;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const retry = useRetryPreview(projectId);
  const [downloading, setDownloading] = useState(false);
  const { media, preview } = version;

  const original = async () => {
    setDownloading(true);
    try {
      await downloadOriginal(projectId, version);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : t('versions.originalFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="version-details">
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">
            {t('versions.title', { number: version.number })}
            {version.approvedAt && (
              <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 align-middle text-xs font-semibold text-emerald-900">
                <BadgeCheck className="size-3.5" aria-hidden="true" />
                {t('versions.approvedOn', { date: formatDateTime(version.approvedAt) })}
              </span>
            )}
          </h2>
          <p className="truncate text-xs text-slate-600" title={version.filename}>
            {version.filename} · {formatDateTime(version.createdAt)}
          </p>
        </div>
        {version.originalAvailable && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void original()}
            disabled={downloading}
            data-testid="download-original"
          >
            <Download aria-hidden="true" />
            {t('versions.original')}
          </Button>
        )}
      </div>
      {version.note ? (
        <p
          className="rounded-lg bg-slate-50 px-3 py-2 text-sm whitespace-pre-line text-slate-800"
          data-testid="version-note"
        >
          <span className="sr-only">{t('versions.note')} : </span>
          {version.note}
        </p>
      ) : null}
      {media && (
        <p className="text-xs text-slate-600" data-testid="version-media">
          {t('versions.media', {
            width: media.width,
            height: media.height,
            rate: formatNumber(Math.round((media.frameRate.num / media.frameRate.den) * 1000) / 1000),
            frames: media.frameCount,
          })}
        </p>
      )}
      {preview.status === 'processing' && (
        <div className="space-y-1" data-testid="preview-processing">
          <p className="text-sm text-slate-700">{t('versions.processing')}</p>
          <div
            role="progressbar"
            aria-label={t('versions.processing')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={preview.progress}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-violet-600 transition-[width]"
              style={{ width: `${preview.progress}%` }}
            />
          </div>
        </div>
      )}
      {preview.status === 'failed' && (
        <div
          className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2"
          role="alert"
          data-testid="preview-failed"
        >
          <AlertTriangle className="size-4 shrink-0 text-red-700" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm text-red-800">{preview.error ?? t('versions.previewFailed')}</p>
          {mayRetry && (
            <Button
              size="sm"
              variant="outline"
              disabled={retry.isPending}
              onClick={() =>
                retry.mutate(version.number, {
                  onError: (error) =>
                    toast.error(
                      error instanceof ApiError && error.status > 0 ? error.message : t('versions.retryFailed'),
                    ),
                })
              }
              data-testid="retry-preview"
            >
              <RefreshCw aria-hidden="true" />
              {t('versions.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
