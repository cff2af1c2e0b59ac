import type { toast as sonnerToast } from 'sonner';

type Toast = typeof sonnerToast;

let sonner: Promise<Toast> | undefined;

function load(): Promise<Toast> {
  sonner ??= import('sonner').then((module) => module.toast);
  return sonner;
}

/**
 * sonner's `toast` (called, `.success`, `.error`) for src/app and src/lib, whose modules make the
 * first screen: sonner is ~9 kB gzip that home does not need to paint, so it loads on the first
 * toast (the Toaster is lazy too; sonner shows a toast made before its Toaster mounted). Features
 * load with their routes and import sonner directly. Give a toast an `id` to replace it later.
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
