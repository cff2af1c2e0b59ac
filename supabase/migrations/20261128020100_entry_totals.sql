-- Movimentações' totals, Obras' orçado × realizado and Fornecedores' header summed every entry of
-- the company's history on every visit (2.8 s, 3 s and 0.35 s at 200 000 entries, growing with
-- each year). The entry-side totals are now kept by triggers in private.entry_totals, per company,
-- kind, paid/pending and month of the movement date (payment date when paid, due date while
-- pending: a pending month before today's is all overdue, one after it all open), once for the
-- whole company and once per account, category and obra (the Movimentações filters with one
-- dimension), plus all-time rows per obra and for the payables that name a supplier. A period is
-- then its whole months from this table and its edge days (and, when open and overdue are told
-- apart, the pending rows of today's month) summed from the rows by the movement-date indexes.
--
-- Moved per statement (transition tables), by each write's old rows out and new rows in, in one
-- upsert ordered by key, so two writers lock the rows they share in the same order: a bulk insert
-- of 10 000 entries is one upsert, and a settle holds its months' rows for the few milliseconds of
-- its transaction.

create table private.entry_totals (
  company_id uuid not null references public.companies (id) on delete cascade,
  kind text not null check (kind in ('expense', 'income')),
  paid boolean not null,
  -- 'all': the company; 'account' / 'category' / 'project': per bank_account_id / category_id /
  -- project_id (dim_id null: none); 'project_all': per obra, month null (every month);
  -- 'counterparty_all': entries that name a supplier/client, month null, dim_id null.
  dim text not null check (dim in ('all', 'account', 'category', 'project', 'project_all', 'counterparty_all')),
  dim_id uuid,
  -- First day of the month of coalesce(payment date, due date); null on the all-time rows.
  month date,
  display_total numeric(16, 2) not null default 0,
  open_total numeric(16, 2) not null default 0,
  paid_total numeric(16, 2) not null default 0,
  -- paid_total and count of the entries with money moved (paid_amount > 0).
  settled_total numeric(16, 2) not null default 0,
  settled_count bigint not null default 0,
  entry_count bigint not null default 0,
  constraint entry_totals_month_check check ((month is null) = (dim in ('project_all', 'counterparty_all'))
                                             and (month is null or extract(day from month) = 1)),
  constraint entry_totals_key unique nulls not distinct (company_id, dim, kind, paid, dim_id, month)
);
comment on table private.entry_totals is
  'Entry-side totals of the approved entries (payables approved only), per company, kind, paid (status '
  'paid) and month of coalesce(payment/received date, due date): display_total (paid_total + open_amount, '
  'Movimentações'' display amount), open_total, paid_total, settled_total/settled_count (entries with '
  'paid_amount > 0), entry_count; dims all / account / category / project (per month), project_all and '
  'counterparty_all (month null). Kept by private.track_entry_totals; tests/db/entry-totals.test.ts compares '
  'it with the sums over the rows after random writes.';
revoke all on table private.entry_totals from public, anon, authenticated, service_role;

-- Adds the signed contributions of entry rows (a jsonb array of their movement facts) to the kept
-- totals: expanded to each dim, summed per key, upserted in key order (the lock order of every writer).
create function private.apply_entry_totals(p_rows jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.entry_totals as t
    (company_id, kind, paid, dim, dim_id, month, display_total, open_total, paid_total, settled_total,
     settled_count, entry_count)
  select r.company_id, r.kind, r.paid, d.dim, d.dim_id, d.month,
         sum(r.sign * (r.paid_total + r.open_amount)), sum(r.sign * r.open_amount), sum(r.sign * r.paid_total),
         coalesce(sum(r.sign * r.paid_total) filter (where r.paid_amount > 0), 0),
         coalesce(sum(r.sign) filter (where r.paid_amount > 0), 0), sum(r.sign)
  from jsonb_to_recordset(p_rows) as r(company_id uuid, kind text, paid boolean, movement_date date,
                                       bank_account_id uuid, category_id uuid, project_id uuid,
                                       has_counterparty boolean, open_amount numeric, paid_total numeric,
                                       paid_amount numeric, sign integer)
  cross join lateral (
    values ('all', null::uuid, date_trunc('month', r.movement_date::timestamp)::date),
           ('account', r.bank_account_id, date_trunc('month', r.movement_date::timestamp)::date),
           ('category', r.category_id, date_trunc('month', r.movement_date::timestamp)::date),
           ('project', r.project_id, date_trunc('month', r.movement_date::timestamp)::date),
           ('project_all', r.project_id, null::date),
           ('counterparty_all', null::uuid, null::date)
  ) as d(dim, dim_id, month)
  where (d.dim <> 'counterparty_all' or r.has_counterparty)
    -- A company being deleted takes its totals with it (its entries go by the same cascade).
    and exists (select 1 from public.companies c where c.id = r.company_id)
  group by r.company_id, r.kind, r.paid, d.dim, d.dim_id, d.month
  order by r.company_id, d.dim, r.kind, r.paid, d.dim_id, d.month
  on conflict on constraint entry_totals_key do update
    set display_total = t.display_total + excluded.display_total,
        open_total = t.open_total + excluded.open_total,
        paid_total = t.paid_total + excluded.paid_total,
        settled_total = t.settled_total + excluded.settled_total,
        settled_count = t.settled_count + excluded.settled_count,
        entry_count = t.entry_count + excluded.entry_count
$$;
revoke all on function private.apply_entry_totals(jsonb) from public, anon, authenticated, service_role;

-- Statement-level: old_rows / new_rows are the statement's transition tables (one trigger per
-- event: a trigger with transition tables has one event).
create function private.track_entry_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rows jsonb := '[]';
begin
  if tg_table_name = 'accounts_payable' then
    if tg_op in ('UPDATE', 'DELETE') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', o.company_id, 'kind', 'expense', 'paid', o.status = 'paid',
          'movement_date', coalesce(o.payment_date, o.due_date), 'bank_account_id', o.bank_account_id,
          'category_id', o.category_id, 'project_id', o.project_id,
          'has_counterparty', o.supplier_id is not null, 'open_amount', o.open_amount,
          'paid_total', o.paid_total, 'paid_amount', o.paid_amount, 'sign', -1))
        from old_rows o where o.approval_status = 'approved'), '[]');
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', n.company_id, 'kind', 'expense', 'paid', n.status = 'paid',
          'movement_date', coalesce(n.payment_date, n.due_date), 'bank_account_id', n.bank_account_id,
          'category_id', n.category_id, 'project_id', n.project_id,
          'has_counterparty', n.supplier_id is not null, 'open_amount', n.open_amount,
          'paid_total', n.paid_total, 'paid_amount', n.paid_amount, 'sign', 1))
        from new_rows n where n.approval_status = 'approved'), '[]');
    end if;
  else
    if tg_op in ('UPDATE', 'DELETE') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', o.company_id, 'kind', 'income', 'paid', o.status = 'paid',
          'movement_date', coalesce(o.received_date, o.due_date), 'bank_account_id', o.bank_account_id,
          'category_id', o.category_id, 'project_id', o.project_id,
          'has_counterparty', o.client_id is not null, 'open_amount', o.open_amount,
          'paid_total', o.paid_total, 'paid_amount', o.paid_amount, 'sign', -1))
        from old_rows o), '[]');
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', n.company_id, 'kind', 'income', 'paid', n.status = 'paid',
          'movement_date', coalesce(n.received_date, n.due_date), 'bank_account_id', n.bank_account_id,
          'category_id', n.category_id, 'project_id', n.project_id,
          'has_counterparty', n.client_id is not null, 'open_amount', n.open_amount,
          'paid_total', n.paid_total, 'paid_amount', n.paid_amount, 'sign', 1))
        from new_rows n), '[]');
    end if;
  end if;
  if jsonb_array_length(v_rows) > 0 then
    perform private.apply_entry_totals(v_rows);
  end if;
  return null;
