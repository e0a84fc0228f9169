import { RotateCcw, Save } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { forgetStoredSession } from '@/components/uploader/upload-api';
import type { UploadItem } from '@/components/uploader/upload-items';
import { Button } from '@/components/ui/button';
import { UPLOAD_AREA } from '../api/submit-brief';

/**
 * A finished upload the draft remembers. The file itself stays joined to the brief through the
 * upload session the uploader keeps on the device, and the uploader lists it again after a reload.
 */
interface DraftFile {
  id: string;
  name: string;
  size: number;
}

type Funnel = keyof typeof UPLOAD_AREA;

/**
 * What a funnel keeps on the device: the fields, the wizard's step and the finished uploads while
 * the brief is written; once it is sent, only the sent brief (the way back to its payment).
 */
interface StoredDraft<Values, Sent> {
  values?: Values;
  step?: number;
  files?: DraftFile[];
  sent?: Sent;
}

const storageKey = (funnel: Funnel) => `rushflow.brief-draft.${funnel}`;

function readDraft<Values, Sent>(funnel: Funnel): StoredDraft<Values, Sent> | null {
  try {
    const raw = window.localStorage.getItem(storageKey(funnel));
    const draft = raw ? (JSON.parse(raw) as unknown) : null;
    return draft && typeof draft === 'object' ? (draft as StoredDraft<Values, Sent>) : null;
  } catch {
    return null;
  }
}

function writeDraft<Values, Sent>(funnel: Funnel, draft: StoredDraft<Values, Sent> | null): void {
  try {
    if (draft) window.localStorage.setItem(storageKey(funnel), JSON.stringify(draft));
    else window.localStorage.removeItem(storageKey(funnel));
  } catch {
    // Storage full or refused (private browsing): the brief still works, it is just not kept.
  }
}

/** Where the funnel's uploader reports its files (see `RushDurationUploader`). */
interface DraftFiles {
  onFilesChange: (items: UploadItem[]) => void;
}

const DraftFilesContext = createContext<DraftFiles | null>(null);
export const DraftFilesProvider = DraftFilesContext.Provider;
export const useDraftFiles = () => useContext(DraftFilesContext);

interface BriefDraftOptions<Values extends FieldValues, Valid, Sent> {
  funnel: Funnel;
  form: UseFormReturn<Values, unknown, Valid>;
  /** The form's current values (`useWatch`). */
  values: Values;
  /** The empty form. */
  defaults: Values;
  /** The wizard's step (1 or 2 while writing). */
  step?: number;
  /** Called once after the mount with what the device kept. */
  onRestore: (draft: { step?: number; sent?: Sent }) => void;
}

/**
 * A brief in progress survives a reload and a closed tab: its fields, the wizard's step and its
 * finished uploads are kept in this browser's local storage — never sent to the server before the
 * client submits. Once sent, only the sent brief is kept (so its payment is one click away after a
 * reload); `clear()` starts over. Restored after the first render, as the page's HTML is written
 * at build time: `generation` changes then, to remount the fields that read their value once.
 */
export function useBriefDraft<Values extends FieldValues, Valid, Sent>({
  funnel,
  form,
  values,
  defaults,
  step,
  onRestore,
}: BriefDraftOptions<Values, Valid, Sent>) {
  const [restored, setRestored] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [files, setFiles] = useState<DraftFile[]>([]);
  const [sent, setSent] = useState<Sent | null>(null);
  const { isDirty } = form.formState;
  const { reset } = form;
  const restore = useRef({ funnel, defaults, reset, onRestore });

  useEffect(() => {
    const { funnel: key, defaults: empty, reset: resetForm, onRestore: restoreParts } = restore.current;
    const draft = readDraft<Values, Sent>(key);
    if (draft?.sent) {
      setSent(draft.sent);
    } else if (draft?.values) {
      // The empty form stays the reference: what was restored counts as typed.
      resetForm({ ...empty, ...draft.values }, { keepDefaultValues: true });
      setFiles(draft.files ?? []);
      setGeneration((current) => current + 1);
    }
    if (draft) restoreParts({ step: draft.step, sent: draft.sent });
    setRestored(true);
  }, []);

  const inProgress = isDirty || (step ?? 1) > 1 || files.length > 0;
  useEffect(() => {
    if (!restored) return;
    if (sent) writeDraft<Values, Sent>(funnel, { sent });
    else writeDraft<Values, Sent>(funnel, inProgress ? { values, step, files } : null);
  }, [restored, funnel, sent, inProgress, values, step, files]);

  /** Forgets what the device keeps for this funnel (the page stays as it is). */
  const forget = useCallback(() => {
    setSent(null);
    setFiles([]);
    writeDraft(funnel, null);
  }, [funnel]);

  const onFilesChange = useCallback((items: UploadItem[]) => {
    setFiles(items.filter((item) => item.status === 'completed').map(({ id, name, size }) => ({ id, name, size })));
  }, []);

  return {
    /** The key that remounts the fields once the draft is restored. */
    generation,
    /** Something is typed (or uploaded): the « Recommencer » notice shows. */
    inProgress: restored && !sent && inProgress,
    sent,
    draftFiles: { onFilesChange } satisfies DraftFiles,
    /** The brief is stored: the fields are forgotten, the sent brief kept. */
    markSent: (brief: Sent) => setSent(brief),
    forget,
    /** « Recommencer »: forgets everything, uploads included, and remounts the emptied fields. */
    clear: () => {
      forget();
      forgetStoredSession(UPLOAD_AREA[funnel]);
      setGeneration((current) => current + 1);
    },
  };
}

/** Tells the client the brief is kept on this device, and offers « Recommencer » (confirmed first). */
export function DraftNotice({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation('brief');
  const [confirming, setConfirming] = useState(false);
  return (
    <div
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between"
      data-testid="draft-notice"
    >
      <p className="flex items-start gap-2">
        <Save className="mt-0.5 size-4 shrink-0 text-violet-700" aria-hidden="true" />
        {confirming ? t('draft.confirm') : t('draft.kept')}
      </p>
      {confirming ? (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            onClick={() => {
              setConfirming(false);
              onStartOver();
            }}
          >
            {t('draft.confirmYes')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            {t('common:cancel')}
          </Button>
        </div>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="shrink-0 self-start sm:self-auto"
          onClick={() => setConfirming(true)}
        >
          <RotateCcw aria-hidden="true" />
          {t('draft.startOver')}
        </Button>
      )}
    </div>
  );
}
