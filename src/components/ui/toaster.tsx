import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/use-theme';

/** Mounted once in the providers; features call `toast` / `toast.error` from 'sonner'. */
export function Toaster() {
  const [theme] = useTheme();
  return <Sonner theme={theme} richColors position="top-center" closeButton />;
}
