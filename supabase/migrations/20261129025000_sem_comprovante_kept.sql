-- Movimentações' "Sem comprovante" totals summed every paid entry of the company's history with two
-- NOT EXISTS over documents per row (214–300 ms at 200 000 entries, 173 559 matching rows), while
-- every other unsearched summary reads the kept month totals. Whether an entry has a comprovante
-- (on it, or on one of its payments) is now kept on the entry (has_comprovante, by triggers on
-- documents and on the payments' link to their entry), and private.entry_totals is keyed by it too
-- (sem_comprovante: money paid and no comprovante), so the summary reads kept totals as the others
-- do. public.entries.has_comprovante still asks the documents (what the caller's row security
-- lets it see: an 'obra' member only the documents of its obras), which keeps the lists' meaning
-- and lets tests/db/entry-totals.test.ts check the kept flag against it after random attaches and
-- removals.
--
-- The kept-totals body takes the new key as a parameter (private.movement_kept_totals, called
-- only by the security definer functions, so it needs no grant): private.movement_entry_totals
-- keeps its signature and grant, and private.movement_search_totals
-- answers an unsearched sem comprovante (movement_summary already routes it there) from it, and
-- keeps the matching categories' and obras' part of a searched one also with sem comprovante.

-- ---------------------------------------------------------------------------------------------
-- The flag on the entries
-- ---------------------------------------------------------------------------------------------

alter table public.accounts_payable add column has_comprovante boolean not null default false;
alter table public.accounts_receivable add column has_comprovante boolean not null default false;
comment on column public.accounts_payable.has_comprovante is 'A document of kind comprovante is on the payable or on one of its payments (every document, whoever may see it); kept by private.track_document_comprovantes / private.track_payment_comprovantes (private.sync_entry_comprovantes), never written by the API. What public.entries.has_comprovante says to a reader of the whole company.';
comment on column public.accounts_receivable.has_comprovante is 'A document of kind comprovante is on the receivable or on one of its payments; kept by private.track_document_comprovantes / private.track_payment_comprovantes (private.sync_entry_comprovantes), never written by the API. What public.entries.has_comprovante says to a reader of the whole company.';

-- Keeping the flag is not an edit of the entry: updated_at stays (the document rows have their own).
drop trigger accounts_payable_set_updated_at on public.accounts_payable;
create trigger accounts_payable_set_updated_at before update on public.accounts_payable
  for each row when (old.has_comprovante = new.has_comprovante) execute function private.set_updated_at();
drop trigger accounts_receivable_set_updated_at on public.accounts_receivable;
create trigger accounts_receivable_set_updated_at before update on public.accounts_receivable
  for each row when (old.has_comprovante = new.has_comprovante) execute function private.set_updated_at();

-- Nor a line of the entry's Histórico (the document's own audit row says who attached what).
create or replace function private.audit_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Secrets are never copied into the history (the invitation link's hash), nor the stored search
  -- form of a row's texts (derived from them: a change to it is the change to the texts), nor an
  -- entry's has_comprovante (kept from its documents, whose own rows say who attached what).
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'token_hash' - 'search_key' - 'has_comprovante' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'token_hash' - 'search_key' - 'has_comprovante' end;
  v_row jsonb := coalesce(v_new, v_old);
  v_changed jsonb;
  v_company_id uuid;
  v_actor uuid := (select auth.uid());
  v_actor_name text;
  v_actor_email text;
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_object('before', v_old -> n.key, 'after', n.value))
    into v_changed
    from jsonb_each(v_new) n
    where n.value is distinct from v_old -> n.key
      and n.key not in ('updated_at', 'current_balance');
    if v_changed is null then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', null, 'after', n.value)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_new) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  else
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', n.value, 'after', null)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_old) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  end if;
  -- companies has no company_id: the row is the company.
  v_company_id := case when tg_table_name = 'companies' then (v_row ->> 'id')::uuid
                       else (v_row ->> 'company_id')::uuid end;
  if v_actor is not null then
    select p.full_name, p.email into v_actor_name, v_actor_email
    from public.user_profiles p
    where p.company_id = v_company_id and p.user_id = v_actor;
    if v_actor_email is null then
      select u.email into v_actor_email from auth.users u where u.id = v_actor;
    end if;
  end if;
  insert into public.audit_log (company_id, actor, actor_name, actor_email, table_name, row_id, action, changed)
  values (v_company_id, v_actor, v_actor_name, v_actor_email, tg_table_name, (v_row ->> 'id')::uuid,
          lower(tg_op), v_changed);
  return null;
