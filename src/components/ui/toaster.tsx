import { Toaster as Sonner } from 'sonner';
import { useIsDesktop } from '@/lib/use-media-query';
import { useTheme } from '@/lib/use-theme';

// A toast must never cover what the user taps next. On a phone the top of a screen holds its back
// link ("Voltar à conta") and the bottom its navigation: toasts sit just above the bottom
// navigation (its 4 rem of links plus the home indicator's inset, and a gap). On the desktop the
// bottom right corner is empty (sidebar left, page headers and dialogs elsewhere).
const ABOVE_BOTTOM_NAV = { bottom: 'calc(4.75rem + env(safe-area-inset-bottom))' };
// sonner names its close button in English.
const TOAST_OPTIONS = { closeButtonAriaLabel: 'Fechar aviso' };

// sonner pauses its toasts while the mouse is over the stack, until it leaves. A phone has no hover:
// the mouse events a browser makes up after a tap have no "leave" until the next tap elsewhere, so a
// tapped toast froze over the page's buttons. On a phone no mouse event about the stack reaches
// React: caught at the document, before React's listeners on the root (React derives "enter" from
// the `mouseout` of the element left, which is outside the stack, hence the document). Swipe and
// the close button work through pointer and click events, untouched.
const HOVER_EVENTS = ['mouseover', 'mouseout', 'mousemove'] as const;
function withoutHover(wrapper: HTMLDivElement | null) {
  if (!wrapper) return;
  const about = (node: EventTarget | null) => node instanceof Node && wrapper.contains(node);
  const stop = (event: MouseEvent) => {
    if (about(event.target) || about(event.relatedTarget)) event.stopPropagation();
  };
  for (const type of HOVER_EVENTS) document.addEventListener(type, stop, true);
  return () => {
    for (const type of HOVER_EVENTS) document.removeEventListener(type, stop, true);
  };
}

/** Mounted once in the providers; everything toasts through `toast` of src/lib/toast.ts. */
export function Toaster() {
  const [theme] = useTheme();
  const desktop = useIsDesktop();
  return desktop ? (
    <Sonner
      theme={theme}
      richColors
      position="bottom-right"
      closeButton
      toastOptions={TOAST_OPTIONS}
    />
  ) : (
    <div ref={withoutHover} className="contents">
      <Sonner
        theme={theme}
        richColors
        position="bottom-center"
        offset={ABOVE_BOTTOM_NAV}
        mobileOffset={{ ...ABOVE_BOTTOM_NAV, left: '1rem', right: '1rem' }}
        closeButton
        toastOptions={TOAST_OPTIONS}
      />
    </div>
  );
}
