import { useRef } from 'react';

interface AutoFocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Focus goes back to the element that opened a dialog when it closes. Radix returns it only to its
 * own `Dialog.Trigger`; our dialogs are mostly opened by a page's button or a list row setting
 * state (no Trigger), and focus then fell to <body> — a keyboard or screen-reader user lost their
 * place in the list. The opener is what had focus when the dialog's focus scope mounted.
 */
export function useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      if (element instanceof HTMLElement && element !== document.body && element.isConnected) {
        // Prevented, Radix would focus its (absent) trigger instead.
        event.preventDefault();
        element.focus();
      }
    },
  };
}
