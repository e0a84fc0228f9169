import { Keyboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { REVIEW_NAMESPACE } from '../locales';

const SHORTCUTS_POPOVER_ID = 'review-shortcuts';

/** The shortcuts, in the order of the help: the keys (a character, or a named key's label) and the action. */
const SHORTCUTS = [
  { keys: ['space'], label: 'playPause' },
  { keys: ['←', '→'], label: 'frame' },
  { keys: ['shiftLeft', 'shiftRight'], label: 'second' },
  { keys: ['J', 'K', 'L'], label: 'shuttle' },
  { keys: ['home', 'end'], label: 'ends' },
  { keys: ['I', 'O'], label: 'inOut' },
  { keys: ['B'], label: 'flip' },
  { keys: ['F'], label: 'fullscreen' },
  { keys: ['?'], label: 'help' },
] as const;

/** Shows or hides the help (the `?` key). */
export function toggleShortcutsHelp(): void {
  const popover = document.getElementById(SHORTCUTS_POPOVER_ID);
  popover?.togglePopover();
}

/**
 * The keyboard shortcuts in a popover (the browser's own: light dismiss, Escape, top layer, so it
 * also shows in full screen), opened by its button or `?`.
 */
export function ShortcutsHelp({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const keyNames = (keys: readonly string[]) =>
    keys.map((key) => (key.length === 1 ? key : t(`shortcuts.keys.${key}`)));
  return (
    <>
      <button
        type="button"
        popoverTarget={SHORTCUTS_POPOVER_ID}
        aria-label={t('shortcuts.open')}
        title={t('shortcuts.open')}
        data-testid="shortcuts-button"
        className={
          dark
            ? 'flex size-10 items-center justify-center rounded-lg text-white outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-violet-400'
            : 'flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-violet-600'
        }
      >
        <Keyboard className="size-4" aria-hidden="true" />
      </button>
      <div
        id={SHORTCUTS_POPOVER_ID}
        popover="auto"
        role="dialog"
        aria-labelledby={`${SHORTCUTS_POPOVER_ID}-title`}
        className="m-auto w-[min(24rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/30"
        data-testid="shortcuts-help"
      >
        <h2 id={`${SHORTCUTS_POPOVER_ID}-title`} className="mb-3 text-base font-semibold">
          {t('shortcuts.title')}
        </h2>
        <dl className="space-y-2 text-sm">
          {SHORTCUTS.map(({ keys, label }) => (
            <div key={label} className="flex items-start justify-between gap-4">
              <dt className="flex shrink-0 flex-wrap gap-1">
                {keyNames(keys).map((key) => (
                  <kbd
                    key={key}
                    className="rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 shadow-[0_1px_0_rgb(148_163_184)]"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-right text-slate-700">{t(`shortcuts.actions.${label}`)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-slate-500">{t('shortcuts.note')}</p>
      </div>
    </>
  );
}
