import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while a page written at build time is taken over (and in that build itself), true from the
 * next render on: what only the browser can draw waits for it, so the HTML and the browser's first
 * render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
