-- Issue 13 (Planning): every category belongs to one line of the DRE gerencial (income statement).
-- Groups: 'receita' (Receita bruta; income only), 'custo_obra' (Custos diretos de obra; expense only),
-- 'despesa_administrativa' (Despesas administrativas; expense only), 'outras' (Outras receitas e
-- despesas, below the operating result; either type). The default follows the type: income →
-- receita, expense → custo_obra (most expenses of a builder are obra costs; the form lets the user
-- pick another group).

alter table public.categories
  add column dre_group text not null default 'custo_obra';
update public.categories set dre_group = 'receita' where type = 'income';
alter table public.categories
  add constraint categories_dre_group_check check (
    (type = 'income' and dre_group in ('receita', 'outras'))
    or (type = 'expense' and dre_group in ('custo_obra', 'despesa_administrativa', 'outras')));
comment on column public.categories.dre_group is
  'Line of the DRE gerencial: receita (income), custo_obra / despesa_administrativa (expense), outras '
  '(either). Default by type: income → receita, expense → custo_obra (trigger categories_dre_group_default).';

-- The column default is the expense one; an income category inserted with it gets 'receita'. When the
-- type of an (unused) category changes and its group no longer fits, the group follows the type.
create or replace function private.category_dre_group_default()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.type = 'income' and new.dre_group = 'custo_obra' then
      new.dre_group := 'receita';
    end if;
  elsif new.type is distinct from old.type and new.dre_group is not distinct from old.dre_group
        and not (new.dre_group = 'outras') then
    new.dre_group := case new.type when 'income' then 'receita' else 'custo_obra' end;
  end if;
  return new;
end;
$$;
revoke all on function private.category_dre_group_default() from public, anon, authenticated;
create trigger categories_dre_group_default before insert or update on public.categories
  for each row execute function private.category_dre_group_default();

-- Existing rows: by type, then the demo seed's names (and the usual Portuguese names of such
-- categories) that are not obra costs.
update public.categories set dre_group = 'despesa_administrativa'
where type = 'expense'
  and lower(btrim(name)) in ('administrativo', 'impostos', 'escritório', 'escritorio', 'contabilidade',
                             'salários', 'salarios', 'marketing', 'aluguel', 'tarifas bancárias',
                             'tarifas bancarias', 'pró-labore', 'pro-labore', 'taxas');
update public.categories set dre_group = 'outras'
where lower(btrim(name)) in ('juros', 'rendimentos', 'rendimentos financeiros', 'empréstimos', 'emprestimos',
                             'outras receitas', 'outras despesas');
