-- categories_dre_group_check said "(income and its groups) or (expense and its groups)", so it also
-- failed for an unknown type, and Postgres tests check constraints by name: a category of type
-- 'transfer' got categories_dre_group_check instead of categories_type_check. The check now speaks
-- only of the group: a known group, and one that fits the type when the type is known.
alter table public.categories drop constraint categories_dre_group_check;
alter table public.categories
  add constraint categories_dre_group_check check (
    dre_group in ('receita', 'custo_obra', 'despesa_administrativa', 'outras')
    and (type <> 'income' or dre_group in ('receita', 'outras'))
    and (type <> 'expense' or dre_group in ('custo_obra', 'despesa_administrativa', 'outras')));
