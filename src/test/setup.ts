import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@/test/msw-server';

// findBy*/waitFor wait up to 5 s instead of 1 s: CI shares two cores with the browser journeys,
// and a screen that is right but slow is not a failure (a wrong screen still fails, just later).
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  // sonner keeps its toasts in module state and replays the ones still showing to the next
  // <Toaster />: a test's toast would appear in the next test (twice the text, until its 4 s
  // timer dismissed it).
  toast.dismiss();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
});
afterAll(() => server.close());

// jsdom lacks these; Radix (Select, Popover) and theme detection use them.
const noop = (): void => undefined;
// vitest's jsdom defines `matchMedia` on the global as a getter that returns undefined, so test
// the type, not `in`. uPlot (src/components/chart) calls it when imported.
if (typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): Partial<MediaQueryList> => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: noop,
      removeEventListener: noop,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    value: class {
      observe = noop;
      unobserve = noop;
      disconnect = noop;
    },
  });
}
for (const name of ['scrollIntoView', 'hasPointerCapture', 'releasePointerCapture'] as const) {
  if (!(name in Element.prototype)) {
    Object.defineProperty(Element.prototype, name, { writable: true, value: () => false });
  }
}