end;
$function$;

revoke all on function private.audit_row() from public, anon, authenticated, service_role;

-- Recomputes the flag of the given entries from their documents (as public.entries has it for a
-- reader of the whole company) and writes only those that changed.
create function private.sync_entry_comprovantes(p_payable_ids uuid[], p_receivable_ids uuid[])
returns void
language sql
set search_path = ''
as $$
  update public.accounts_payable p
  set has_comprovante = not p.has_comprovante
  where p.id = any (p_payable_ids)
    and p.has_comprovante <> (
      exists (select 1 from public.documents d where d.payable_id = p.id and d.kind = 'comprovante')
      or exists (select 1 from public.transactions t
                 join public.documents d on d.payment_id = t.id
                 where t.company_id = p.company_id and t.payable_id = p.id and d.kind = 'comprovante'));
  update public.accounts_receivable r
  set has_comprovante = not r.has_comprovante
  where r.id = any (p_receivable_ids)
    and r.has_comprovante <> (
      exists (select 1 from public.documents d where d.receivable_id = r.id and d.kind = 'comprovante')
      or exists (select 1 from public.transactions t
                 join public.documents d on d.payment_id = t.id
                 where t.company_id = r.company_id and t.receivable_id = r.id and d.kind = 'comprovante'));
$$;
comment on function private.sync_entry_comprovantes(p_payable_ids uuid[], p_receivable_ids uuid[]) is 'Sets has_comprovante of the given payables and receivables to what their documents say (a comprovante on the entry or on one of its payments), writing only the rows that change (their entry_totals move by the entries'' own trigger).';
revoke all on function private.sync_entry_comprovantes(uuid[], uuid[]) from public, anon, authenticated, service_role;

