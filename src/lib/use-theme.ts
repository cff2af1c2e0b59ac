import { useCallback, useSyncExternalStore } from 'react';
import {
  applyTheme,
  getInitialTheme,
  getStoredTheme,
  setTheme as storeTheme,
  type Theme,
} from '@/lib/theme';

const listeners = new Set<() => void>();
let current: Theme | null = null;

function getSnapshot(): Theme {
  current ??= getInitialTheme();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current theme and a setter that stores it, applies the `dark` class and re-renders users. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, getSnapshot, () => 'light' as const);
  const setTheme = useCallback((next: Theme) => {
    storeTheme(next);
    current = next;
    listeners.forEach((listener) => listener());
  }, []);
  return [theme, setTheme];
}

/** Called once at start-up (index.html already set the class; this also sets color-scheme). */
export function initTheme(): void {
  applyTheme(getSnapshot());
  // Without a stored choice the app follows the system preference as it changes.
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', (event) => {
    if (getStoredTheme()) return;
    current = event.matches ? 'dark' : 'light';
    applyTheme(current);
    listeners.forEach((listener) => listener());
  });
}
