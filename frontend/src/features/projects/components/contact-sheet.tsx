import { formatShotDuration, type ContactSheetSummary } from '@domain/contact-sheet';
import type { ProjectFileView } from '@domain/projects';
import { ChevronDown, FileDown, Film, Loader2, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ApiError } from '@/lib/api-client';
import { downloadContactSheet, useRetryContactSheet, useRushShots } from '../api/project';
import { PROJECTS_NAMESPACE } from '../locales';

/**
 * A rush's contact sheet on the files tab (issue 33): its shots, found by the worker, shown before
 * any download, as a grid of thumbnails with each shot's timecode and duration; the PDF sheet
 * and the CSV shot list beside it.
 */
export function ContactSheet({
  projectId,
  file,
  sheet,
}: {
  projectId: string;
  file: Pick<ProjectFileView, 'id' | 'filename'>;
  sheet: ContactSheetSummary;
}) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const gridId = useId();
  const shots = useRushShots(projectId, file.id, open && sheet.status === 'ready');

  if (sheet.status === 'pending')
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="contact-sheet-pending">
        <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
        {t('files.sheet.pending')}
      </p>
    );
  if (sheet.status === 'failed') return <FailedSheet projectId={projectId} fileId={file.id} error={sheet.error} />;

  const download = (format: 'pdf' | 'csv') => {
    setDownloadFailed(false);
    downloadContactSheet(projectId, file.id, format).catch(() => setDownloadFailed(true));
  };

  return (
    <div className="space-y-3" data-testid="contact-sheet">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={gridId}
          onClick={() => setOpen((shown) => !shown)}
        >
          <Film aria-hidden="true" />
          {t('files.sheet.open', { count: sheet.shotCount })}
          <ChevronDown
            className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')}
            aria-hidden="true"
          />
        </Button>
        <Button variant="outline" size="sm" onClick={() => download('pdf')}>
          <FileDown aria-hidden="true" />
          {t('files.sheet.pdf')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => download('csv')}>
          <FileDown aria-hidden="true" />
          {t('files.sheet.csv')}
        </Button>
      </div>
      {downloadFailed && (
        <p role="alert" className="text-sm text-red-700">
          {t('files.sheet.downloadFailed')}
        </p>
      )}
      <div id={gridId} hidden={!open}>
        {open &&
          (shots.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              {t('files.sheet.loading')}
            </p>
          ) : shots.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('files.sheet.failed')}
            </p>
          ) : (
            <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="contact-sheet-grid">
              {shots.data.shots.map((shot) => (
                <li key={shot.number} className="min-w-0">
                  <figure>
                    <img
                      src={shot.thumbnailUrl}
                      alt={t('files.sheet.thumbnail', { number: shot.number, timecode: shot.timecodeIn })}
                      loading="lazy"
                      decoding="async"
                      className="aspect-video w-full rounded-md bg-slate-900 object-contain"
                    />
                    <figcaption className="mt-1 text-xs text-slate-700">
                      <span className="font-medium text-slate-900">
                        {t('files.sheet.shot', { number: shot.number })}
                      </span>{' '}
                      · <span className="whitespace-nowrap">{formatShotDuration(shot.durationSeconds)}</span>
                      <span className="block tabular-nums">{shot.timecodeIn}</span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ol>
          ))}
      </div>
    </div>
  );
}

/** The worker's reason, and the way to run the analysis again. */
function FailedSheet({ projectId, fileId, error }: { projectId: string; fileId: string; error: string | null }) {
  const { t } = useTranslation(PROJECTS_NAMESPACE);
  const retry = useRetryContactSheet(projectId, fileId);
  return (
    <div className="space-y-2" data-testid="contact-sheet-failed">
      <p className="text-sm text-amber-800">{error}</p>
      <Button
        variant="outline"
        size="sm"
        aria-busy={retry.isPending}
        onClick={() => {
          if (!retry.isPending) retry.mutate();
        }}
      >
        {retry.isPending ? (
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <RotateCcw aria-hidden="true" />
        )}
        {t(retry.isPending ? 'files.sheet.retrying' : 'files.sheet.retry')}
      </Button>
      {retry.isError && (
        <p role="alert" className="text-sm text-red-700">
          {retry.error instanceof ApiError ? retry.error.message : t('files.sheet.failed')}
        </p>
      )}
    </div>
  );
}
