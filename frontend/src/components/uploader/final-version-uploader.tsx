import { VERSION_NOTE_MAX_LENGTH } from '@domain/review';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RushUploader } from './rush-uploader';
import { UPLOADER_NAMESPACE } from './locales';

/**
 * The editor's final video: the note of the version first (what changed), then the file. Each
 * final file completed becomes the next version (v1, v2, …) with that note; the field empties once
 * a file is in, ready for the next version.
 */
export function FinalVersionUploader({
  projectId,
  title,
  nextVersion,
  onFileUploaded,
}: {
  projectId: string;
  title: string;
  /** The number the next upload will get (v1 when there is none yet). */
  nextVersion: number;
  onFileUploaded?: () => void;
}) {
  const { t } = useTranslation(UPLOADER_NAMESPACE);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const hintId = useId();
  return (
    <RushUploader
      area="project_final"
      projectId={projectId}
      title={title}
      sessionNote={note}
      onFilesChange={(items) =>
        setBusy(items.some((item) => item.status === 'uploading' || item.status === 'retrying'))
      }
      onFileUploaded={() => {
        setNote('');
        onFileUploaded?.();
      }}
      intro={
        <div className="space-y-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-slate-900">
            {t('versionNote', { number: `v${nextVersion}` })}
          </label>
          <textarea
            id={fieldId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={VERSION_NOTE_MAX_LENGTH}
            rows={2}
            disabled={busy}
            aria-describedby={hintId}
            placeholder={t('versionNotePlaceholder')}
            data-testid="version-note-input"
            className="w-full rounded-lg border border-slate-500 px-3 py-2 text-sm outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600 disabled:bg-slate-50"
          />
          <p id={hintId} className="text-xs text-slate-600">
            {t('versionNoteHint')}
          </p>
        </div>
      }
    />
  );
}
