-- Transfers (issue 10): listable (view public.transfers, one row per transfer) and reversible
-- (reverse_transfer writes the opposite pair, once). A bank account's history and its
-- Entradas/Saídas/Resultado cards over the whole history in SQL: account_ledger (rows, paged with
-- .range() and count: 'exact') and bank_account_summary (totals over exactly those rows).

-- One row per transfer: the pair's "out" row names the source, the "in" row the destination.
create view public.transfers with (security_invoker = true) as
select
  o.transfer_group_id as id, o.company_id, o.transaction_date as transfer_date, o.amount, o.description,
  o.bank_account_id as from_account_id, fa.name as from_account_name,
  i.bank_account_id as to_account_id, ta.name as to_account_name,
  (ro.id is not null) as reversed, ro.transaction_date as reversed_on, o.created_by, o.created_at
from public.transactions o
join public.transactions i
  on i.company_id = o.company_id and i.transfer_group_id = o.transfer_group_id
 and i.direction = 'in' and i.reversal_of is null
left join public.transactions ro on ro.reversal_of = o.id
left join public.bank_accounts fa on fa.company_id = o.company_id and fa.id = o.bank_account_id
left join public.bank_accounts ta on ta.company_id = i.company_id and ta.id = i.bank_account_id
where o.type = 'transfer' and o.direction = 'out' and o.reversal_of is null;
comment on view public.transfers is
  'Transfers between accounts (Movimentações): id = transfer group, from/to account, reversed = an '
  'estorno (reverse_transfer) wrote the opposite pair on reversed_on. RLS of transactions applies.';
revoke all on public.transfers from public, anon, authenticated;
grant select on public.transfers to authenticated;

-- security definer: writes the ledger. Locks the pair's rows, then both accounts in a fixed order
-- (as transfer_between_accounts does), so two concurrent estornos run one after the other and the
-- second sees the first.
create or replace function private.reverse_transfer(p_transfer_group_id uuid, p_reversed_on date)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.transactions;
  v_rows public.transactions[];
  v_account uuid;
begin
  perform private.assert_valid_date(p_reversed_on);
  for v_row in
    select t.* from public.transactions t
    where t.transfer_group_id = p_transfer_group_id and t.type = 'transfer' and t.reversal_of is null
      and t.company_id in (select private.user_company_ids())
    order by t.id
    for update
  loop
    v_rows := array_append(v_rows, v_row);
  end loop;
  if v_rows is null then
    raise exception using errcode = 'P0001', message = 'transfer_not_found';
  end if;
  for v_account in
    select distinct r.bank_account_id from unnest(v_rows) r order by 1
  loop
    perform 1 from public.bank_accounts a where a.id = v_account for update;
  end loop;
  if exists (select 1 from public.transactions r where r.reversal_of in (select x.id from unnest(v_rows) x)) then
    raise exception using errcode = 'P0001', message = 'transfer_already_reversed';
  end if;
  foreach v_row in array v_rows loop
    perform private.reverse_ledger_row(v_row, coalesce(p_reversed_on, current_date));
  end loop;
  return p_transfer_group_id;
end;
$$;

create or replace function public.reverse_transfer(p_transfer_group_id uuid, p_reversed_on date default null)
returns uuid
language sql
security invoker
set search_path = ''
as $$
  select private.reverse_transfer(p_transfer_group_id, p_reversed_on)
$$;
comment on function public.reverse_transfer(uuid, date) is
  'Estorno of a transfer: writes the opposite pair (reversal_of = each original row, same transfer '
  'group) dated p_reversed_on (null = today); both balances return. Once only. Raises invalid_date, '
  'transfer_not_found (also another company''s), transfer_already_reversed. (body: private.reverse_transfer)';

