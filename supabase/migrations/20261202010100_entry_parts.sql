-- Issue 33 (rateio), the foundation: an entry may be split into parts, each with its own obra (or
-- Geral), etapa and categoria, whose amounts sum to the entry's amount to the centavo.
--
-- Where the parts live: `parts jsonb` on the entry row itself (payables, receivables), and a copy of
-- the entry's parts on each of its ledger rows (transactions.parts, kept by our functions). On the
-- row, so that
--   * a Lançar with installments writes entry and parts in one request (PostgREST insert);
--   * every kept-total trigger sees OLD and NEW parts in its transition tables (a change of split
--     restates the totals of the obras involved exactly, like any other change of the row);
--   * the audit trigger records the split before and after (Histórico) with no extra work;
--   * the row's version (updated_at) covers its split (a decision on the version seen).
--
-- The rule every reader follows: an entry (or ledger row) with parts has project_id, stage_id and
-- category_id null; its obra, etapa and categoria are its parts'. A value of the row (paid amount,
-- juros, multa, desconto, a payment, an estorno) is apportioned to the parts in proportion to their
-- amounts by private.apportion: largest remainder, ties to the earlier part, exact to the centavo.
--
-- Shape of parts (null = not split): a JSON array of 2 to 50 objects
--   {"project_id": uuid|null, "stage_id": uuid|null, "category_id": uuid|null,
--    "amount": number > 0 with at most 2 decimals, "percent": number in (0, 100] | null}
-- percent is what the user typed when splitting by percentage (shown again by Editar); amount is
-- what counts.

-- ---------------------------------------------------------------------------------------------
-- Apportioning
-- ---------------------------------------------------------------------------------------------

create function private.apportion(p_weights numeric[], p_value numeric)
returns numeric[]
language sql
immutable
set search_path = ''
as $$
  -- In centavos: each share is the floor of its exact value; the centavos left go one each to the
  -- largest remainders, the earlier position first on a tie. Σ shares = p_value exactly.
  with w as (
    select o::int as pos, x as weight
    from unnest(p_weights) with ordinality u(x, o)
  ),
  exact as (
    select pos,
           case when sum(weight) over () > 0
                then round(abs(p_value) * 100) * weight / sum(weight) over ()
                else 0 end as cents
    from w
  ),
  based as (
    select pos, floor(cents) as base, cents - floor(cents) as rest,
           round(abs(p_value) * 100) - sum(floor(cents)) over () as left_over
    from exact
  ),
  ranked as (
    select pos, base, left_over, row_number() over (order by rest desc, pos) as rnk
    from based
  )
  select coalesce(array_agg(sign(p_value) * (base + case when rnk <= left_over then 1 else 0 end) / 100
                            order by pos), '{}')
  from ranked
$$;
comment on function private.apportion(numeric[], numeric) is 'p_value split in proportion to p_weights (> 0), exact to the centavo: largest remainder in centavos, ties to the earlier position; the sum of the result is p_value. Used for every rateio (parts of a payment, juros, multa, desconto, estorno; percentages into amounts). src/lib/apportion.ts is the same rule in TypeScript.';
revoke all on function private.apportion(numeric[], numeric) from public, anon, authenticated;

create function private.part_shares(p_parts jsonb, p_value numeric)
returns table (pos integer, project_id uuid, stage_id uuid, category_id uuid, amount numeric, share numeric)
language sql
immutable
set search_path = ''
as $$
  with p as (
    select o::int as pos, e
    from jsonb_array_elements(p_parts) with ordinality x(e, o)
  ),
  s as (
    select private.apportion(array_agg((p.e ->> 'amount')::numeric order by p.pos), p_value) as shares
    from p
  )
  select p.pos, (p.e ->> 'project_id')::uuid, (p.e ->> 'stage_id')::uuid, (p.e ->> 'category_id')::uuid,
         (p.e ->> 'amount')::numeric, s.shares[p.pos]
  from p cross join s
$$;
comment on function private.part_shares(jsonb, numeric) is 'The parts of a split (entry or ledger row) with p_value apportioned to them by their amounts (private.apportion).';
revoke all on function private.part_shares(jsonb, numeric) from public, anon, authenticated;

create function private.entry_part_figures(
  p_parts jsonb, p_project_id uuid, p_stage_id uuid, p_category_id uuid, p_amount numeric,
  p_paid_amount numeric, p_interest numeric, p_fine numeric, p_discount numeric
)
returns table (pos integer, project_id uuid, stage_id uuid, category_id uuid, amount numeric,
               paid_amount numeric, open_amount numeric, paid_total numeric)
