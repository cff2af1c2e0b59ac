import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/use-theme';

/** Mounted once in the providers; everything toasts through `toast` of src/lib/toast.ts. */
export function Toaster() {
  const [theme] = useTheme();
  return <Sonner theme={theme} richColors position="top-center" closeButton />;
}
