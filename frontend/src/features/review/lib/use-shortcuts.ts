import { useEffect, useRef } from 'react';

/**
 * The studio's keyboard shortcuts, listened to on the whole page while the studio is shown. Keys
 * typed in a field, a menu or a dialog, or with Ctrl/Alt/⌘, are never taken; Space and Enter on a
 * button or a link keep activating it.
 */
export type ShortcutKey =
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

export function useShortcuts(handlers: Partial<Record<ShortcutKey, () => void>>, enabled = true): void {
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
