import { isNetworkError, UNEXPECTED_ERROR_MESSAGE, UNEXPECTED_ERROR_TITLE } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { toastError } from '@/lib/toast-error';

/**
 * An entry's failure toast (Dar Baixa, estorno, edit, delete): `toastError` titled "Erro", except
 * that a request that never got an answer is "Erro inesperado" (SPEC §8), not the database's refusal.
 */
export function toastEntryError(error: unknown, fallback: string): void {
  if (isNetworkError(error)) {
    toast.error(UNEXPECTED_ERROR_TITLE, { description: UNEXPECTED_ERROR_MESSAGE });
  } else {
    toastError('Erro', error, fallback);
  }
}