language sql
immutable
set search_path = ''
as $$
  -- Not split: the entry itself, one part.
  select 1, p_project_id, p_stage_id, p_category_id, p_amount, p_paid_amount,
         p_amount - p_paid_amount, p_paid_amount + p_interest + p_fine - p_discount
  where p_parts is null
  union all
  -- Split: each value of the entry apportioned by the parts' amounts; open = part − its paid share,
  -- so every figure sums to the entry's own.
  select p.pos, p.project_id, p.stage_id, p.category_id, p.amount, p.share,
         p.amount - p.share, p.share + i.share + f.share - d.share
  from private.part_shares(p_parts, p_paid_amount) p
  join private.part_shares(p_parts, p_interest) i on i.pos = p.pos
  join private.part_shares(p_parts, p_fine) f on f.pos = p.pos
  join private.part_shares(p_parts, p_discount) d on d.pos = p.pos
  where p_parts is not null
$$;
comment on function private.entry_part_figures(jsonb, uuid, uuid, uuid, numeric, numeric, numeric, numeric, numeric) is 'An entry as parts: one row (its own obra, etapa, categoria and figures) when not split; else a row per part with amount, paid_amount, open_amount and paid_total (paid + juros + multa − desconto) apportioned exactly. Every reader of obra or categoria of an entry goes through it.';
revoke all on function private.entry_part_figures(jsonb, uuid, uuid, uuid, numeric, numeric, numeric, numeric, numeric) from public, anon, authenticated;

create function private.part_ids(p_parts jsonb, p_key text)
returns uuid[]
language sql
immutable
set search_path = ''
as $$
  select case when p_parts is null then null
              else array(select distinct (e ->> p_key)::uuid
                         from jsonb_array_elements(p_parts) e
                         where e ->> p_key is not null
                         order by 1) end
