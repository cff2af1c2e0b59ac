-- Approval of site expenses: a payable an 'obra' member records waits for admin or financeiro.
--
-- 1. accounts_payable.approval_status ('pending' | 'approved' | 'refused', default 'approved':
--    what admin and financeiro record, and every payable from before, is approved),
--    approval_reason (the refusal's, ≤ 500), approval_decided_by / approval_decided_at. The API
--    writes none of them (no column grant): the trigger and approve_payable / refuse_payable do.
-- 2. Trigger accounts_payable_approval: an 'obra' member's insert starts 'pending' unless its
--    amount is within the company's alçada (companies.approval_threshold > 0, read by name so that
--    this works before and after the migration that adds it); their edit of a refused payable sends
--    it again ('pending').
-- 3. An 'obra' member changes and deletes its own payables only while not approved (policies and
--    delete_entry's gate).
-- 4. approve_payable (optionally fixing category, account and due date first) and refuse_payable
--    (a reason is required): admin and financeiro, definer bodies in private.
-- 5. A payable not approved counts nowhere (dashboard A Pagar / Em Atraso, list totals, forecast,
--    DRE, obra comprometido / realizado, statement candidates) and cannot be settled
--    (awaiting_approval). The entries view shows approval_status and approval_reason (receivables:
--    always 'approved').

-- 1. ---------------------------------------------------------------------------------------------

alter table public.accounts_payable
  add column approval_status text not null default 'approved',
  add column approval_reason text,
  add column approval_decided_by uuid references auth.users (id) on delete set null,
  add column approval_decided_at timestamptz,
  add constraint accounts_payable_approval_status_check
    check (approval_status in ('pending', 'approved', 'refused')),
  add constraint accounts_payable_approval_reason_length check (char_length(approval_reason) <= 500);
comment on column public.accounts_payable.approval_status is
  'pending (Aguardando aprovação) | approved | refused (Recusado). Only approved payables count and '
  'can be settled. Written by the approval trigger, approve_payable and refuse_payable.';
comment on column public.accounts_payable.approval_reason is 'Why it was refused (refuse_payable).';
create index accounts_payable_awaiting_idx on public.accounts_payable (company_id, created_at)
  where approval_status = 'pending';
create index accounts_payable_approval_decided_by_idx on public.accounts_payable (approval_decided_by);

-- 2. ---------------------------------------------------------------------------------------------

-- Security invoker: current_user tells the API roles from our definer functions (as the profile
-- guard does); the member reads their company's row and role.
create or replace function private.payable_approval()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_threshold numeric;
begin
  -- Only what an 'obra' member does through the API; admins, financeiro and our functions keep
  -- the default (approved) or what approve_payable / refuse_payable set.
  if current_user not in ('authenticated', 'anon')
     or private.company_role(new.company_id) is distinct from 'obra' then
    return new;
  end if;
  if tg_op = 'INSERT' then
    select coalesce((to_jsonb(c) ->> 'approval_threshold')::numeric, 0) into v_threshold
    from public.companies c where c.id = new.company_id;
    new.approval_status := case when v_threshold > 0 and new.amount <= v_threshold
                                then 'approved' else 'pending' end;
    new.approval_reason := null;
    new.approval_decided_by := null;
    new.approval_decided_at := null;
  elsif old.approval_status = 'refused' then
    -- Corrected by the requester: sent again.
    new.approval_status := 'pending';
    new.approval_reason := null;
    new.approval_decided_by := null;
    new.approval_decided_at := null;
  end if;
  return new;
end;
$$;
comment on function private.payable_approval() is
  'Trigger: an ''obra'' member''s payable starts pending (approved when within companies.'
  'approval_threshold > 0); their edit of a refused one sends it again (pending).';
revoke all on function private.payable_approval() from public, anon, authenticated;

create trigger accounts_payable_approval
  before insert or update on public.accounts_payable
  for each row execute function private.payable_approval();

-- 3. ---------------------------------------------------------------------------------------------

-- UPDATE(accounts_payable): admin, financeiro; obra: its own pending payables of its obras while not approved
drop policy if exists accounts_payable_update on public.accounts_payable;
create policy accounts_payable_update on public.accounts_payable
  for update to authenticated
  using (company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
      and bank_account_id is null and project_id in (select private.obra_project_ids())
      and approval_status <> 'approved'))
  with check (company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
      and bank_account_id is null and project_id in (select private.obra_project_ids())
      and approval_status <> 'approved'));

