import type { FieldErrors } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { isNetworkError } from '@/lib/errors';
import { toastError } from '@/lib/toast-error';

/** What the database stores in categories.type. */
export type CategoryType = 'income' | 'expense';

export const categoryTypeLabels: Record<CategoryType, string> = {
  income: 'Receita',
  expense: 'Despesa',
};

/**
 * Usage frequency of category_stats (see its `comment on function`): by the transactions of the
 * last 90 days — Alta ≥ 9, Média 3–8, Baixa 1–2, Sem uso 0.
 */
export type UsageFrequency = 'high' | 'medium' | 'low' | 'none';

export const usageFrequencyLabels: Record<UsageFrequency, string> = {
  high: 'Alta',
  medium: 'Média',
  low: 'Baixa',
  none: 'Sem uso',
};

/**
 * A category's failure toast: a known database key in Portuguese (e.g. a duplicate name), a dead
 * network or anything that is no database error as the spec's "unexpected" text, else `failure`.
 */
export function toastCategoryError(title: string, error: unknown, failure: string): void {
  if (isNetworkError(error) || !(typeof error === 'object' && error !== null && 'code' in error)) {
    toastError(title, undefined, 'Erro inesperado. Tente novamente.');
  } else {
    toastError(title, error, failure);
  }
}

/** The text of a failed load: "Erro ao carregar categorias", or the unexpected one. */
export function loadErrorText(error: unknown): string {
  if (isNetworkError(error) || !(typeof error === 'object' && error !== null && 'code' in error)) {
    return 'Erro inesperado ao carregar categorias';
  }
  return 'Erro ao carregar categorias';
}

/** SPEC §5: an invalid name is also announced with the toast "Erro" / the schema's message. */
export function toastFirstError(errors: FieldErrors) {
  const message = Object.values(errors).find((error) => error?.message)?.message;
  if (typeof message === 'string') toast.error('Erro', { description: message });
}
