import { useState, type ComponentType } from 'react';
import { lazyPiece } from '@/components/lazy-piece';

/** The dialogs' two ways of being closed by the page that opens them. */
interface Closable {
  onClose?: () => void;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A dialog whose code (its form, zod, pickers) is fetched when it is first opened, or earlier on
 * intent with `preload` (pointer over, focus or touch on what opens it), instead of with the
 * screen that shows it. Mounted from its first opening on, so that closing animates like any
 * other dialog. `isOpen` reads the dialog's own open prop. Code that cannot be fetched (offline)
 * shows "Sem conexão" with "Tentar novamente" and "Fechar" while the dialog is open.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> & { preload: () => void } {
  const Dialog = lazyPiece(load, {
    look: 'floating',
    shown: isOpen,
    close: (props) => {
      const closable = props as Closable;
      if (closable.onClose) closable.onClose();
      else closable.onOpenChange?.(false);
    },
  });
  function LazyDialog(props: P) {
    const [used, setUsed] = useState(false);
    if (isOpen(props) && !used) setUsed(true);
    if (!used) return null;
    return <Dialog {...props} />;
  }
  return Object.assign(LazyDialog, { preload: Dialog.preload });
}
