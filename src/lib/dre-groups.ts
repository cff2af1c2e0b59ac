// The lines of the DRE gerencial a category can belong to (categories.dre_group).

export type DreGroup = 'receita' | 'custo_obra' | 'despesa_administrativa' | 'outras';

export const DRE_GROUP_LABELS: Record<DreGroup, string> = {
  receita: 'Receita bruta',
  custo_obra: 'Custos diretos de obra',
  despesa_administrativa: 'Despesas administrativas',
  outras: 'Outras receitas e despesas',
};

/** The groups a category of this type may take (the database checks the same). */
export function dreGroupsFor(type: 'income' | 'expense'): DreGroup[] {
  return type === 'income'
    ? ['receita', 'outras']
    : ['custo_obra', 'despesa_administrativa', 'outras'];
}

/** What the database gives a new category that does not choose: income → receita, expense → custo_obra. */
export function defaultDreGroup(type: 'income' | 'expense'): DreGroup {
  return type === 'income' ? 'receita' : 'custo_obra';
}

export function isDreGroup(value: unknown): value is DreGroup {
  return typeof value === 'string' && Object.hasOwn(DRE_GROUP_LABELS, value);
}
