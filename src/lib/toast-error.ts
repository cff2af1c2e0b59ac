// Apart from toast.ts: the error map is not needed to paint the first screen, toast.ts is.
import { getErrorMessage } from '@/lib/errors';
import { toast } from '@/lib/toast';

/**
 * The one failure toast: the operation's title, and as its description the error's Portuguese text
 * (a known database key's message, the offline text, else `fallback`, else the generic one).
 */
export function toastError(title: string, error: unknown, fallback?: string): void {
  toast.error(title, { description: getErrorMessage(error, fallback) });
}
