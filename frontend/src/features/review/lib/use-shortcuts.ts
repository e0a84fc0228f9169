import { useEffect, useRef } from 'react';
import type { FramePlayer } from './use-frame-player';

/**
 * The studio's keyboard shortcuts, listened to on the whole page while the studio is shown. Keys
 * typed in a field, a menu or a dialog, or with Ctrl/Alt/⌘, are never taken; Space and Enter on a
 * button or a link keep activating it.
 */
type ShortcutKey =
  | ' '
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'Shift+ArrowLeft'
  | 'Shift+ArrowRight'
  | 'Home'
  | 'End'
  | 'j'
  | 'k'
  | 'l'
  | 'i'
  | 'o'
  | 'f'
  | 'b'
  | '?';

type Shortcuts = Partial<Record<ShortcutKey, () => void>>;

/**
 * The transport keys every player of the studio shares: Space, J/K/L, one frame with the arrows,
 * one second with Shift, Home and End.
 */
export function transportShortcuts(player: FramePlayer): Shortcuts {
  const oneSecond = Math.round(player.rate.num / player.rate.den);
  return {
    ' ': player.togglePlay,
    k: player.pause,
    j: () => player.shuttle(-1),
    l: () => player.shuttle(1),
    ArrowLeft: () => player.step(-1),
    ArrowRight: () => player.step(1),
    'Shift+ArrowLeft': () => player.step(-oneSecond),
    'Shift+ArrowRight': () => player.step(oneSecond),
    Home: () => player.seek(0),
    End: () => player.seek(player.frameCount - 1),
  };
}

function ignored(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return true;
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return false;
  if (
    target.closest(
      'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="tablist"], [role="listbox"]',
    )
  )
    return true;
  if ((event.key === ' ' || event.key === 'Enter') && target.closest('button, a[href], summary')) return true;
  return false;
}

function keyOf(event: KeyboardEvent): string {
  if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') return event.shiftKey ? `Shift+${event.key}` : event.key;
  return event.key.length === 1 ? event.key.toLowerCase() : event.key;
}

export function useShortcuts(handlers: Shortcuts, enabled = true): void {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (ignored(event)) return;
      // A modal dialog is open elsewhere on the page: the studio waits.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const handler = handlersRef.current[keyOf(event) as ShortcutKey];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