-- Statement-level: one recomputation per statement (delete_entry removes an entry's documents in
-- one), for the entries of the comprovantes added, removed or moved (a payment's document reaches
-- its entry through the payment's payable_id / receivable_id).
create function private.track_document_comprovantes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payables uuid[] := '{}';
  v_receivables uuid[] := '{}';
begin
  if tg_op in ('UPDATE', 'DELETE') then
    select v_payables || coalesce(array_agg(coalesce(d.payable_id, t.payable_id))
                                    filter (where coalesce(d.payable_id, t.payable_id) is not null), '{}'),
           v_receivables || coalesce(array_agg(coalesce(d.receivable_id, t.receivable_id))
                                       filter (where coalesce(d.receivable_id, t.receivable_id) is not null), '{}')
    into v_payables, v_receivables
    from old_rows d left join public.transactions t on t.id = d.payment_id
    where d.kind = 'comprovante';
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    select v_payables || coalesce(array_agg(coalesce(d.payable_id, t.payable_id))
                                    filter (where coalesce(d.payable_id, t.payable_id) is not null), '{}'),
           v_receivables || coalesce(array_agg(coalesce(d.receivable_id, t.receivable_id))
                                       filter (where coalesce(d.receivable_id, t.receivable_id) is not null), '{}')
    into v_payables, v_receivables
    from new_rows d left join public.transactions t on t.id = d.payment_id
    where d.kind = 'comprovante';
  end if;
  if cardinality(v_payables) + cardinality(v_receivables) > 0 then
    perform private.sync_entry_comprovantes(v_payables, v_receivables);
  end if;
  return null;
end;
$$;
comment on function private.track_document_comprovantes() is 'Trigger (statement) on documents: the entries of the comprovantes inserted, deleted or changed get has_comprovante recomputed (private.sync_entry_comprovantes). Security definer: an ''obra'' member attaching a comprovante may not write the entry.';
revoke all on function private.track_document_comprovantes() from public, anon, authenticated, service_role;

create trigger documents_comprovante_insert after insert on public.documents
  referencing new table as new_rows for each statement execute function private.track_document_comprovantes();
create trigger documents_comprovante_update after update on public.documents
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.track_document_comprovantes();
create trigger documents_comprovante_delete after delete on public.documents
  referencing old table as old_rows for each statement execute function private.track_document_comprovantes();

-- A payment moved to another entry, or removed (its documents would have gone first in the same
-- statement: the foreign key keeps a payment that has any): both entries recomputed. No function
-- of ours does either today; the service role could.
create function private.track_payment_comprovantes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.sync_entry_comprovantes(
    array_remove(array[old.payable_id, case when tg_op = 'UPDATE' then new.payable_id end], null),
    array_remove(array[old.receivable_id, case when tg_op = 'UPDATE' then new.receivable_id end], null));
  return null;
end;
$$;
comment on function private.track_payment_comprovantes() is 'Trigger on transactions: a payment whose payable_id / receivable_id changes, or that is deleted, has its entries'' has_comprovante recomputed (private.sync_entry_comprovantes).';
revoke all on function private.track_payment_comprovantes() from public, anon, authenticated, service_role;

create trigger transactions_entry_comprovantes after update of payable_id, receivable_id, company_id
  on public.transactions for each row
  when (old.payable_id is distinct from new.payable_id or old.receivable_id is distinct from new.receivable_id
        or old.company_id is distinct from new.company_id)
  execute function private.track_payment_comprovantes();
create trigger transactions_entry_comprovantes_delete after delete on public.transactions for each row
  when (old.payable_id is not null or old.receivable_id is not null)
  execute function private.track_payment_comprovantes();

-- ---------------------------------------------------------------------------------------------
-- The key in the kept totals
-- ---------------------------------------------------------------------------------------------

alter table private.entry_totals add column sem_comprovante boolean not null default false;
alter table private.entry_totals drop constraint entry_totals_key;
alter table private.entry_totals add constraint entry_totals_key
  unique nulls not distinct (company_id, dim, kind, paid, dim_id, month, sem_comprovante);
comment on table private.entry_totals is 'Entry-side totals of the approved entries (payables approved only), per company, kind, paid (status paid), sem_comprovante (paid_amount > 0 and not has_comprovante: Movimentações'' "Sem comprovante") and month of coalesce(payment/received date, due date): display_total (paid_total + open_amount, Movimentações'' display amount), open_total, paid_total, settled_total/settled_count (entries with paid_amount > 0), entry_count; dims all / account / category / project (per month), project_all and counterparty_all (month null). Readers sum over rows (a key may have a row per sem_comprovante). Kept by private.track_entry_totals; tests/db/entry-totals.test.ts compares it with the sums over the rows after random writes.';

create or replace function private.apply_entry_totals(p_rows jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.entry_totals as t
    (company_id, kind, paid, sem_comprovante, dim, dim_id, month, display_total, open_total, paid_total,
     settled_total, settled_count, entry_count)
  select r.company_id, r.kind, r.paid, r.sem_comprovante, d.dim, d.dim_id, d.month,
         sum(r.sign * (r.paid_total + r.open_amount)), sum(r.sign * r.open_amount), sum(r.sign * r.paid_total),
         coalesce(sum(r.sign * r.paid_total) filter (where r.paid_amount > 0), 0),
         coalesce(sum(r.sign) filter (where r.paid_amount > 0), 0), sum(r.sign)
  from jsonb_to_recordset(p_rows) as r(company_id uuid, kind text, paid boolean, movement_date date,
                                       bank_account_id uuid, category_id uuid, project_id uuid,
                                       has_counterparty boolean, open_amount numeric, paid_total numeric,
                                       paid_amount numeric, sem_comprovante boolean, sign integer)
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
  group by r.company_id, r.kind, r.paid, r.sem_comprovante, d.dim, d.dim_id, d.month
  order by r.company_id, d.dim, r.kind, r.paid, d.dim_id, d.month, r.sem_comprovante
  on conflict on constraint entry_totals_key do update
    set display_total = t.display_total + excluded.display_total,
        open_total = t.open_total + excluded.open_total,
        paid_total = t.paid_total + excluded.paid_total,
        settled_total = t.settled_total + excluded.settled_total,
        settled_count = t.settled_count + excluded.settled_count,
        entry_count = t.entry_count + excluded.entry_count
$$;
revoke all on function private.apply_entry_totals(jsonb) from public, anon, authenticated, service_role;

create or replace function private.track_entry_totals()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
          'paid_total', o.paid_total, 'paid_amount', o.paid_amount,
          'sem_comprovante', o.paid_amount > 0 and not o.has_comprovante, 'sign', -1))
        from old_rows o where o.approval_status = 'approved'), '[]');
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', n.company_id, 'kind', 'expense', 'paid', n.status = 'paid',
          'movement_date', coalesce(n.payment_date, n.due_date), 'bank_account_id', n.bank_account_id,
          'category_id', n.category_id, 'project_id', n.project_id,
          'has_counterparty', n.supplier_id is not null, 'open_amount', n.open_amount,
          'paid_total', n.paid_total, 'paid_amount', n.paid_amount,
          'sem_comprovante', n.paid_amount > 0 and not n.has_comprovante, 'sign', 1))
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
          'paid_total', o.paid_total, 'paid_amount', o.paid_amount,
          'sem_comprovante', o.paid_amount > 0 and not o.has_comprovante, 'sign', -1))
        from old_rows o), '[]');
    end if;
    if tg_op in ('UPDATE', 'INSERT') then
      v_rows := v_rows || coalesce((
        select jsonb_agg(jsonb_build_object(
          'company_id', n.company_id, 'kind', 'income', 'paid', n.status = 'paid',
          'movement_date', coalesce(n.received_date, n.due_date), 'bank_account_id', n.bank_account_id,
          'category_id', n.category_id, 'project_id', n.project_id,
          'has_counterparty', n.client_id is not null, 'open_amount', n.open_amount,
          'paid_total', n.paid_total, 'paid_amount', n.paid_amount,
          'sem_comprovante', n.paid_amount > 0 and not n.has_comprovante, 'sign', 1))
        from new_rows n), '[]');
    end if;
  end if;
  if jsonb_array_length(v_rows) > 0 then
    perform private.apply_entry_totals(v_rows);
  end if;
  return null;
