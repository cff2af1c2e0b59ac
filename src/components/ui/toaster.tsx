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
    <Sonner
      theme={theme}
      richColors
      position="bottom-center"
      offset={ABOVE_BOTTOM_NAV}
      mobileOffset={{ ...ABOVE_BOTTOM_NAV, left: '1rem', right: '1rem' }}
      closeButton
      toastOptions={TOAST_OPTIONS}
    />
  );
}
