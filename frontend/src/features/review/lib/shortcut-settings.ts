import { useSyncExternalStore } from 'react';

/**
 * The studio's single-key shortcuts can be turned off or given other keys (WCAG 2.1.4): the choice
 * is the browser's, kept in localStorage, and read by the players and the shortcuts help alike.
 */
export const REMAPPABLE_ACTIONS = [
  'shuttleBack',
  'pause',
  'shuttleForward',
  'markIn',
  'markOut',
  'previousMark',
  'nextMark',
  'flip',
  'fullscreen',
  'help',
] as const;
export type RemappableAction = (typeof REMAPPABLE_ACTIONS)[number];

export interface ShortcutSettings {
  /** Off: the page listens to no key at all; the controls keep their own keys when focused. */
  enabled: boolean;
  keys: Record<RemappableAction, string>;
}

export const DEFAULT_SHORTCUT_SETTINGS: ShortcutSettings = {
  enabled: true,
  keys: {
    shuttleBack: 'j',
    pause: 'k',
    shuttleForward: 'l',
    markIn: 'i',
    markOut: 'o',
    previousMark: '[',
    nextMark: ']',
    flip: 'b',
    fullscreen: 'f',
    help: '?',
  },
};

const STORAGE_KEY = 'rushflow.review.shortcuts';
const CHANGE_EVENT = 'rushflow:review-shortcuts';

/** Why a key cannot be given to an action: none, or the reason shown under its field. */
export type RemapRefusal = 'notOneCharacter' | 'taken';

/** A key as the shortcuts compare it: one character, letters in lower case. */
export function normalizeKey(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

/** Whether `key` may be given to `action`: one visible character, not already another action's. */
export function remapRefusal(settings: ShortcutSettings, action: RemappableAction, key: string): RemapRefusal | null {
  const wanted = normalizeKey(key);
  if ([...wanted].length !== 1 || wanted.trim() === '') return 'notOneCharacter';
  const owner = REMAPPABLE_ACTIONS.find((other) => other !== action && settings.keys[other] === wanted);
  return owner ? 'taken' : null;
}

/** Reads what was stored; anything missing, unreadable or conflicting falls back to the defaults. */
export function parseShortcutSettings(stored: string | null): ShortcutSettings {
  if (!stored) return DEFAULT_SHORTCUT_SETTINGS;
  try {
    const value = JSON.parse(stored) as Partial<ShortcutSettings> | null;
    const keys = { ...DEFAULT_SHORTCUT_SETTINGS.keys };
    for (const action of REMAPPABLE_ACTIONS) {
      const key = value?.keys?.[action];
      if (typeof key === 'string') keys[action] = normalizeKey(key);
    }
    const distinct = new Set(Object.values(keys)).size === REMAPPABLE_ACTIONS.length;
    const readable = REMAPPABLE_ACTIONS.every((action) => [...keys[action]].length === 1);
    return {
      enabled: value?.enabled !== false,
      keys: distinct && readable ? keys : DEFAULT_SHORTCUT_SETTINGS.keys,
    };
  } catch {
    return DEFAULT_SHORTCUT_SETTINGS;
  }
}

/** The action a pressed key (already normalised) triggers with these settings, if any. */
export function actionOfKey(settings: ShortcutSettings, key: string): RemappableAction | undefined {
  return REMAPPABLE_ACTIONS.find((action) => settings.keys[action] === key);
}

function read(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** A choice the storage refused (private mode, quota): it holds until the page is left. */
let unsaved: string | null = null;
let cache: { source: string | null; settings: ShortcutSettings } | null = null;

export function saveShortcutSettings(settings: ShortcutSettings): void {
  const text = JSON.stringify(settings);
  try {
    window.localStorage.setItem(STORAGE_KEY, text);
    unsaved = null;
  } catch {
    unsaved = text;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function snapshot(): ShortcutSettings {
  const source = unsaved ?? read();
  // The same object while nothing changed, as useSyncExternalStore needs.
  if (!cache || cache.source !== source) cache = { source, settings: parseShortcutSettings(source) };
  return cache.settings;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The settings in force, updated in every part of the studio (and other tabs) when they change. */
export function useShortcutSettings(): ShortcutSettings {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_SHORTCUT_SETTINGS);
}