end;
$function$;

revoke all on function private.track_entry_totals() from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- The books as they are now (no writer runs during a migration): the flags, then the totals
-- rebuilt with the new key (every existing row was sem_comprovante false).
-- ---------------------------------------------------------------------------------------------

select private.sync_entry_comprovantes(
  array(select d.payable_id from public.documents d where d.kind = 'comprovante' and d.payable_id is not null
        union
        select t.payable_id from public.documents d join public.transactions t on t.id = d.payment_id
        where d.kind = 'comprovante' and t.payable_id is not null),
  array(select d.receivable_id from public.documents d where d.kind = 'comprovante' and d.receivable_id is not null
        union
        select t.receivable_id from public.documents d join public.transactions t on t.id = d.payment_id
        where d.kind = 'comprovante' and t.receivable_id is not null));

delete from private.entry_totals;
select private.apply_entry_totals(coalesce((
  select jsonb_agg(jsonb_build_object(
    'company_id', p.company_id, 'kind', 'expense', 'paid', p.status = 'paid',
    'movement_date', coalesce(p.payment_date, p.due_date), 'bank_account_id', p.bank_account_id,
    'category_id', p.category_id, 'project_id', p.project_id,
    'has_counterparty', p.supplier_id is not null, 'open_amount', p.open_amount,
    'paid_total', p.paid_total, 'paid_amount', p.paid_amount,
    'sem_comprovante', p.paid_amount > 0 and not p.has_comprovante, 'sign', 1))
  from public.accounts_payable p where p.approval_status = 'approved'), '[]'));
select private.apply_entry_totals(coalesce((
  select jsonb_agg(jsonb_build_object(
    'company_id', r.company_id, 'kind', 'income', 'paid', r.status = 'paid',
    'movement_date', coalesce(r.received_date, r.due_date), 'bank_account_id', r.bank_account_id,
    'category_id', r.category_id, 'project_id', r.project_id,
    'has_counterparty', r.client_id is not null, 'open_amount', r.open_amount,
    'paid_total', r.paid_total, 'paid_amount', r.paid_amount,
    'sem_comprovante', r.paid_amount > 0 and not r.has_comprovante, 'sign', 1))
  from public.accounts_receivable r), '[]'));

-- ---------------------------------------------------------------------------------------------
-- The readers
-- ---------------------------------------------------------------------------------------------