-- DELETE(accounts_payable): admin, financeiro; obra: its own pending payables of its obras while not approved
drop policy if exists accounts_payable_delete on public.accounts_payable;
create policy accounts_payable_delete on public.accounts_payable
  for delete to authenticated
  using (company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
      and bank_account_id is null and project_id in (select private.obra_project_ids())
      and approval_status <> 'approved'));

-- 4. ---------------------------------------------------------------------------------------------

create or replace function private.approve_payable(p_payable_id uuid, p_category_id uuid,
                                                   p_bank_account_id uuid, p_due_date date)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payable public.accounts_payable;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  perform private.assert_valid_date(p_due_date);
  select * into v_payable from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  perform private.assert_role(v_payable.company_id, array['admin', 'financeiro']);
  if v_payable.approval_status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'not_awaiting_approval';
  end if;
  if p_bank_account_id is not null then
    perform private.lock_active_account(v_payable.company_id, p_bank_account_id);
  end if;
  if p_category_id is not null and not exists (
    select 1 from public.categories c where c.id = p_category_id and c.company_id = v_payable.company_id
  ) then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  update public.accounts_payable e
  set approval_status = 'approved',
      approval_reason = null,
      approval_decided_by = (select auth.uid()),
      approval_decided_at = now(),
      category_id = coalesce(p_category_id, e.category_id),
      bank_account_id = coalesce(p_bank_account_id, e.bank_account_id),
      due_date = coalesce(p_due_date, e.due_date)
  where e.id = v_payable.id
  returning * into v_payable;
  return v_payable;
end;
$$;

create or replace function public.approve_payable(p_payable_id uuid, p_category_id uuid default null,
                                                  p_bank_account_id uuid default null,
                                                  p_due_date date default null)
returns public.accounts_payable
language sql
set search_path = ''
as $$
  select * from private.approve_payable(p_payable_id, p_category_id, p_bank_account_id, p_due_date)
$$;
comment on function public.approve_payable(uuid, uuid, uuid, date) is
  'Aprovar (admin, financeiro): a payable awaiting approval becomes an ordinary pending payable, '
  'optionally with category, bank account and due date fixed first. Body: private.approve_payable. '
  'Raises not_authenticated, invalid_date, entry_not_found, not_a_member, forbidden_role, '
  'not_awaiting_approval, bank_account_not_found, bank_account_inactive, category_not_found, '
  'category_type_mismatch.';

create or replace function private.refuse_payable(p_payable_id uuid, p_reason text)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(p_reason), '');
  v_payable public.accounts_payable;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  if v_reason is null then
    raise exception using errcode = 'P0001', message = 'refusal_reason_required';
  end if;
  perform private.assert_text_length(v_reason, 500, 'approval_reason');
  select * into v_payable from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  perform private.assert_role(v_payable.company_id, array['admin', 'financeiro']);
  if v_payable.approval_status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'not_awaiting_approval';
  end if;

  update public.accounts_payable e
  set approval_status = 'refused',
      approval_reason = v_reason,
      approval_decided_by = (select auth.uid()),
      approval_decided_at = now()
  where e.id = v_payable.id
  returning * into v_payable;
  return v_payable;
end;
$$;

create or replace function public.refuse_payable(p_payable_id uuid, p_reason text)
returns public.accounts_payable
language sql
set search_path = ''
as $$
  select * from private.refuse_payable(p_payable_id, p_reason)
$$;
comment on function public.refuse_payable(uuid, text) is
  'Recusar (admin, financeiro): a payable awaiting approval is refused with a reason (≤ 500) its '
  'requester sees; their correction sends it again. Body: private.refuse_payable. Raises '
  'not_authenticated, refusal_reason_required, text_too_long, entry_not_found, not_a_member, '
  'forbidden_role, not_awaiting_approval.';

