import { useEffect, useRef } from 'react';
import { actionOfKey, normalizeKey, useShortcutSettings, type RemappableAction } from './shortcut-settings';
import type { FramePlayer } from './use-frame-player';

/**
 * The studio's keyboard shortcuts, listened to on the whole page while the studio is shown and the
 * shortcuts are on (see shortcut-settings). Keys typed in a field, a menu or a dialog, or with
 * Ctrl/Alt/⌘, are never taken; Space and Enter on a button or a link keep activating it.
 */
const NAMED_KEYS = {
  ' ': 'playPause',
  ArrowLeft: 'previousFrame',
  ArrowRight: 'nextFrame',
  'Shift+ArrowLeft': 'previousSecond',
  'Shift+ArrowRight': 'nextSecond',
  Home: 'first',
  End: 'last',
} as const;

type ShortcutAction = (typeof NAMED_KEYS)[keyof typeof NAMED_KEYS] | RemappableAction;
type Shortcuts = Partial<Record<ShortcutAction, () => void>>;

/** Frames in one second of the player's rate, for Shift + arrows and Page Up/Down. */
export function framesPerSecond(player: FramePlayer): number {
  return Math.round(player.rate.num / player.rate.den);
}

/**
 * The transport keys every player of the studio shares: Space, J/K/L, one frame with the arrows,
 * one second with Shift, Home and End.
 */
export function transportShortcuts(player: FramePlayer): Shortcuts {
  const oneSecond = framesPerSecond(player);
  return {
    playPause: player.togglePlay,
    pause: player.pause,
    shuttleBack: () => player.shuttle(-1),
    shuttleForward: () => player.shuttle(1),
    previousFrame: () => player.step(-1),
    nextFrame: () => player.step(1),
    previousSecond: () => player.step(-oneSecond),
    nextSecond: () => player.step(oneSecond),
    first: () => player.seek(0),
    last: () => player.seek(player.frameCount - 1),
  };
}

function ignored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return true;
  // AltGr types characters (« [ » and « ] » on a French keyboard), which Windows reports as Ctrl+Alt.
  const typedWithAltGr = event.getModifierState('AltGraph');
  if (!typedWithAltGr && (event.ctrlKey || event.metaKey || event.altKey)) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (
    target.closest(
      'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="tablist"], [role="listbox"], [role="application"]',
    )
  )
    return true;
  if ((event.key === ' ' || event.key === 'Enter') && target.closest('button, a[href], summary')) return true;
  return false;
}

function namedKeyOf(event: KeyboardEvent): string {
  if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') return event.shiftKey ? `Shift+${event.key}` : event.key;
  return event.key;
}

export function useShortcuts(handlers: Shortcuts): void {
  const settings = useShortcutSettings();
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    if (!settings.enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      // A modal dialog is open elsewhere on the page: the studio waits.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const action =
        NAMED_KEYS[namedKeyOf(event) as keyof typeof NAMED_KEYS] ??
        (event.key.length === 1 ? actionOfKey(settings, normalizeKey(event.key)) : undefined);
      const handler = action && handlersRef.current[action];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [settings]);
}