create function private.movement_kept_totals(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean)
 RETURNS TABLE(kind text, total numeric, entry_count bigint)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_today_month date := date_trunc('month', coalesce(p_today, current_date)::timestamp)::date;
  v_any_status boolean := coalesce(cardinality(p_statuses), 0) = 0;
  v_paid boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'paid' = any (p_statuses);
  v_open boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'open' = any (p_statuses);
  v_overdue boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'overdue' = any (p_statuses);
  v_by_account boolean := coalesce(cardinality(p_account_ids), 0) > 0;
  v_by_category boolean := coalesce(cardinality(p_category_ids), 0) > 0;
  v_by_project boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_without boolean := coalesce(p_without_comprovante, false);
  v_kinds text[] := case when coalesce(cardinality(p_kinds), 0) = 0 then array['expense', 'income'] else p_kinds end;
  v_dim text;
  -- Whole months of the period (first days), read from the kept totals.
  v_first date;
  v_last date;
  -- Day ranges summed from the rows; v_pending_only: only the pending rows of that range.
  v_los date[] := '{}';
  v_his date[] := '{}';
  v_pending_only boolean[] := '{}';
  v_split boolean;
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  v_split := v_open <> v_overdue;
  v_dim := case when v_by_account::int + v_by_category::int + v_by_project::int > 1 then null
                when v_by_account then 'account' when v_by_category then 'category'
                when v_by_project then 'project' else 'all' end;
  v_first := case when p_start is null then '-infinity'::date
                  when p_start = date_trunc('month', p_start::timestamp)::date then p_start
                  else (date_trunc('month', p_start::timestamp) + interval '1 month')::date end;
  v_last := case when p_end is null then 'infinity'::date
                 when p_end = (date_trunc('month', p_end::timestamp) + interval '1 month - 1 day')::date
                   then date_trunc('month', p_end::timestamp)::date
                 else (date_trunc('month', p_end::timestamp) - interval '1 month')::date end;

  if v_dim is null or v_first > v_last then
    -- No whole month the kept totals can answer: the period from the rows.
    v_dim := null;
    v_los := array[coalesce(p_start, '-infinity'::date)];
    v_his := array[coalesce(p_end, 'infinity'::date)];
    v_pending_only := array[false];
  else
    if p_start is not null and p_start < v_first then
      v_los := v_los || p_start;
      v_his := v_his || (v_first - 1);
      v_pending_only := v_pending_only || false;
    end if;
    if p_end is not null and p_end >= (v_last + interval '1 month')::date then
      v_los := v_los || (v_last + interval '1 month')::date;
      v_his := v_his || p_end;
      v_pending_only := v_pending_only || false;
    end if;
    -- A pending row of today's month is open or overdue by its day: from the rows.
    if v_split and v_today_month between v_first and v_last then
      v_los := v_los || v_today_month;
      v_his := v_his || (v_today_month + interval '1 month - 1 day')::date;
      v_pending_only := v_pending_only || true;
    end if;
  end if;

  return query
  with parts as (
    select t.kind, t.display_total as total, t.entry_count
    from private.entry_totals t
    where v_dim is not null
      and t.company_id = p_company_id and t.dim = v_dim and t.kind = any (v_kinds)
      and t.month between v_first and v_last
      and (not v_without or t.sem_comprovante)
      and case when t.paid then v_paid
               when not v_split then v_open
               when t.month < v_today_month then v_overdue
               when t.month > v_today_month then v_open
               else false end
      and case v_dim
            when 'account' then t.dim_id = any (p_account_ids)
            when 'category' then t.dim_id = any (p_category_ids)
            when 'project' then t.dim_id = any (coalesce(p_project_ids, '{}'))
                                or (coalesce(p_include_no_project, false) and t.dim_id is null)
            else true end
    union all
    select e.kind, e.paid_total + e.open_amount, 1::bigint
    from unnest(v_los, v_his, v_pending_only) as g(lo, hi, pending_only)
    cross join lateral (
      select 'expense'::text as kind, p.status, p.due_date, p.bank_account_id, p.category_id, p.project_id,
             p.paid_total, p.open_amount, p.paid_amount, p.has_comprovante
      from public.accounts_payable p
      where 'expense' = any (v_kinds) and p.company_id = p_company_id and p.approval_status = 'approved'
        and coalesce(p.payment_date, p.due_date) between g.lo and g.hi
      union all
      select 'income'::text, r.status, r.due_date, r.bank_account_id, r.category_id, r.project_id,
             r.paid_total, r.open_amount, r.paid_amount, r.has_comprovante
      from public.accounts_receivable r
      where 'income' = any (v_kinds) and r.company_id = p_company_id
        and coalesce(r.received_date, r.due_date) between g.lo and g.hi
    ) e
    where (not g.pending_only or e.status = 'pending')
      and case when e.status = 'paid' then v_paid when e.due_date < v_today then v_overdue else v_open end
      and (not v_without or (e.paid_amount > 0 and not e.has_comprovante))
      and (not v_by_account or e.bank_account_id = any (p_account_ids))
      and (not v_by_category or e.category_id = any (p_category_ids))
      and (not v_by_project
           or e.project_id = any (coalesce(p_project_ids, '{}'))
           or (coalesce(p_include_no_project, false) and e.project_id is null))
  )
  select parts.kind, sum(parts.total), sum(parts.entry_count)::bigint from parts group by parts.kind;
