import { useCallback, useSyncExternalStore } from 'react';

// Test environments (jsdom) may lack matchMedia: there, nothing matches (the phone layout).
const canMatch = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

/** Tailwind's `lg` breakpoint: the office desktop (sidebar, wide content, tables). */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Whether a CSS media query matches now; re-renders when it changes (window resized, rotated). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => canMatch() && window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * From 1024 px. Used where the phone and the desktop render different elements (bottom navigation
 * or sidebar, cards or a table), so that only one of them is in the page — hidden duplicates would
 * still be found by text and confuse screen-reader users' element lists.
 */
export function useIsDesktop(): boolean {
  return useMediaQuery(DESKTOP_QUERY);
}

/** Tailwind's `xl`: a desktop wide enough for every column of the entry tables. */
export const WIDE_DESKTOP_QUERY = '(min-width: 1280px)';

/**
 * From 1280 px. Between 1024 and 1280 px the entry tables fold fornecedor/cliente, obra and
 * categoria into the description's second line, so that value and status stay in view without
 * scrolling the table sideways.
 */
export function useIsWideDesktop(): boolean {
  return useMediaQuery(WIDE_DESKTOP_QUERY);
}