end;
$$;
revoke all on function private.track_entry_totals() from public, anon, authenticated, service_role;

create trigger accounts_payable_totals_insert after insert on public.accounts_payable
  referencing new table as new_rows for each statement execute function private.track_entry_totals();
create trigger accounts_payable_totals_update after update on public.accounts_payable
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_entry_totals();
create trigger accounts_payable_totals_delete after delete on public.accounts_payable
  referencing old table as old_rows for each statement execute function private.track_entry_totals();
create trigger accounts_receivable_totals_insert after insert on public.accounts_receivable
  referencing new table as new_rows for each statement execute function private.track_entry_totals();
create trigger accounts_receivable_totals_update after update on public.accounts_receivable
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_entry_totals();
create trigger accounts_receivable_totals_delete after delete on public.accounts_receivable
  referencing old table as old_rows for each statement execute function private.track_entry_totals();

-- The totals of the books as they are now (no writer runs during a migration).
select private.apply_entry_totals(coalesce((
  select jsonb_agg(jsonb_build_object(
    'company_id', p.company_id, 'kind', 'expense', 'paid', p.status = 'paid',
    'movement_date', coalesce(p.payment_date, p.due_date), 'bank_account_id', p.bank_account_id,
    'category_id', p.category_id, 'project_id', p.project_id,
    'has_counterparty', p.supplier_id is not null, 'open_amount', p.open_amount,
    'paid_total', p.paid_total, 'paid_amount', p.paid_amount, 'sign', 1))
  from public.accounts_payable p where p.approval_status = 'approved'), '[]'));
select private.apply_entry_totals(coalesce((
  select jsonb_agg(jsonb_build_object(
    'company_id', r.company_id, 'kind', 'income', 'paid', r.status = 'paid',
    'movement_date', coalesce(r.received_date, r.due_date), 'bank_account_id', r.bank_account_id,
    'category_id', r.category_id, 'project_id', r.project_id,
    'has_counterparty', r.client_id is not null, 'open_amount', r.open_amount,
    'paid_total', r.paid_total, 'paid_amount', r.paid_amount, 'sign', 1))
  from public.accounts_receivable r), '[]'));
