-- A bank account's totals, the balance chart, Relatório, a category's statistics and the DRE summed
-- the whole ledger on every visit (0.2–4 s at 100 000 ledger rows, and growing with each year). The
-- ledger's totals are now kept by a trigger, moved by exactly what each write changes, so a period
-- is a sum over its days or months, not over its rows:
--
-- - private.ledger_account_days: per company, bank account and day, the net of every row (estornos
--   and the rows they reverse included: what the balance chart draws) and the ins and outs of the
--   rows that still stand (what a bank account's Entradas / Saídas count);
-- - private.ledger_category_months and private.ledger_project_months: per company, month, bank
--   account, kind (payments of payables = expense, of receivables = income) and category (or obra),
--   the amount and count of the payment rows that still stand (Relatório, category_stats, DRE);
-- - private.ledger_category_totals and private.ledger_project_totals: the same for all time (no
--   month), what a period from the first month sums.
--
-- "Still stands" is public.standing_transactions' rule: not an estorno row, and not a row an estorno
-- reversed. An estorno row's insert therefore moves the row it reverses out of the standing figures.
-- Each contribution is a fixed delta, so the order the row triggers of one statement fire in does
-- not matter (a row inserted with its estorno in one statement nets out).
--
-- A summary row is locked by each write that moves it until that transaction ends: two payments on
-- one account wait for each other (on the account row, see the trigger's name) for the few
-- milliseconds of a settle, which is what keeps the sums exact.

create table private.ledger_account_days (
  company_id uuid not null references public.companies (id) on delete cascade,
  bank_account_id uuid not null,
  day date not null,
  -- Every row: in − out.
  net_total numeric not null default 0,
  -- The rows that still stand.
  in_total numeric not null default 0,
  out_total numeric not null default 0,
  in_count bigint not null default 0,
  out_count bigint not null default 0,
  primary key (company_id, bank_account_id, day)
);
comment on table private.ledger_account_days is
  'Per company, bank account and day: net_total = Σ (in − out) of every ledger row; in_/out_total and '
  'in_/out_count = the rows that still stand (standing_transactions). Kept by private.track_ledger_totals; '
  'read by bank_account_summary and balance_history. tests/db/ledger-totals.test.ts compares it with the '
  'sums over the rows after random writes.';
revoke all on table private.ledger_account_days from public, anon, authenticated, service_role;

create table private.ledger_category_months (
  company_id uuid not null references public.companies (id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  bank_account_id uuid not null,
  kind text not null check (kind in ('expense', 'income')),
  category_id uuid,
  total numeric not null default 0,
  row_count bigint not null default 0,
  constraint ledger_category_months_key unique nulls not distinct
    (company_id, month, bank_account_id, kind, category_id)
);
create index ledger_category_months_category_idx
  on private.ledger_category_months (company_id, category_id, month);
comment on table private.ledger_category_months is
  'Per company, month (its first day), bank account, kind (expense = a payable''s payment, income = a '
  'receivable''s) and category (null = none): total and row_count of the income/expense ledger rows that '
  'still stand. Kept by private.track_ledger_totals; read by report_summary, dre (caixa), category_stats.';
revoke all on table private.ledger_category_months from public, anon, authenticated, service_role;

create table private.ledger_project_months (
  company_id uuid not null references public.companies (id) on delete cascade,
  month date not null check (extract(day from month) = 1),
  bank_account_id uuid not null,
  kind text not null check (kind in ('expense', 'income')),
  project_id uuid,
  total numeric not null default 0,
  row_count bigint not null default 0,
  constraint ledger_project_months_key unique nulls not distinct
    (company_id, month, bank_account_id, kind, project_id)
);
comment on table private.ledger_project_months is
  'As private.ledger_category_months, per obra (null = none) instead of category. Read by report_summary.';
revoke all on table private.ledger_project_months from public, anon, authenticated, service_role;

-- The same without the month: what "Todo o período" (and a category's statistics) sum. A decade of
-- months per obra and account is tens of thousands of rows at a few hundred obras; their sum for
-- all time is one row each.
create table private.ledger_category_totals (
  company_id uuid not null references public.companies (id) on delete cascade,
  bank_account_id uuid not null,
  kind text not null check (kind in ('expense', 'income')),
  category_id uuid,
  total numeric not null default 0,
  row_count bigint not null default 0,
  constraint ledger_category_totals_key unique nulls not distinct (company_id, bank_account_id, kind, category_id)
);
comment on table private.ledger_category_totals is
  'private.ledger_category_months summed over all months (per company, bank account, kind, category). '
  'Kept by private.track_ledger_totals.';
revoke all on table private.ledger_category_totals from public, anon, authenticated, service_role;

create table private.ledger_project_totals (
  company_id uuid not null references public.companies (id) on delete cascade,
  bank_account_id uuid not null,
  kind text not null check (kind in ('expense', 'income')),
  project_id uuid,
  total numeric not null default 0,
  row_count bigint not null default 0,
  constraint ledger_project_totals_key unique nulls not distinct (company_id, bank_account_id, kind, project_id)
);
comment on table private.ledger_project_totals is
  'private.ledger_project_months summed over all months (per company, bank account, kind, obra). '
  'Kept by private.track_ledger_totals.';
revoke all on table private.ledger_project_totals from public, anon, authenticated, service_role;

-- One row's contribution, added (p_sign 1) or taken away (-1), as a standing row or not. Taking away
-- only updates: the row was added before, and when its company is being deleted the summary rows
-- may already be gone (an insert would then fail on the company's foreign key).
create function private.ledger_totals_add(p_row public.transactions, p_standing boolean, p_sign integer)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_amount numeric := p_sign * p_row.amount;
  v_in boolean := p_row.direction = 'in';
  v_month date := date_trunc('month', p_row.transaction_date)::date;
begin
  if p_sign > 0 then
    insert into private.ledger_account_days as d
      (company_id, bank_account_id, day, net_total, in_total, out_total, in_count, out_count)
    values (p_row.company_id, p_row.bank_account_id, p_row.transaction_date,
            case when v_in then v_amount else -v_amount end,
            case when p_standing and v_in then v_amount else 0 end,
            case when p_standing and not v_in then v_amount else 0 end,
            case when p_standing and v_in then 1 else 0 end,
            case when p_standing and not v_in then 1 else 0 end)
    on conflict (company_id, bank_account_id, day) do update
      set net_total = d.net_total + excluded.net_total,
          in_total = d.in_total + excluded.in_total,
          out_total = d.out_total + excluded.out_total,
          in_count = d.in_count + excluded.in_count,
          out_count = d.out_count + excluded.out_count;
  else
    update private.ledger_account_days d
    set net_total = d.net_total + case when v_in then v_amount else -v_amount end,
        in_total = d.in_total + case when p_standing and v_in then v_amount else 0 end,
        out_total = d.out_total + case when p_standing and not v_in then v_amount else 0 end,
        in_count = d.in_count - case when p_standing and v_in then 1 else 0 end,
        out_count = d.out_count - case when p_standing and not v_in then 1 else 0 end
    where d.company_id = p_row.company_id and d.bank_account_id = p_row.bank_account_id
      and d.day = p_row.transaction_date;
  end if;

  if not p_standing or p_row.type not in ('income', 'expense') then
    return;
  end if;
  if p_sign > 0 then
    insert into private.ledger_category_months as m
      (company_id, month, bank_account_id, kind, category_id, total, row_count)
    values (p_row.company_id, v_month, p_row.bank_account_id, p_row.type, p_row.category_id, v_amount, 1)
    on conflict (company_id, month, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_months as m
      (company_id, month, bank_account_id, kind, project_id, total, row_count)
    values (p_row.company_id, v_month, p_row.bank_account_id, p_row.type, p_row.project_id, v_amount, 1)
    on conflict (company_id, month, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_category_totals as m
      (company_id, bank_account_id, kind, category_id, total, row_count)
    values (p_row.company_id, p_row.bank_account_id, p_row.type, p_row.category_id, v_amount, 1)
    on conflict (company_id, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_totals as m
      (company_id, bank_account_id, kind, project_id, total, row_count)
    values (p_row.company_id, p_row.bank_account_id, p_row.type, p_row.project_id, v_amount, 1)
    on conflict (company_id, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
  else
    update private.ledger_category_months m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from p_row.category_id;
    update private.ledger_project_months m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from p_row.project_id;
    update private.ledger_category_totals m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from p_row.category_id;
    update private.ledger_project_totals m
    set total = m.total + v_amount, row_count = m.row_count - 1
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from p_row.project_id;
  end if;
end;
$$;
revoke all on function private.ledger_totals_add(public.transactions, boolean, integer)
  from public, anon, authenticated, service_role;

-- Security definer: a member's settle (or a category change of a settled entry, which updates its
-- ledger rows) moves the totals, and members have no access to the tables.
create function private.track_ledger_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_target public.transactions;
begin
  if tg_op = 'UPDATE'
     and new.company_id = old.company_id and new.bank_account_id = old.bank_account_id
     and new.transaction_date = old.transaction_date and new.amount = old.amount
     and new.direction = old.direction and new.type = old.type
     and new.category_id is not distinct from old.category_id
     and new.project_id is not distinct from old.project_id
     and new.reversal_of is not distinct from old.reversal_of then
    return null;
  end if;
  -- A company being deleted takes its summary rows with it.
  if tg_op = 'DELETE' and not exists (select 1 from public.companies c where c.id = old.company_id) then
    return null;
  end if;

  -- Every summary row is of one account: queue on the account row first (already held when the
  -- balance trigger moved it; not when only a category or obra changed), the same order every
  -- writer takes, so two writes never lock summary rows in opposite orders.
  perform 1 from public.bank_accounts a
  where a.id in (case when tg_op <> 'INSERT' then old.bank_account_id end,
                 case when tg_op <> 'DELETE' then new.bank_account_id end)
  order by a.id
  for no key update;

  if tg_op in ('UPDATE', 'DELETE') then
    perform private.ledger_totals_add(
      old,
      old.reversal_of is null
        and not exists (select 1 from public.transactions r where r.reversal_of = old.id and r.id <> old.id),
      -1);
    if old.reversal_of is not null then
      -- Its estorno gone, the reversed row stands again.
      select * into v_target from public.transactions t where t.id = old.reversal_of;
      if found and v_target.reversal_of is null then
        perform private.ledger_totals_add(v_target, false, -1);
        perform private.ledger_totals_add(v_target, true, 1);
      end if;
    end if;
  end if;

  if tg_op in ('INSERT', 'UPDATE') then
    -- A new row has no estorno yet (the estorno's foreign key needs it first); an updated one keeps
    -- the one it has.
    perform private.ledger_totals_add(
      new,
      new.reversal_of is null
        and (tg_op = 'INSERT'
             or not exists (select 1 from public.transactions r where r.reversal_of = new.id and r.id <> new.id)),
      1);
    if new.reversal_of is not null then
      -- An estorno: the row it reverses no longer stands.
      select * into v_target from public.transactions t where t.id = new.reversal_of;
      if found and v_target.reversal_of is null then
        perform private.ledger_totals_add(v_target, true, -1);
        perform private.ledger_totals_add(v_target, false, 1);
      end if;
    end if;
  end if;
  return null;
end;
$$;
revoke all on function private.track_ledger_totals() from public, anon, authenticated, service_role;

-- Named to fire after transactions_move_balance (triggers fire in name order): the balance
-- update has locked the row's bank account by then, and every summary row is of one account, so
-- two writes on one account queue on the account before they touch a summary row (in another
-- order, two estornos of one account locked their days in opposite orders: a deadlock).
create trigger transactions_track_totals
  after insert or update or delete on public.transactions
  for each row execute function private.track_ledger_totals();

-- The totals of the books as they are now (no write runs during a migration).
insert into private.ledger_account_days
  (company_id, bank_account_id, day, net_total, in_total, out_total, in_count, out_count)
select t.company_id, t.bank_account_id, t.transaction_date,
       sum(case t.direction when 'in' then t.amount else -t.amount end),
       coalesce(sum(t.amount) filter (where s.standing and t.direction = 'in'), 0),
       coalesce(sum(t.amount) filter (where s.standing and t.direction = 'out'), 0),
       count(*) filter (where s.standing and t.direction = 'in'),
       count(*) filter (where s.standing and t.direction = 'out')
from public.transactions t
cross join lateral (
  select t.reversal_of is null
         and not exists (select 1 from public.transactions r where r.reversal_of = t.id) as standing
) s
group by t.company_id, t.bank_account_id, t.transaction_date;

insert into private.ledger_category_months (company_id, month, bank_account_id, kind, category_id, total, row_count)
select t.company_id, date_trunc('month', t.transaction_date)::date, t.bank_account_id, t.type, t.category_id,
       sum(t.amount), count(*)
from public.standing_transactions t
where t.type in ('income', 'expense')
group by 1, 2, 3, 4, 5;

insert into private.ledger_project_months (company_id, month, bank_account_id, kind, project_id, total, row_count)
select t.company_id, date_trunc('month', t.transaction_date)::date, t.bank_account_id, t.type, t.project_id,
       sum(t.amount), count(*)
from public.standing_transactions t
where t.type in ('income', 'expense')
group by 1, 2, 3, 4, 5;

insert into private.ledger_category_totals (company_id, bank_account_id, kind, category_id, total, row_count)
select m.company_id, m.bank_account_id, m.kind, m.category_id, sum(m.total), sum(m.row_count)
from private.ledger_category_months m
group by 1, 2, 3, 4;

insert into private.ledger_project_totals (company_id, bank_account_id, kind, project_id, total, row_count)
select m.company_id, m.bank_account_id, m.kind, m.project_id, sum(m.total), sum(m.row_count)
from private.ledger_project_months m
group by 1, 2, 3, 4;

-- The readers. Security definer (members have no access to the tables), each for a company the
-- caller reads in full, as the ledger's own policy (transactions_select) allows.

create function private.ledger_account_totals(p_company_id uuid, p_bank_account_id uuid, p_start date, p_end date)
returns table (in_total numeric, out_total numeric, in_count bigint, out_count bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return query
  select coalesce(sum(d.in_total), 0), coalesce(sum(d.out_total), 0),
         coalesce(sum(d.in_count), 0)::bigint, coalesce(sum(d.out_count), 0)::bigint
  from private.ledger_account_days d
  where d.company_id = p_company_id and d.bank_account_id = p_bank_account_id
    and (p_start is null or d.day >= p_start)
    and (p_end is null or d.day <= p_end);
end;
$$;
comment on function private.ledger_account_totals(uuid, uuid, date, date) is
  'The kept ins and outs (sums, counts) of the rows that still stand of one bank account, dated in '
  '[p_start, p_end] (null = open), from private.ledger_account_days. Raises not_a_member.';
revoke all on function private.ledger_account_totals(uuid, uuid, date, date) from public, anon, authenticated, service_role;
grant execute on function private.ledger_account_totals(uuid, uuid, date, date) to authenticated;

create function private.ledger_account_deltas(p_company_id uuid, p_account_ids uuid[], p_end date, p_bounds date[])
returns table (bank_account_id uuid, idx integer, delta numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  return query
  select d.bank_account_id,
         case when cardinality(p_bounds) = 0 then 0 else width_bucket(d.day, p_bounds) end,
         sum(d.net_total)
  from private.ledger_account_days d
  where d.company_id = p_company_id and d.bank_account_id = any (p_account_ids) and d.day <= p_end
  group by 1, 2;
end;
$$;
comment on function private.ledger_account_deltas(uuid, uuid[], date, date[]) is
  'Balance chart steps: per account of p_account_ids and bucket (width_bucket of the day in p_bounds, '
  '0 without bounds), Σ (in − out) of every ledger row dated on or before p_end, from '
  'private.ledger_account_days. Raises not_a_member.';
revoke all on function private.ledger_account_deltas(uuid, uuid[], date, date[]) from public, anon, authenticated, service_role;
grant execute on function private.ledger_account_deltas(uuid, uuid[], date, date[]) to authenticated;

create function private.ledger_month_totals(
  p_company_id uuid, p_by text, p_from_month date, p_to_month date, p_account_ids uuid[] default null,
  p_group_ids uuid[] default null, p_per_month boolean default false)
returns table (month date, kind text, group_id uuid, total numeric, row_count bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_by not in ('category', 'project') then
    return;
  end if;
  if p_from_month is null and not coalesce(p_per_month, false) then
    -- From the first month: the all-time totals less the months after p_to_month (this month's,
    -- typically), not a decade of month rows.
    return query
    select null::date, x.kind, x.group_id, sum(x.total), sum(x.row_count)::bigint
    from (
      select a.kind, a.category_id as group_id, a.total, a.row_count, a.bank_account_id
      from private.ledger_category_totals a
      where p_by = 'category' and a.company_id = p_company_id
      union all
      select a.kind, a.project_id, a.total, a.row_count, a.bank_account_id
      from private.ledger_project_totals a
      where p_by = 'project' and a.company_id = p_company_id
      union all
      select m.kind, m.category_id, -m.total, -m.row_count, m.bank_account_id
      from private.ledger_category_months m
      where p_by = 'category' and p_to_month is not null and m.company_id = p_company_id
        and m.month > p_to_month
      union all
      select m.kind, m.project_id, -m.total, -m.row_count, m.bank_account_id
      from private.ledger_project_months m
      where p_by = 'project' and p_to_month is not null and m.company_id = p_company_id
        and m.month > p_to_month
    ) x
    where (coalesce(cardinality(p_account_ids), 0) = 0 or x.bank_account_id = any (p_account_ids))
      and (p_group_ids is null or x.group_id = any (p_group_ids))
    group by x.kind, x.group_id
    having sum(x.row_count) > 0;
  elsif p_by = 'category' then
    return query
    select case when p_per_month then m.month end, m.kind, m.category_id, sum(m.total), sum(m.row_count)::bigint
    from private.ledger_category_months m
    where m.company_id = p_company_id
      and (p_from_month is null or m.month >= p_from_month)
      and (p_to_month is null or m.month <= p_to_month)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or m.bank_account_id = any (p_account_ids))
      and (p_group_ids is null or m.category_id = any (p_group_ids))
    group by 1, 2, 3
    having sum(m.row_count) > 0;
  else
    return query
    select case when p_per_month then m.month end, m.kind, m.project_id, sum(m.total), sum(m.row_count)::bigint
    from private.ledger_project_months m
    where m.company_id = p_company_id
      and (p_from_month is null or m.month >= p_from_month)
      and (p_to_month is null or m.month <= p_to_month)
      and (coalesce(cardinality(p_account_ids), 0) = 0 or m.bank_account_id = any (p_account_ids))
      and (p_group_ids is null or m.project_id = any (p_group_ids))
    group by 1, 2, 3
    having sum(m.row_count) > 0;
  end if;
end;
$$;
comment on function private.ledger_month_totals(uuid, text, date, date, uuid[], uuid[], boolean) is
  'The kept payment totals (rows that still stand) of whole months [p_from_month, p_to_month] (first days; '
  'null = open), into one of p_account_ids (empty = all), grouped by kind and category (p_by ''category'') '
  'or obra (''project''), only those of p_group_ids when given; per month with p_per_month (else month is '
  'null). From private.ledger_category_months / ledger_project_months; from the first month (p_from_month '
  'null, not per month), the all-time ledger_category_totals / ledger_project_totals less the months after '
  'p_to_month. Raises not_a_member.';
revoke all on function private.ledger_month_totals(uuid, text, date, date, uuid[], uuid[], boolean)
  from public, anon, authenticated, service_role;
grant execute on function private.ledger_month_totals(uuid, text, date, date, uuid[], uuid[], boolean) to authenticated;