revoke all on function private.approve_payable(uuid, uuid, uuid, date) from public, anon, authenticated;
revoke all on function public.approve_payable(uuid, uuid, uuid, date) from public, anon, authenticated;
revoke all on function private.refuse_payable(uuid, text) from public, anon, authenticated;
revoke all on function public.refuse_payable(uuid, text) from public, anon, authenticated;
grant execute on function private.approve_payable(uuid, uuid, uuid, date) to authenticated;
grant execute on function public.approve_payable(uuid, uuid, uuid, date) to authenticated, service_role;
grant execute on function private.refuse_payable(uuid, text) to authenticated;
grant execute on function public.refuse_payable(uuid, text) to authenticated, service_role;

-- 5. ---------------------------------------------------------------------------------------------

create or replace view public.entries with (security_invoker = true) as
 SELECT 'expense'::text AS kind,
    p.id,
    p.company_id,
    p.description,
    p.amount,
    p.due_date,
    p.status,
    p.payment_date AS settled_on,
    p.supplier_id AS counterparty_id,
    COALESCE(s.name, p.supplier_name) AS counterparty_name,
    p.project_id,
    pr.name AS project_name,
    p.category_id,
    c.name AS category_name,
    c.color AS category_color,
    p.bank_account_id,
    b.name AS bank_account_name,
    p.payment_method,
    p.notes,
    p.series_id,
    p.series_kind,
    p.installment_number,
    p.installment_count,
    p.created_at,
    p.paid_amount,
    p.open_amount,
    p.interest_amount,
    p.fine_amount,
    p.discount_amount,
    p.paid_total,
    p.supplier_name AS counterparty_text,
    p.updated_at,
    p.created_by,
    p.stage_id,
    st.name AS stage_name,
    p.approval_status,
    p.approval_reason
   FROM (((((public.accounts_payable p
     LEFT JOIN public.suppliers s ON (((s.company_id = p.company_id) AND (s.id = p.supplier_id))))
     LEFT JOIN public.projects pr ON (((pr.company_id = p.company_id) AND (pr.id = p.project_id))))
     LEFT JOIN public.categories c ON (((c.company_id = p.company_id) AND (c.id = p.category_id))))
     LEFT JOIN public.bank_accounts b ON (((b.company_id = p.company_id) AND (b.id = p.bank_account_id))))
     LEFT JOIN public.project_stages st ON (((st.company_id = p.company_id) AND (st.id = p.stage_id))))
UNION ALL
 SELECT 'income'::text AS kind,
    r.id,
    r.company_id,
    r.description,
    r.amount,
    r.due_date,
    r.status,
    r.received_date AS settled_on,
    r.client_id AS counterparty_id,
    COALESCE(cl.name, r.client_name) AS counterparty_name,
    r.project_id,
    pr.name AS project_name,
    r.category_id,
    c.name AS category_name,
    c.color AS category_color,
    r.bank_account_id,
    b.name AS bank_account_name,
    r.payment_method,
    r.notes,
    r.series_id,
    r.series_kind,
    r.installment_number,
    r.installment_count,
    r.created_at,
    r.paid_amount,
    r.open_amount,
    r.interest_amount,
    r.fine_amount,
    r.discount_amount,
    r.paid_total,
    r.client_name AS counterparty_text,
    r.updated_at,
    r.created_by,
    r.stage_id,
    st.name AS stage_name,
    'approved'::text AS approval_status,
    NULL::text AS approval_reason
   FROM (((((public.accounts_receivable r
     LEFT JOIN public.clients cl ON (((cl.company_id = r.company_id) AND (cl.id = r.client_id))))
     LEFT JOIN public.projects pr ON (((pr.company_id = r.company_id) AND (pr.id = r.project_id))))
     LEFT JOIN public.categories c ON (((c.company_id = r.company_id) AND (c.id = r.category_id))))
     LEFT JOIN public.bank_accounts b ON (((b.company_id = r.company_id) AND (b.id = r.bank_account_id))))
     LEFT JOIN public.project_stages st ON (((st.company_id = r.company_id) AND (st.id = r.stage_id))));

