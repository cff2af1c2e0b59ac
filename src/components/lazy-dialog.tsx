import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code (its form, zod, pickers) is fetched when it is first opened, or earlier on
 * intent with `preload` (pointer over, focus or touch on what opens it), instead of with the
 * screen that shows it. Mounted from its first opening on, so that closing animates like any
 * other dialog. `isOpen` reads the dialog's own open prop.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> & { preload: () => void } {
  const Dialog = lazy(async () => ({ default: await load() }));
  function LazyDialog(props: P) {
    const [used, setUsed] = useState(false);
    if (isOpen(props) && !used) setUsed(true);
    if (!used) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return Object.assign(LazyDialog, { preload: () => void load() });
}
