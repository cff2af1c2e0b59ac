import { getErrorMessage, isNetworkError } from '@/lib/errors';

/** What the database stores in categories.type. */
export type CategoryType = 'income' | 'expense';

/** The form speaks receita / despesa (SPEC §3): money in is income, money out is expense. */
export type CategoryKindChoice = 'receita' | 'despesa';

export const categoryTypeFromChoice: Record<CategoryKindChoice, CategoryType> = {
  receita: 'income',
  despesa: 'expense',
};

export const categoryTypeLabels: Record<CategoryType, string> = {
  income: 'Receita',
  expense: 'Despesa',
};

export const NAME_REQUIRED_MESSAGE = 'Nome da categoria é obrigatório';

export interface CategoryFields {
  name: string;
  description: string;
}

/** Trims name and description; an empty description is stored as null (SPEC §5). */
export function normaliseCategoryFields(fields: CategoryFields): {
  name: string;
  description: string | null;
} {
  const description = fields.description.trim();
  return { name: fields.name.trim(), description: description === '' ? null : description };
}

/** The validation message of the name, or null when it is valid. */
export function validateCategoryName(name: string): string | null {
  return name.trim() === '' ? NAME_REQUIRED_MESSAGE : null;
}

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
 * The text of a failed save: a known database key in Portuguese (e.g. a duplicate name), a dead
 * network as the spec's "unexpected" text, anything else as `failure`.
 */
export function saveErrorText(error: unknown, failure: string): string {
  if (isNetworkError(error) || !(typeof error === 'object' && error !== null && 'code' in error)) {
    return 'Erro inesperado. Tente novamente.';
  }
  return getErrorMessage(error, failure);
}

/** The text of a failed load: "Erro ao carregar categorias", or the unexpected one. */
export function loadErrorText(error: unknown): string {
  if (isNetworkError(error) || !(typeof error === 'object' && error !== null && 'code' in error)) {
    return 'Erro inesperado ao carregar categorias';
  }
  return 'Erro ao carregar categorias';
}