$$;
comment on function private.part_ids(jsonb, text) is 'The distinct ids under p_key (project_id, category_id) of the parts, sorted; null when not split. Feeds the generated part_project_ids / part_category_ids.';
revoke all on function private.part_ids(jsonb, text) from public, anon, authenticated;
-- The generated columns run it as whoever writes the row (as private.search_text).
grant execute on function private.part_ids(jsonb, text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The columns
-- ---------------------------------------------------------------------------------------------

alter table public.accounts_payable
  add column parts jsonb,
  add column part_project_ids uuid[] generated always as (private.part_ids(parts, 'project_id')) stored,
  add column part_category_ids uuid[] generated always as (private.part_ids(parts, 'category_id')) stored,
  add constraint accounts_payable_parts_own_columns
    check (parts is null or (project_id is null and stage_id is null and category_id is null)),
  add constraint accounts_payable_parts_length check (pg_column_size(parts) <= 20000);
alter table public.accounts_receivable
  add column parts jsonb,
  add column part_project_ids uuid[] generated always as (private.part_ids(parts, 'project_id')) stored,
  add column part_category_ids uuid[] generated always as (private.part_ids(parts, 'category_id')) stored,
  add constraint accounts_receivable_parts_own_columns
    check (parts is null or (project_id is null and stage_id is null and category_id is null)),
  add constraint accounts_receivable_parts_length check (pg_column_size(parts) <= 20000);
alter table public.transactions
  add column parts jsonb,
  add column part_project_ids uuid[] generated always as (private.part_ids(parts, 'project_id')) stored,
  add column part_category_ids uuid[] generated always as (private.part_ids(parts, 'category_id')) stored,
  add constraint transactions_parts_own_columns
    check (parts is null or (project_id is null and category_id is null));

comment on column public.accounts_payable.parts is 'Rateio: null, or 2–50 parts {project_id, stage_id, category_id, amount, percent} whose amounts sum to amount (private.check_entry_parts). With parts, project_id, stage_id and category_id are null: obra, etapa and categoria are the parts''.';
comment on column public.accounts_receivable.parts is 'Rateio, as accounts_payable.parts.';
comment on column public.transactions.parts is 'The parts of the entry this payment (or its estorno) belongs to, copied by our functions when written and when the entry''s split changes; the row''s amount is apportioned to them (private.part_shares). Null when the entry is not split.';
comment on column public.accounts_payable.part_project_ids is 'Distinct obras of the parts (generated); null when not split.';
comment on column public.accounts_payable.part_category_ids is 'Distinct categorias of the parts (generated); null when not split.';

create index accounts_payable_part_projects_idx on public.accounts_payable using gin (part_project_ids) where parts is not null;
create index accounts_payable_part_categories_idx on public.accounts_payable using gin (part_category_ids) where parts is not null;
create index accounts_receivable_part_projects_idx on public.accounts_receivable using gin (part_project_ids) where parts is not null;
create index accounts_receivable_part_categories_idx on public.accounts_receivable using gin (part_category_ids) where parts is not null;
create index transactions_part_projects_idx on public.transactions using gin (part_project_ids) where parts is not null;
create index transactions_part_categories_idx on public.transactions using gin (part_category_ids) where parts is not null;

-- ---------------------------------------------------------------------------------------------
-- What a split must be
-- ---------------------------------------------------------------------------------------------

create function private.check_entry_parts()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_expected text := case tg_table_name when 'accounts_payable' then 'expense' else 'income' end;
  v_part jsonb;
  v_amount numeric;
  v_percent numeric;
  v_sum numeric := 0;
  v_project uuid;
  v_stage uuid;
  v_category uuid;
  v_status text;
  v_type text;
begin
  if new.parts is null then
    return new;
  end if;
  if jsonb_typeof(new.parts) <> 'array'
     or jsonb_array_length(new.parts) not between 2 and 50 then
    raise exception using errcode = 'P0001', message = 'split_invalid';
  end if;
  for v_part in select e from jsonb_array_elements(new.parts) e loop
    begin
      if jsonb_typeof(v_part) <> 'object'
         or jsonb_typeof(v_part -> 'amount') is distinct from 'number'
         or coalesce(jsonb_typeof(v_part -> 'percent'), 'null') not in ('null', 'number')
         or exists (select 1 from jsonb_object_keys(v_part) k
                    where k not in ('project_id', 'stage_id', 'category_id', 'amount', 'percent')) then
        raise exception using errcode = 'P0001', message = 'split_invalid';
      end if;
      v_amount := (v_part ->> 'amount')::numeric;
      v_percent := (v_part ->> 'percent')::numeric;
      v_project := (v_part ->> 'project_id')::uuid;
      v_stage := (v_part ->> 'stage_id')::uuid;
      v_category := (v_part ->> 'category_id')::uuid;
    exception when invalid_text_representation or numeric_value_out_of_range then
      raise exception using errcode = 'P0001', message = 'split_invalid';
    end;
    if v_amount <= 0 or v_amount >= 1000000000000 or v_amount <> round(v_amount, 2)
       or (v_percent is not null and (v_percent <= 0 or v_percent > 100)) then
      raise exception using errcode = 'P0001', message = 'split_invalid';
    end if;
    v_sum := v_sum + v_amount;

    if v_project is not null then
      select p.status into v_status
      from public.projects p
      where p.company_id = new.company_id and p.id = v_project
      for share;
      if not found then
        raise exception using errcode = 'P0001', message = 'split_project_not_found';
      end if;
      -- A closed obra takes no new part; a part it already had may stay (editing an old bill).
      if v_status in ('completed', 'cancelled')
         and (tg_op = 'INSERT'
              or not (coalesce(old.part_project_ids, '{}') @> array[v_project]
                      or old.project_id is not distinct from v_project)) then
        raise exception using errcode = 'P0001', message = 'split_project_closed';
      end if;
    end if;
    if v_stage is not null and not exists (
      select 1 from public.project_stages s
      where s.company_id = new.company_id and s.project_id = v_project and s.id = v_stage
    ) then
      raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
    end if;
    if v_category is not null then
      select c.type into v_type
      from public.categories c
      where c.company_id = new.company_id and c.id = v_category
      for share;
      if not found then
        raise exception using errcode = 'P0001', message = 'split_category_not_found';
      end if;
      if v_type <> v_expected then
        raise exception using errcode = 'P0001', message = 'category_type_mismatch';
      end if;
    end if;
  end loop;
  if v_sum <> new.amount then
    raise exception using errcode = 'P0001', message = 'split_sum_mismatch';
  end if;
  return new;
end;
$$;
comment on function private.check_entry_parts() is 'Trigger: a split is 2–50 well-formed parts (split_invalid) whose amounts sum to the entry''s amount (split_sum_mismatch), each naming an obra of the same company (split_project_not_found) that is not completed or cancelled unless the part was already there (split_project_closed), a stage of that obra (stage_project_mismatch), and a category of the company (split_category_not_found) of the entry''s kind (category_type_mismatch).';
revoke all on function private.check_entry_parts() from public, anon, authenticated;

create trigger accounts_payable_check_parts
  before insert or update of parts, amount, company_id on public.accounts_payable
  for each row execute function private.check_entry_parts();
create trigger accounts_receivable_check_parts
  before insert or update of parts, amount, company_id on public.accounts_receivable
  for each row execute function private.check_entry_parts();

-- The API may write parts like the other columns of a form (the reset file repeats these grants).
revoke insert (parts), update (parts) on public.accounts_payable, public.accounts_receivable from authenticated;
grant insert (parts), update (parts) on public.accounts_payable, public.accounts_receivable to authenticated;