-- dashboard_summary: A Pagar and Em Atraso count approved payables only.
CREATE OR REPLACE FUNCTION public.dashboard_summary(p_company_id uuid, p_today date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  select json_build_object(
    'receivable_total', coalesce(sum(e.open_amount) filter (where e.kind = 'income'), 0),
    'payable_total', coalesce(sum(e.open_amount) filter (where e.kind = 'expense'), 0),
    'overdue_total', coalesce(sum(e.open_amount) filter (where e.due_date < p_today), 0),
    'receivable_pending_count', count(*) filter (where e.kind = 'income'),
    'payable_pending_count', count(*) filter (where e.kind = 'expense'),
    'overdue_count', count(*) filter (where e.due_date < p_today)
  ) into v_result
  from (select * from public.entries x where x.approval_status = 'approved') e
  where e.company_id = p_company_id and e.status = 'pending';
  return v_result;
end;
$function$;

-- entry_list_summary: the totals of the lists, approved payables only.
CREATE OR REPLACE FUNCTION public.entry_list_summary(p_company_id uuid, p_kind text, p_today date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  select json_build_object(
    'pending_total', coalesce(sum(e.open_amount) filter (where e.status = 'pending'), 0),
    'pending_count', count(*) filter (where e.status = 'pending'),
    'overdue_total', coalesce(sum(e.open_amount) filter (where e.status = 'pending' and e.due_date < p_today), 0),
    'overdue_count', count(*) filter (where e.status = 'pending' and e.due_date < p_today),
    'paid_total', coalesce(sum(e.paid_total) filter (where e.status = 'paid'), 0),
    'paid_count', count(*) filter (where e.status = 'paid'),
    'partial_paid_total', coalesce(sum(e.paid_total) filter (where e.status = 'pending' and e.paid_amount > 0), 0),
    'partial_count', count(*) filter (where e.status = 'pending' and e.paid_amount > 0)
  ) into v_result
  from (select * from public.entries x where x.approval_status = 'approved') e
  where e.company_id = p_company_id and e.kind = p_kind;
  return v_result;
end;
$function$;

-- cash_flow_projection: the forecast, approved payables only.
CREATE OR REPLACE FUNCTION public.cash_flow_projection(p_company_id uuid, p_days integer, p_bank_account_id uuid DEFAULT NULL::uuid, p_today date DEFAULT NULL::date)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_today date := coalesce(p_today, current_date);
  v_end date;
  v_opening numeric;
  v_account public.bank_accounts;
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(v_today);
  if p_days is null or p_days < 1 or p_days > 366 then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;
  v_end := v_today + (p_days - 1);
  perform private.assert_valid_date(v_end);

  if p_bank_account_id is not null then
    select * into v_account from public.bank_accounts b
    where b.company_id = p_company_id and b.id = p_bank_account_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'bank_account_not_found';
    end if;
    if not v_account.is_active then
      raise exception using errcode = 'P0001', message = 'bank_account_inactive';
    end if;
    v_opening := v_account.current_balance;
  else
    select coalesce(sum(b.current_balance), 0) into v_opening from public.bank_accounts b
    where b.company_id = p_company_id and b.is_active;
  end if;

  -- Not materialized: only the list of what makes the balance negative reads it, and only when the
  -- balance does go negative.
  with pending as not materialized (
    select e.kind, e.id, e.description, e.due_date, e.open_amount,
           greatest(e.due_date, v_today) as on_day
    from (select * from public.entries x where x.approval_status = 'approved') e
    where e.company_id = p_company_id
      and e.status = 'pending'
      and e.open_amount > 0
      and e.due_date <= v_end
      and (p_bank_account_id is null or e.bank_account_id = p_bank_account_id)
  ),
  per_day as (
    -- Each table summed per day on its own (RLS of the tables applies), then the two added.
    select x.on_day, sum(x.income) as income, sum(x.expense) as expense
    from (
      select greatest(p.due_date, v_today) as on_day, 0::numeric as income, sum(p.open_amount) as expense
      from (select * from public.accounts_payable x where x.approval_status = 'approved') p
      where p.company_id = p_company_id and p.status = 'pending' and p.open_amount > 0
        and p.due_date <= v_end
        and (p_bank_account_id is null or p.bank_account_id = p_bank_account_id)
      group by 1
      union all
      select greatest(r.due_date, v_today), sum(r.open_amount), 0
      from public.accounts_receivable r
      where r.company_id = p_company_id and r.status = 'pending' and r.open_amount > 0
        and r.due_date <= v_end
        and (p_bank_account_id is null or r.bank_account_id = p_bank_account_id)
      group by 1
    ) x
    group by x.on_day
  ),
  days as (
    select d::date as day,
           coalesce(p.income, 0) as income,
           coalesce(p.expense, 0) as expense,
           v_opening + sum(coalesce(p.income, 0) - coalesce(p.expense, 0))
             over (order by d rows between unbounded preceding and current row) as balance
    from generate_series(v_today, v_end, interval '1 day') d
    left join per_day p on p.on_day = d::date
  ),
  negative as (
    select day, balance from days where balance < 0 order by day limit 1
  )
  select json_build_object(
    'start', v_today,
    'end', v_end,
    'opening_balance', v_opening,
    'days', (select json_agg(json_build_object('date', day, 'income', income, 'expense', expense,
                                               'balance', balance) order by day) from days),
    'first_negative', (
      select json_build_object(
        'date', n.day,
        'balance', n.balance,
        -- What takes the balance below zero: the payables due up to that day, largest first.
        'entries', coalesce((
          select json_agg(json_build_object('kind', x.kind, 'id', x.id, 'description', x.description,
                                            'due_date', x.due_date, 'open_amount', x.open_amount)
                          order by x.open_amount desc, x.due_date, x.id)
          from (select * from pending pe
                where pe.kind = 'expense' and pe.on_day <= n.day
                order by pe.open_amount desc, pe.due_date, pe.id
                limit 5) x), '[]'::json))
      from negative n)
  ) into v_result;
  return v_result;
end;
$function$;

-- dre: approved payables only (competência counts open ones).
CREATE OR REPLACE FUNCTION public.dre(p_company_id uuid, p_start date, p_end date, p_basis text DEFAULT 'caixa'::text, p_project_id uuid DEFAULT NULL::uuid)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_start is null or p_end is null or p_end < p_start
     or (extract(year from p_end) * 12 + extract(month from p_end))
        - (extract(year from p_start) * 12 + extract(month from p_start)) >= 12 then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;
  if p_basis is null or p_basis not in ('caixa', 'competencia') then
    raise exception using errcode = 'P0001', message = 'invalid_basis';
  end if;

  with moves as materialized (
    select t.type as kind, t.category_id, t.transaction_date as on_day, t.amount
    from public.standing_transactions t
    where p_basis = 'caixa'
      and t.company_id = p_company_id
      and t.type in ('income', 'expense')
      and t.transaction_date between p_start and p_end
      and (p_project_id is null or t.project_id = p_project_id)
    union all
    select e.kind, e.category_id, e.due_date, e.amount
    from (select * from public.entries x where x.approval_status = 'approved') e
    where p_basis = 'competencia'
      and e.company_id = p_company_id
      and e.due_date between p_start and p_end
      and (p_project_id is null or e.project_id = p_project_id)
  ),
  grouped as (
    select date_trunc('month', m.on_day)::date as month, m.kind, m.category_id,
           coalesce(c.dre_group, case m.kind when 'income' then 'receita' else 'custo_obra' end) as dre_group,
           sum(m.amount) as total
    from moves m
    left join public.categories c on c.company_id = p_company_id and c.id = m.category_id
    group by 1, 2, 3, 4
  ),
  months as (
    select d::date as month
    from generate_series(date_trunc('month', p_start), date_trunc('month', p_end), interval '1 month') d
  ),
  lines as (
    select mo.month,
      coalesce(sum(g.total) filter (where g.dre_group = 'receita'), 0) as receita_bruta,
      coalesce(sum(g.total) filter (where g.dre_group = 'custo_obra'), 0) as custos_obra,
      coalesce(sum(g.total) filter (where g.dre_group = 'despesa_administrativa'), 0) as despesas_administrativas,
      coalesce(sum(g.total) filter (where g.dre_group = 'outras' and g.kind = 'income'), 0)
        - coalesce(sum(g.total) filter (where g.dre_group = 'outras' and g.kind = 'expense'), 0) as outras
    from months mo
    left join grouped g on g.month = mo.month
    group by mo.month
  ),
  computed as (
    select l.*,
           l.receita_bruta - l.custos_obra as lucro_bruto,
           l.receita_bruta - l.custos_obra - l.despesas_administrativas as resultado_operacional,
           l.receita_bruta - l.custos_obra - l.despesas_administrativas + l.outras as resultado
    from lines l
  ),
  by_category as (
    select g.category_id, g.kind, g.dre_group, c.name,
           json_agg(json_build_object('month', g.month, 'total', g.total) order by g.month) as months,
           sum(g.total) as total
    from grouped g
    left join public.categories c on c.company_id = p_company_id and c.id = g.category_id
    group by g.category_id, g.kind, g.dre_group, c.name
  )
  select json_build_object(
    'basis', p_basis,
    'start', p_start,
    'end', p_end,
    'months', (select json_agg(json_build_object(
        'month', c.month, 'receita_bruta', c.receita_bruta, 'custos_obra', c.custos_obra,
        'lucro_bruto', c.lucro_bruto, 'despesas_administrativas', c.despesas_administrativas,
        'resultado_operacional', c.resultado_operacional, 'outras', c.outras, 'resultado', c.resultado)
        order by c.month) from computed c),
    'total', (select json_build_object(
        'receita_bruta', sum(c.receita_bruta), 'custos_obra', sum(c.custos_obra),
        'lucro_bruto', sum(c.lucro_bruto), 'despesas_administrativas', sum(c.despesas_administrativas),
        'resultado_operacional', sum(c.resultado_operacional), 'outras', sum(c.outras),
        'resultado', sum(c.resultado)) from computed c),
    'categories', coalesce((select json_agg(json_build_object(
        'id', b.category_id, 'name', b.name, 'kind', b.kind, 'dre_group', b.dre_group,
        'months', b.months, 'total', b.total) order by b.dre_group, b.total desc, b.name)
        from by_category b), '[]'::json)
  ) into v_result;
  return v_result;
end;
$function$;

-- statement_candidates: a payable awaiting approval cannot be settled from a line.
CREATE OR REPLACE FUNCTION public.statement_candidates(p_bank_account_id uuid)
 RETURNS TABLE(line_id uuid, kind text, target_id uuid, description text, counterparty_name text, target_date date, amount numeric, day_distance integer)
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
  with lines as (
    select l.id, l.posted_on, l.amount
    from public.bank_statement_lines l
    where l.bank_account_id = p_bank_account_id and l.status = 'pending'
  )
  -- Ledger rows of this account already in the books, not yet claimed by another line.
  select l.id, 'ledger'::text, t.id, t.description, null::text, t.transaction_date, t.amount,
         abs(t.transaction_date - l.posted_on)
  from lines l
  join public.standing_transactions t
    on t.bank_account_id = p_bank_account_id
   and t.amount = abs(l.amount)
   and t.direction = case when l.amount < 0 then 'out' else 'in' end
   and t.transaction_date between l.posted_on - 3 and l.posted_on + 3
  where not exists (select 1 from public.bank_statement_lines m
                    where m.matched_transaction_id = t.id and m.status = 'matched')
  union all
  -- Open payables for débitos, open receivables for créditos, of the whole company, due within ±5 days.
  select l.id, case e.kind when 'expense' then 'payable' else 'receivable' end, e.id, e.description,
         e.counterparty_name, e.due_date, e.open_amount, abs(e.due_date - l.posted_on)
  from lines l
  join (select * from public.entries x where x.approval_status = 'approved') e
    on e.company_id = v_company_id
   and e.status = 'pending'
   and e.kind = case when l.amount < 0 then 'expense' else 'income' end
   and e.open_amount = abs(l.amount)
   and e.due_date between l.posted_on - 5 and l.posted_on + 5;
end;
$function$;

-- project_budget: comprometido and realizado of approved payables only.
CREATE OR REPLACE FUNCTION private.project_budget(p_project_id uuid)
 RETURNS TABLE(kind text, stage_id uuid, stage_name text, order_index integer, is_completed boolean, budget numeric, committed numeric, realized numeric, balance numeric, used_percent numeric)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_company uuid;
  v_budget numeric;
begin
  v_company := private.assert_project_access(p_project_id);
  select p.budget into v_budget from public.projects p where p.id = p_project_id;

  return query
  with figures as (
    -- Per payable: open amount while pending; the standing payment rows (an estorno undoes one).
    select p.stage_id as sid,
           case when p.status = 'pending' then p.open_amount else 0 end as c,
           coalesce((select sum(t.amount) from public.standing_transactions t
                     where t.company_id = p.company_id and t.payable_id = p.id), 0) as r
    from (select * from public.accounts_payable x where x.approval_status = 'approved') p
    where p.company_id = v_company and p.project_id = p_project_id
  ),
  rows as (
    select 'stage'::text as k, s.id as sid, s.name as sname, s.order_index as oi, s.is_completed as done,
           s.estimated_cost as b,
           coalesce((select sum(f.c) from figures f where f.sid = s.id), 0) as c,
           coalesce((select sum(f.r) from figures f where f.sid = s.id), 0) as r,
           s.created_at as ca
    from public.project_stages s
    where s.company_id = v_company and s.project_id = p_project_id
    union all
    select 'none', null, 'Sem etapa', null, null, null,
           coalesce((select sum(f.c) from figures f where f.sid is null), 0),
           coalesce((select sum(f.r) from figures f where f.sid is null), 0), null
    union all
    select 'total', null, null, null, null, v_budget,
           coalesce((select sum(f.c) from figures f), 0),
           coalesce((select sum(f.r) from figures f), 0), null
  )
  select k, sid, sname, oi, done, b, c, r,
         b - r - c,
         case when b > 0 then round((r + c) * 100 / b, 1) end
  from rows
  order by case k when 'stage' then 0 when 'none' then 1 else 2 end, oi, ca, sid;
end;
$function$;

-- project_budget_totals: as project_budget.
CREATE OR REPLACE FUNCTION private.project_budget_totals(p_company_id uuid)
 RETURNS TABLE(project_id uuid, budget numeric, committed numeric, realized numeric)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_obra boolean;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura', 'obra']);
  v_obra := private.company_role(p_company_id) = 'obra';
  return query
  with figures as (
    -- The same per-payable figures as project_budget.
    select e.project_id as pid,
           case when e.status = 'pending' then e.open_amount else 0 end as c,
           coalesce((select sum(t.amount) from public.standing_transactions t
                     where t.company_id = e.company_id and t.payable_id = e.id), 0) as r
    from (select * from public.accounts_payable x where x.approval_status = 'approved') e
    where e.company_id = p_company_id and e.project_id is not null
  )
  select p.id, p.budget,
         coalesce(sum(f.c), 0)::numeric,
         coalesce(sum(f.r), 0)::numeric
  from public.projects p
  left join figures f on f.pid = p.id
  where p.company_id = p_company_id
    and (not v_obra or p.id in (select private.obra_project_ids()))
  group by p.id, p.budget;
end;
$function$;

-- settle_entry: a payable awaiting approval (or refused) is not settled (Dar Baixa, Lançar, reconciliation).
CREATE OR REPLACE FUNCTION private.settle_entry(p_kind text, p_id uuid, p_bank_account_id uuid, p_paid_on date, p_amount_paid numeric, p_interest numeric, p_fine numeric, p_discount numeric, p_today date)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_today date;
  v_on date;
  v_company_id uuid;
  v_amount numeric;
  v_paid numeric;
  v_status text;
  v_description text;
  v_category_id uuid;
  v_project_id uuid;
  v_principal numeric;
  v_interest numeric := coalesce(p_interest, 0);
  v_fine numeric := coalesce(p_fine, 0);
  v_discount numeric := coalesce(p_discount, 0);
  v_total numeric;
  v_done boolean;
begin
  perform private.assert_valid_date(p_paid_on);
  perform private.assert_valid_date(p_today);
  -- The browser's today (a Brazilian evening is already tomorrow in UTC), never beyond the
  -- database's tomorrow.
  v_today := least(coalesce(p_today, current_date), current_date + 1);
  v_on := coalesce(p_paid_on, v_today);
  perform private.assert_valid_date(v_on);
  if v_on > v_today then
    raise exception using errcode = 'P0001', message = 'payment_date_in_future';
  end if;
  perform private.assert_valid_amount(v_interest, p_allow_zero => true);
  perform private.assert_valid_amount(v_fine, p_allow_zero => true);
  perform private.assert_valid_amount(v_discount, p_allow_zero => true);

  if p_kind = 'expense' then
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id
    from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  elsif p_kind = 'income' then
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id
    from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  else
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_status = 'paid' then
    raise exception using errcode = 'P0001', message = 'entry_already_settled';
  end if;
  if p_kind = 'expense' and exists (
    select 1 from public.accounts_payable e where e.id = p_id and e.approval_status <> 'approved'
  ) then
    raise exception using errcode = 'P0001', message = 'awaiting_approval';
  end if;

  v_principal := coalesce(p_amount_paid, v_amount - v_paid);
  perform private.assert_valid_amount(v_principal);
  if v_principal > v_amount - v_paid then
    raise exception using errcode = 'P0001', message = 'payment_exceeds_open_amount';
  end if;
  v_total := v_principal + v_interest + v_fine - v_discount;
  if v_total <= 0 then
    raise exception using errcode = 'P0001', message = 'invalid_amount';
  end if;
  perform private.lock_active_account(v_company_id, p_bank_account_id);
  v_done := v_paid + v_principal = v_amount;

  if p_kind = 'expense' then
    update public.accounts_payable
    set paid_amount = paid_amount + v_principal,
        interest_amount = interest_amount + v_interest,
        fine_amount = fine_amount + v_fine,
        discount_amount = discount_amount + v_discount,
        status = case when v_done then 'paid' else 'pending' end,
        payment_date = case when v_done then v_on end,
        bank_account_id = p_bank_account_id
    where id = p_id;
  else
    update public.accounts_receivable
    set paid_amount = paid_amount + v_principal,
        interest_amount = interest_amount + v_interest,
        fine_amount = fine_amount + v_fine,
        discount_amount = discount_amount + v_discount,
        status = case when v_done then 'paid' else 'pending' end,
        received_date = case when v_done then v_on end,
        bank_account_id = p_bank_account_id
    where id = p_id;
  end if;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   created_by, principal_amount, interest_amount, fine_amount, discount_amount)
  values (v_company_id, p_kind, case p_kind when 'expense' then 'out' else 'in' end, left(v_description, 250),
          v_total, v_on, p_bank_account_id, v_category_id, v_project_id,
          case when p_kind = 'expense' then p_id end, case when p_kind = 'income' then p_id end,
          (select auth.uid()), v_principal, v_interest, v_fine, v_discount);
end;
$function$;

-- assert_entry_writer: an 'obra' member deletes its own payables only while not approved.
CREATE OR REPLACE FUNCTION private.assert_entry_writer(p_kind text, p_id uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_company_id uuid;
  v_role text;
begin
  if p_kind = 'expense' then
    select e.company_id into v_company_id from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids());
  else
    select e.company_id into v_company_id from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids());
  end if;
  if v_company_id is null then
    return;
  end if;
  v_role := private.company_role(v_company_id);
  if v_role in ('admin', 'financeiro') then
    return;
  end if;
  if v_role = 'obra' and not exists (
    select 1 from public.accounts_payable e
    where p_kind = 'expense' and e.id = p_id and e.project_id in (select private.obra_project_ids())
  ) then
    -- Not an entry the member sees: the caller says entry_not_found.
    return;
  end if;
  if v_role = 'obra' and exists (
    select 1 from public.accounts_payable e
    where e.id = p_id and e.created_by = (select auth.uid()) and e.status = 'pending'
      and e.paid_amount = 0 and e.approval_status <> 'approved'
  ) then
    return;
  end if;
  raise exception using errcode = 'P0001', message = 'forbidden_role';
end;
$function$;

