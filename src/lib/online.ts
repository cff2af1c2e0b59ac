import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/** The browser's own word: false only when it knows the device has no network. */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

/**
 * React Query v5 starts out assuming it is online and only learns otherwise from an `offline`
 * event, which never fires when the app is opened with no network. Seed it from the browser.
 */
export function initOnlineState(): void {
  onlineManager.setOnline(browserOnline());
}

/** The first pause before asking the API again, doubled after each miss up to the last. */
const PROBE_FIRST_MS = 3_000;
const PROBE_MAX_MS = 30_000;

let probeTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * navigator.onLine says whether the device has a network, not whether the API answers: on a
 * worksite's weak connection or a Wi-Fi without internet it says "online" while every request
 * fails. A request that could not reach the API reports it here: React Query goes offline (reads
 * pause and the screens show "Sem conexão" and the data saved on the device, new entries wait in
 * the offline queue) until `probe` gets an answer, asked again after 3 s, 6 s, … up to 30 s.
 */
export function reportApiUnreachable(probe: () => Promise<unknown>): void {
  onlineManager.setOnline(false);
  if (probeTimer !== null) return;
  let pause = PROBE_FIRST_MS;
  const ask = () => {
    probe().then(
      () => {
        probeTimer = null;
        // The browser's own word still counts: with no network at all it stays offline.
        onlineManager.setOnline(browserOnline());
      },
      () => {
        pause = Math.min(pause * 2, PROBE_MAX_MS);
        probeTimer = setTimeout(ask, pause);
      },
    );
  };
  probeTimer = setTimeout(ask, pause);
}

/** React Query's view of the network (navigator.onLine, its events, and unreachable reports). */
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