end;
$function$;

comment on function private.movement_kept_totals(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'The entries'' part of movement_summary without search, per kind: total (display amounts) and entry_count, from private.entry_totals for whole months and from the rows for the edge days (and today''s month''s pending rows when open and overdue are told apart); p_without_comprovante: only the entries with money paid and no comprovante (the sem_comprovante key; has_comprovante on the rows). Body of movement_entry_totals and of movement_search_totals'' kept part: called by those security definer functions only (no grant). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura).';
revoke all on function private.movement_kept_totals(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) from public, anon, authenticated, service_role;

create or replace function private.movement_entry_totals(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[])
returns table(kind text, total numeric, entry_count bigint)
language sql
stable security definer
set search_path = ''
as $$
  select t.kind, t.total, t.entry_count
  from private.movement_kept_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses, p_account_ids,
                                    p_project_ids, p_include_no_project, p_category_ids, false) t
$$;
comment on function private.movement_entry_totals(p_company_id uuid, p_today date, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[]) is 'The entries'' part of movement_summary without search and sem comprovante, per kind: total (display amounts) and entry_count, from the kept month totals (private.movement_kept_totals). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura).';
revoke all on function private.movement_entry_totals(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) from public, anon, authenticated, service_role;
grant execute on function private.movement_entry_totals(uuid, date, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]) to authenticated;

