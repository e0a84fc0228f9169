import { Keyboard, RotateCcw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { REVIEW_NAMESPACE } from '../locales';
import {
  DEFAULT_SHORTCUT_SETTINGS,
  REMAPPABLE_ACTIONS,
  remapRefusal,
  saveShortcutSettings,
  useShortcutSettings,
  type RemapRefusal,
  type RemappableAction,
} from '../lib/shortcut-settings';

const SHORTCUTS_POPOVER_ID = 'review-shortcuts';

type NamedKey = 'space' | '←' | '→' | 'shiftLeft' | 'shiftRight' | 'home' | 'end';

/** The shortcuts, in the order of the help: fixed named keys, or the actions whose key is chosen. */
const SHORTCUTS: { keys: readonly (NamedKey | RemappableAction)[]; label: string }[] = [
  { keys: ['space'], label: 'playPause' },
  { keys: ['←', '→'], label: 'frame' },
  { keys: ['shiftLeft', 'shiftRight'], label: 'second' },
  { keys: ['shuttleBack', 'pause', 'shuttleForward'], label: 'shuttle' },
  { keys: ['home', 'end'], label: 'ends' },
  { keys: ['markIn', 'markOut'], label: 'inOut' },
  { keys: ['previousMark', 'nextMark'], label: 'marks' },
  { keys: ['flip'], label: 'flip' },
  { keys: ['fullscreen'], label: 'fullscreen' },
  { keys: ['help'], label: 'help' },
];

const isRemappable = (key: string): key is RemappableAction => (REMAPPABLE_ACTIONS as readonly string[]).includes(key);

/** Shows or hides the help (the `?` key). */
export function toggleShortcutsHelp(): void {
  const popover = document.getElementById(SHORTCUTS_POPOVER_ID);
  popover?.togglePopover();
}

/** Turning the shortcuts off, and the key of each single-key action, kept in this browser. */
function ShortcutSettingsForm() {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const settings = useShortcutSettings();
  const [refusals, setRefusals] = useState<Partial<Record<RemappableAction, { key: string; why: RemapRefusal }>>>({});
  const baseId = useId();
  const remap = (action: RemappableAction, typed: string) => {
    // The field shows the key in force: what was typed last is the key wanted.
    const key = [...typed].pop() ?? '';
    const why = remapRefusal(settings, action, key);
    setRefusals((current) => ({ ...current, [action]: why ? { key, why } : undefined }));
    if (!why) saveShortcutSettings({ ...settings, keys: { ...settings.keys, [action]: key.toLowerCase() } });
  };
  const ownerOf = (key: string) => REMAPPABLE_ACTIONS.find((action) => settings.keys[action] === key.toLowerCase());
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4" data-testid="shortcut-settings">
      <h3 className="text-sm font-semibold">{t('shortcuts.settings.title')}</h3>
      <label className="flex min-h-6 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={settings.enabled}
          onChange={(event) => saveShortcutSettings({ ...settings, enabled: event.target.checked })}
          className="size-5 accent-violet-700"
        />
        {t('shortcuts.settings.enabled')}
      </label>
      <fieldset disabled={!settings.enabled} className="space-y-2 disabled:opacity-60">
        <legend className="text-sm text-slate-700">{t('shortcuts.settings.keys')}</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {REMAPPABLE_ACTIONS.map((action) => {
            const refusal = refusals[action];
            const fieldId = `${baseId}-${action}`;
            return (
              <li key={action} className="flex flex-wrap items-center gap-2 text-sm">
                <input
                  id={fieldId}
                  value={settings.keys[action].toUpperCase()}
                  onChange={(event) => remap(action, event.target.value)}
                  onFocus={(event) => event.target.select()}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={Boolean(refusal)}
                  aria-describedby={refusal ? `${fieldId}-error` : undefined}
                  className="h-8 w-10 rounded-md border border-slate-500 text-center font-mono outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600"
                  data-testid={`shortcut-key-${action}`}
                />
                {/* A long name wraps beside its key rather than under it. */}
                <label htmlFor={fieldId} className="min-w-0 flex-1">
                  {t(`shortcuts.settings.actions.${action}`)}
                </label>
                {refusal && (
                  <p id={`${fieldId}-error`} role="alert" className="w-full text-xs text-red-700">
                    {refusal.why === 'taken'
                      ? t('shortcuts.settings.taken', {
                          key: refusal.key.toUpperCase(),
                          action: t(`shortcuts.settings.actions.${ownerOf(refusal.key) ?? action}`),
                        })
                      : t('shortcuts.settings.notOneCharacter')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setRefusals({});
            saveShortcutSettings({ ...settings, keys: DEFAULT_SHORTCUT_SETTINGS.keys });
          }}
        >
          <RotateCcw aria-hidden="true" />
          {t('shortcuts.settings.reset')}
        </Button>
      </fieldset>
    </div>
  );
}

/**
 * The keyboard shortcuts in a popover (the browser's own: light dismiss, Escape, top layer, so it
 * also shows in full screen), opened by its button or `?`; it lists the keys in force and lets
 * them be turned off or changed.
 */
export function ShortcutsHelp({ dark = false }: { dark?: boolean }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const settings = useShortcutSettings();
  const popoverRef = useRef<HTMLDivElement>(null);
  const keyName = (key: NamedKey | RemappableAction) =>
    isRemappable(key) ? settings.keys[key].toUpperCase() : key.length === 1 ? key : t(`shortcuts.keys.${key}`);

  // Opened, the help takes the focus; closed, the browser gives it back to where it was.
  useEffect(() => {
    const popover = popoverRef.current;
    if (!popover) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'open') popover.focus();
    };
    popover.addEventListener('toggle', onToggle);
    return () => popover.removeEventListener('toggle', onToggle);
  }, []);

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
        ref={popoverRef}
        id={SHORTCUTS_POPOVER_ID}
        popover="auto"
        role="dialog"
        tabIndex={-1}
        aria-labelledby={`${SHORTCUTS_POPOVER_ID}-title`}
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl outline-none backdrop:bg-slate-900/30 focus-visible:ring-2 focus-visible:ring-violet-600"
        data-testid="shortcuts-help"
      >
        <h2 id={`${SHORTCUTS_POPOVER_ID}-title`} className="mb-3 text-base font-semibold">
          {t('shortcuts.title')}
        </h2>
        {settings.enabled ? (
          <dl className="space-y-2 text-sm" data-testid="shortcut-list">
            {SHORTCUTS.map(({ keys, label }) => (
              <div key={label} className="flex items-start justify-between gap-4">
                <dt className="flex shrink-0 flex-wrap gap-1">
                  {keys.map((key) => (
                    <kbd
                      key={key}
                      className="rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 shadow-[0_1px_0_rgb(148_163_184)]"
                    >
                      {keyName(key)}
                    </kbd>
                  ))}
                </dt>
                <dd className="text-right text-slate-700">{t(`shortcuts.actions.${label}`)}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-sm text-slate-700" data-testid="shortcut-list">
            {t('shortcuts.off')}
          </p>
        )}
        <p className="mt-3 text-xs text-slate-600">{t('shortcuts.note')}</p>
        <ShortcutSettingsForm />
      </div>
    </>
  );
}
