import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * React Query v5 starts out assuming it is online and only learns otherwise from an `offline`
 * event, which never fires when the app is opened with no network. Seed it from the browser.
 */
export function initOnlineState(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
}

/** React Query's view of the network (navigator.onLine plus the online/offline events). */
export function isOnline(): boolean {
  return onlineManager.isOnline();
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