-- private.movement_search_totals' one definition of this stop. Besides sem comprovante, a search
-- that matches categories or obras by name reads their entries from the kept totals:
--
-- A searched movement_summary summed every matching row: "elétrica" matching the category
-- "Instalação Elétrica" summed that category's whole history (a third of a builder's payables) on
-- every visit, 541 ms at 200 000 entries. The entries of a category whose name matches are now
-- read from the kept month totals (private.movement_entry_totals, as an unsearched summary is),
-- and only the rows matched otherwise (their text, counterparty, obra, account) and outside those
-- categories are summed. tests/db/entry-totals.test.ts compares it with the sum over
-- search_movements' rows, for searches that match categories, text or both, with and without a
-- category filter.
--
-- A search that matches obras by name ("obra", a neighbourhood every obra of a development is named
-- after) summed those obras' every entry (134 ms at 200 000 entries when all 300 match). As for
-- categories, the entries of obras whose name matches are read from the kept totals
-- when no category matches: all-time rows (private.entry_totals, dim project_all) for the whole
-- history, month rows (private.movement_entry_totals) for a period; the other rows are summed.
--
create or replace function private.movement_search_totals(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean)
 RETURNS TABLE(kind text, total numeric, entry_count bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_pattern text := private.search_pattern(p_search);
  v_without boolean := coalesce(p_without_comprovante, false);
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
  v_category_ids uuid[];
  v_project_ids uuid[];
  v_account_ids uuid[];
  v_supplier_ids uuid[];
  v_client_ids uuid[];
  -- Categories whose name matches the search (within the category filter, if any): their entries
  -- are read from the kept month totals, and left out of the rows summed below.
  v_kept_ids uuid[] := '{}';
  -- Else obras whose name matches (within the obra filter): the same, from their kept totals.
  v_kept_projects uuid[] := '{}';
  v_open boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'open' = any (p_statuses);
  v_overdue boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'overdue' = any (p_statuses);
  v_paid boolean := coalesce(cardinality(p_statuses), 0) = 0 or 'paid' = any (p_statuses);
begin
  if p_company_id is null or p_company_id not in (select private.reader_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if v_pattern is null then
    -- Sem comprovante without a search: every entry from the kept month totals.
    return query
      select t.kind, t.total, t.entry_count
      from private.movement_kept_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                        p_account_ids, p_project_ids, p_include_no_project, p_category_ids,
                                        v_without) t;
    return;
  end if;
    if v_pattern is not null then
      v_category_ids := array(select c.id from public.categories c
                              where c.company_id = p_company_id and private.search_text(c.name) like v_pattern);
      v_project_ids := array(select p.id from public.projects p
                             where p.company_id = p_company_id and private.search_text(p.name) like v_pattern);
      v_account_ids := array(select b.id from public.bank_accounts b
                             where b.company_id = p_company_id and private.search_text(b.name) like v_pattern);
      v_supplier_ids := array(select s.id from public.suppliers s
                              where s.company_id = p_company_id and private.search_text(s.name) like v_pattern);
      v_client_ids := array(select c.id from public.clients c
                            where c.company_id = p_company_id and private.search_text(c.name) like v_pattern);
    end if;
  if v_pattern is not null and cardinality(v_category_ids) > 0 then
    v_kept_ids := case when coalesce(cardinality(p_category_ids), 0) = 0 then v_category_ids
                       else array(select unnest(v_category_ids) intersect select unnest(p_category_ids)) end;
    -- A row of a matched category outside the filter is not listed: no category arm is left.
    v_category_ids := '{}';
  elsif v_pattern is not null and cardinality(v_project_ids) > 0 then
    v_kept_projects := case when not v_filter_projects then v_project_ids
                            else array(select unnest(v_project_ids)
                                       intersect select unnest(coalesce(p_project_ids, '{}'))) end;
    v_project_ids := '{}';
  end if;
  if cardinality(v_kept_ids) > 0 then
    return query
      select t.kind, t.total, t.entry_count
      from private.movement_kept_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                        p_account_ids, p_project_ids, p_include_no_project, v_kept_ids,
                                        v_without) t;
  elsif cardinality(v_kept_projects) > 0 then
    if p_start is null and p_end is null and v_open = v_overdue
       and coalesce(cardinality(p_account_ids), 0) = 0 and coalesce(cardinality(p_category_ids), 0) = 0 then
      -- The whole history of those obras, open and overdue alike: their all-time rows (a company's
      -- every obra may match, "obra", and its month rows would be as many as its entries).
      return query
        select t.kind, sum(t.display_total), sum(t.entry_count)::bigint
        from private.entry_totals t
        where t.company_id = p_company_id and t.dim = 'project_all' and t.dim_id = any (v_kept_projects)
          and (coalesce(cardinality(p_kinds), 0) = 0 or t.kind = any (p_kinds))
          and case when t.paid then v_paid else v_open end
          and (not v_without or t.sem_comprovante)
        group by t.kind;
    else
      return query
        select t.kind, t.total, t.entry_count
        from private.movement_kept_totals(p_company_id, p_today, p_start, p_end, p_kinds, p_statuses,
                                          p_account_ids, v_kept_projects, false, p_category_ids, v_without) t;
    end if;
  end if;
  return query
    select m.kind, sum(m.amount), count(*)
    from (
      select 'expense'::text as kind, p.paid_total + p.open_amount as amount
      from public.accounts_payable p
      where (coalesce(cardinality(p_kinds), 0) = 0 or 'expense' = any (p_kinds))
        and p.company_id = p_company_id and p.approval_status = 'approved'
        and (p_start is null or coalesce(p.payment_date, p.due_date) >= p_start)
        and (p_end is null or coalesce(p.payment_date, p.due_date) <= p_end)
        and (coalesce(cardinality(p_statuses), 0) = 0
             or (case when p.status = 'paid' then 'paid' when p.due_date < v_today then 'overdue'
                      else 'open' end) = any (p_statuses))
        and (coalesce(cardinality(p_account_ids), 0) = 0 or p.bank_account_id = any (p_account_ids))
        and (coalesce(cardinality(p_category_ids), 0) = 0 or p.category_id = any (p_category_ids))
        and (not v_filter_projects
             or p.project_id = any (coalesce(p_project_ids, '{}'))
             or (coalesce(p_include_no_project, false) and p.project_id is null))
        and (not v_without or (p.paid_amount > 0 and not p.has_comprovante))
        -- One pass: each arm of the search on its own index (trigram; supplier, category, obra,
        -- account), their bitmaps OR-ed, every matching row read once.
        and (cardinality(v_kept_ids) = 0 or p.category_id is null or p.category_id <> all (v_kept_ids))
        and (cardinality(v_kept_projects) = 0 or p.project_id is null or p.project_id <> all (v_kept_projects))
        and (v_pattern is null
             or p.search_key like v_pattern
             or p.supplier_id = any (v_supplier_ids)
             or p.category_id = any (v_category_ids)
             or p.project_id = any (v_project_ids)
             or p.bank_account_id = any (v_account_ids))
      union all
      select 'income'::text, r.paid_total + r.open_amount
      from public.accounts_receivable r
      where (coalesce(cardinality(p_kinds), 0) = 0 or 'income' = any (p_kinds))
        and r.company_id = p_company_id
        and (p_start is null or coalesce(r.received_date, r.due_date) >= p_start)
        and (p_end is null or coalesce(r.received_date, r.due_date) <= p_end)
        and (coalesce(cardinality(p_statuses), 0) = 0
             or (case when r.status = 'paid' then 'paid' when r.due_date < v_today then 'overdue'
                      else 'open' end) = any (p_statuses))
        and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
        and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
        and (not v_filter_projects
             or r.project_id = any (coalesce(p_project_ids, '{}'))
             or (coalesce(p_include_no_project, false) and r.project_id is null))
        and (not v_without or (r.paid_amount > 0 and not r.has_comprovante))
        and (cardinality(v_kept_ids) = 0 or r.category_id is null or r.category_id <> all (v_kept_ids))
        and (cardinality(v_kept_projects) = 0 or r.project_id is null or r.project_id <> all (v_kept_projects))
        and (v_pattern is null
             or r.search_key like v_pattern
             or r.client_id = any (v_client_ids)
             or r.category_id = any (v_category_ids)
             or r.project_id = any (v_project_ids)
             or r.bank_account_id = any (v_account_ids))
    ) m
    group by m.kind;
