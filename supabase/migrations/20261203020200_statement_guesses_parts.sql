-- Issue 33 (rateio), finish: Conciliação's guess of a categoria for a statement line learns from
-- split payments too. A split ledger row has no categoria of its own (its parts have them); it was
-- left out, so a supplier always paid through a rateio taught nothing. Now each of its categorias
-- counts with the row's share of it (private.part_shares(parts, amount) / amount: a row 90 % Aço and
-- 10 % Concreto is 0.9 of a use of Aço and 0.1 of Concreto), both in the words shared (hits) and in
-- the uses, so a rateio teaches as much as one payment, spread as it was spent, and the line gets
-- the one categoria "Criar lançamento" asks for. A part's share at or below zero (a tiny payment,
-- a desconto) teaches nothing.
CREATE OR REPLACE FUNCTION public.statement_category_guesses(p_bank_account_id uuid)
 RETURNS TABLE(line_id uuid, category_id uuid, category_name text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_company_id uuid;
begin
  perform private.assert_row_role('bank_accounts', p_bank_account_id, array['admin', 'financeiro', 'leitura']);
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  with words as (
    select l.id, l.amount, array_agg(distinct w) as list
    from public.bank_statement_lines l
    cross join lateral regexp_split_to_table(lower(l.memo), '[[:space:][:punct:]]+') w
    where l.bank_account_id = p_bank_account_id and l.status = 'pending' and length(w) >= 4
    group by l.id, l.amount
  ),
  matched as (
    select w.id, t.category_id, t.parts, t.amount,
           (select count(*) from unnest(w.list) x where position(x in lower(t.description)) > 0) as hits
    from words w
    join public.standing_transactions t
      on t.company_id = v_company_id
     and (t.category_id is not null or t.parts is not null)
     and t.type = case when w.amount < 0 then 'expense' else 'income' end
     and exists (select 1 from unnest(w.list) x where position(x in lower(t.description)) > 0)
  ),
  scored as (
    select m.id, c.category_id, sum(m.hits * c.weight) as hits, sum(c.weight) as uses
    from matched m
    cross join lateral (
      select m.category_id, 1::numeric as weight where m.parts is null
      union all
      select s.category_id, sum(s.share) / m.amount
      from private.part_shares(m.parts, m.amount) s
      where m.parts is not null and s.category_id is not null and s.share > 0
      group by s.category_id
    ) c
    where c.category_id is not null
    group by m.id, c.category_id
  )
  select distinct on (s.id) s.id, s.category_id, c.name
  from scored s
  join public.categories c on c.company_id = v_company_id and c.id = s.category_id and c.is_active
  order by s.id, s.hits desc, s.uses desc, c.name;
end;
$function$;
comment on function public.statement_category_guesses(uuid) is
  'Conciliação, "Criar lançamento": per pending line of the account, the active category most used by the '
  'company''s standing ledger rows of the same direction whose description contains words (4+ letters) of '
  'the memo (most shared words, then most uses). A split row (rateio) counts each of its categorias with '
  'the row''s share of it (a row 90 % Aço / 10 % Concreto is 0.9 of a use of Aço, 0.1 of Concreto). '
  'Raises bank_account_not_found.';