-- The ledger of one account. By default only the rows that still stand (a reversed pair is left
-- out, as everywhere else); p_include_reversed shows the whole history with estorno rows.
create or replace function public.account_ledger(
  p_bank_account_id uuid,
  p_start date default null,
  p_end date default null,
  p_search text default null,
  p_include_reversed boolean default false
)
returns table (
  id uuid,
  transaction_date date,
  type text,
  direction text,
  description text,
  amount numeric,
  signed_amount numeric,
  category_id uuid,
  category_name text,
  project_id uuid,
  project_name text,
  payable_id uuid,
  receivable_id uuid,
  transfer_group_id uuid,
  counterpart_account_id uuid,
  counterpart_account_name text,
  reversal_of uuid,
  reversed boolean,
  created_at timestamptz
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  v_company_id uuid;
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
begin
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  select a.company_id into v_company_id from public.bank_accounts a where a.id = p_bank_account_id;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;

  return query
  select t.id, t.transaction_date, t.type, t.direction, t.description, t.amount,
         (case t.direction when 'in' then t.amount else -t.amount end)::numeric,
         t.category_id, c.name, t.project_id, p.name, t.payable_id, t.receivable_id, t.transfer_group_id,
         other.bank_account_id, oa.name, t.reversal_of,
         (t.reversal_of is not null or exists (select 1 from public.transactions r where r.reversal_of = t.id)),
         t.created_at
  from public.transactions t
  left join public.categories c on c.company_id = t.company_id and c.id = t.category_id
  left join public.projects p on p.company_id = t.company_id and p.id = t.project_id
  left join lateral (
    select x.bank_account_id from public.transactions x
    where t.transfer_group_id is not null and x.company_id = t.company_id
      and x.transfer_group_id = t.transfer_group_id and x.id <> t.id and x.direction <> t.direction
      and (x.reversal_of is null) = (t.reversal_of is null)
    limit 1
  ) other on true
  left join public.bank_accounts oa on oa.company_id = t.company_id and oa.id = other.bank_account_id
  where t.company_id = v_company_id and t.bank_account_id = p_bank_account_id
    and (coalesce(p_include_reversed, false)
         or t.id in (select s.id from public.standing_transactions s
                     where s.company_id = v_company_id and s.bank_account_id = p_bank_account_id))
    and (p_start is null or t.transaction_date >= p_start)
    and (p_end is null or t.transaction_date <= p_end)
    and (v_search is null
         or strpos(lower(t.description), v_search) > 0
         or strpos(lower(coalesce(c.name, '')), v_search) > 0
         or strpos(lower(coalesce(p.name, '')), v_search) > 0
         or strpos(lower(coalesce(oa.name, '')), v_search) > 0)
  order by t.transaction_date desc, t.created_at desc, t.id;
end;
$$;
comment on function public.account_ledger(uuid, date, date, text, boolean) is
  'History of one bank account (payments, receipts, transfers in and out), newest first: rows that still '
  'stand, or every row with p_include_reversed (estorno rows and the rows they reversed flagged '
  'reversed). Period [p_start, p_end] on transaction_date; p_search: case-insensitive text in '
  'description, category, obra or the other account of a transfer. signed_amount: + in, − out. Page '
  'with .range() and count: ''exact''. Raises invalid_date, bank_account_not_found (also another company''s).';

create or replace function public.bank_account_summary(
  p_bank_account_id uuid,
  p_start date default null,
  p_end date default null,
  p_search text default null
)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  select json_build_object(
    'income_total', coalesce(sum(l.amount) filter (where l.direction = 'in'), 0),
    'expense_total', coalesce(sum(l.amount) filter (where l.direction = 'out'), 0),
    'result', coalesce(sum(l.signed_amount), 0),
    'count', count(*)
  ) into v_result
  from public.account_ledger(p_bank_account_id, p_start, p_end, p_search, false) l;
  return v_result;
end;
$$;
comment on function public.bank_account_summary(uuid, date, date, text) is
  'Entradas / Saídas / Resultado of a bank account over exactly the rows account_ledger gives (rows that '
  'still stand, transfers included): { income_total, expense_total, result, count }, reais. Raises '
  'invalid_date, bank_account_not_found.';

revoke all on function private.reverse_transfer(uuid, date) from public, anon, authenticated;
revoke all on function public.reverse_transfer(uuid, date) from public, anon, authenticated;
revoke all on function public.account_ledger(uuid, date, date, text, boolean) from public, anon, authenticated;
revoke all on function public.bank_account_summary(uuid, date, date, text) from public, anon, authenticated;
grant execute on function private.reverse_transfer(uuid, date) to authenticated;
grant execute on function public.reverse_transfer(uuid, date) to authenticated;
grant execute on function public.account_ledger(uuid, date, date, text, boolean) to authenticated;
grant execute on function public.bank_account_summary(uuid, date, date, text) to authenticated;