end;
$function$;

comment on function private.movement_search_totals(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'The entries'' part of movement_summary with a search text or sem comprovante, per kind (a kind may have two rows, to be added): total (display amounts) and entry_count of the rows search_movements would list. Without a search (sem comprovante), from the kept month totals (private.movement_kept_totals, key sem_comprovante). With one, the entries of categories whose name matches the search (else of obras whose name matches) from the kept totals (private.movement_kept_totals; an obra''s all-time rows without period, account or category filter and without telling open from overdue; sem comprovante by the key sem_comprovante); the rows matched otherwise and outside those categories (obras) summed on the tables (each search arm on its index; sem comprovante by the entries'' has_comprovante). Raises not_a_member unless the caller reads the company (admin, financeiro, leitura).';
revoke all on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) from public, anon, authenticated, service_role;
grant execute on function private.movement_search_totals(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) to authenticated;

comment on function public.movement_summary(p_company_id uuid, p_today date, p_search text, p_start date, p_end date, p_kinds text[], p_statuses text[], p_account_ids uuid[], p_project_ids uuid[], p_include_no_project boolean, p_category_ids uuid[], p_without_comprovante boolean) is 'Totals of Movimentações over exactly the rows search_movements gives for the same arguments: income_total, expense_total, balance (sums of display_amount of entries; transfers are neither), count (every row), transfer_total (transfers not reversed), transfer_count. Without a search text the entries'' part is read from kept month totals (private.movement_entry_totals; sem comprovante through private.movement_search_totals, by the kept key sem_comprovante); with one, the entries of matching categories (else obras) from the kept totals and the other matching rows summed on the tables. Raises what search_movements raises.';
