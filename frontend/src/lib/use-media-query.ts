import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's `lg` breakpoint: from here the funnels keep their estimate panel beside the form. */
export const WIDE_SCREEN = '(min-width: 64rem)';

/** Whether a media query matches, following its changes (false in the page written at build time). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
