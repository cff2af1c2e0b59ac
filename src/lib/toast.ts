import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;

let sonner: Promise<Toast> | undefined;

function load(): Promise<Toast> {
  sonner ??= import('sonner').then((module) => module.toast);
  return sonner;
}

/**
 * sonner's `toast` (called, `.success`, `.error`) for the whole app: sonner (~9 kB gzip, and a
 * stylesheet it inserts when it runs) is not needed to paint any screen, so it loads on the first
 * toast (the Toaster is lazy too; sonner shows a toast made before its Toaster mounted). Give a
 * toast an `id` to replace it later.
 */
export const toast = Object.assign(
  (...args: Parameters<Toast>): void => {
    void load().then((t) => t(...args));
  },
  {
    success(...args: Parameters<Toast['success']>): void {
      void load().then((t) => t.success(...args));
    },
    error(...args: Parameters<Toast['error']>): void {
      void load().then((t) => t.error(...args));
    },
  },
);
