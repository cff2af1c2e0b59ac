-- Issue 33 (rateio), helper totals: the kept totals and the ledger follow the parts.
--
-- * A ledger row of a split entry carries a COPY of the entry's parts (settle_entry, so settle_*,
--   create_and_settle_entry; an estorno carries the parts of the row it reverses: reverse_payment,
--   reopen_*), with project_id / category_id null; a new split of a paid entry is copied to its
--   standing ledger rows (sync_paid_entry_to_ledger), which restates the realizado.
-- * private.entry_totals: dims category / project / project_all expand a split entry into its parts
--   (private.entry_part_figures), grouped per categoria / obra (a split entry counts once per
--   categoria / obra it has); dims all / account / counterparty_all are the entry's own.
--   private.entry_paid_totals has no dimension: unchanged.
-- * private.ledger_category_* / ledger_project_*: a split ledger row adds its amount apportioned by
--   its parts (private.part_shares), once per categoria / obra.
-- * An obra, a stage or a category named only in parts is "in use" as today (projects and
--   categories: the foreign keys' 23503; stages: stage_in_use; remove_category archives).
-- * create_and_settle_entry takes p_parts (Lançar "Marcar como Pago" of a split entry).
-- * public.standing_transactions shows parts, part_project_ids, part_category_ids (new columns at
--   the end) for the readers by obra / categoria.

-- A payment carries a copy of its entry's parts (null when not split; then the entry's own obra
-- and category, as before).
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
  v_parts jsonb;
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
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id, e.parts
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id, v_parts
    from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  elsif p_kind = 'income' then
    select e.company_id, e.amount, e.paid_amount, e.status, e.description, e.category_id, e.project_id, e.parts
    into v_company_id, v_amount, v_paid, v_status, v_description, v_category_id, v_project_id, v_parts
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
                                   created_by, principal_amount, interest_amount, fine_amount, discount_amount, parts)
  values (v_company_id, p_kind, case p_kind when 'expense' then 'out' else 'in' end, left(v_description, 250),
          v_total, v_on, p_bank_account_id, v_category_id, v_project_id,
          case when p_kind = 'expense' then p_id end, case when p_kind = 'income' then p_id end,
          (select auth.uid()), v_principal, v_interest, v_fine, v_discount, v_parts);
end;
$function$;

-- An estorno (reverse_payment, reopen_*, reverse_transfer) carries the parts of the row it reverses,
-- so it cancels that payment exactly per part.
CREATE OR REPLACE FUNCTION private.reverse_ledger_row(p_row public.transactions, p_on date)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   transfer_group_id, reversal_of, created_by, principal_amount,
                                   interest_amount, fine_amount, discount_amount, parts)
  values (p_row.company_id, p_row.type, case p_row.direction when 'in' then 'out' else 'in' end,
          left('Estorno: ' || p_row.description, 250), p_row.amount, p_on, p_row.bank_account_id,
          p_row.category_id, p_row.project_id, p_row.payable_id, p_row.receivable_id,
          p_row.transfer_group_id, p_row.id, (select auth.uid()), p_row.principal_amount,
          p_row.interest_amount, p_row.fine_amount, p_row.discount_amount, p_row.parts);
end;
$function$;

CREATE OR REPLACE FUNCTION private.sync_paid_entry_to_ledger()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.transactions t
  set category_id = new.category_id, project_id = new.project_id, parts = new.parts,
      description = left(new.description, 250)
  where t.id in (
    select s.id from public.standing_transactions s
    where s.company_id = new.company_id
      and case tg_table_name when 'accounts_payable' then s.payable_id else s.receivable_id end = new.id);
  return null;
end;
$function$;
comment on function private.sync_paid_entry_to_ledger() is 'Trigger: copies the new category_id / project_id / parts (the rateio) / description of an entry with payments to its standing ledger rows: a new split of a paid entry restates the realizado of the obras and categories involved (the ledger totals move from the old parts to the new). Reversed pairs keep the parts they had (they cancel each other).';

-- The split of a paid entry is copied to its ledger too.
drop trigger accounts_payable_sync_ledger on public.accounts_payable;
create trigger accounts_payable_sync_ledger
  after update of category_id, project_id, parts, description on public.accounts_payable
  for each row
  when (old.paid_amount > 0 and new.paid_amount > 0
        and (old.category_id is distinct from new.category_id or old.project_id is distinct from new.project_id
             or old.parts is distinct from new.parts or old.description is distinct from new.description))
  execute function private.sync_paid_entry_to_ledger();
drop trigger accounts_receivable_sync_ledger on public.accounts_receivable;
create trigger accounts_receivable_sync_ledger
  after update of category_id, project_id, parts, description on public.accounts_receivable
  for each row
  when (old.paid_amount > 0 and new.paid_amount > 0
        and (old.category_id is distinct from new.category_id or old.project_id is distinct from new.project_id
             or old.parts is distinct from new.parts or old.description is distinct from new.description))
  execute function private.sync_paid_entry_to_ledger();

CREATE OR REPLACE FUNCTION private.track_entry_totals()
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
          'sem_comprovante', o.paid_amount > 0 and not o.has_comprovante,
          'parts', o.parts, 'amount', o.amount, 'interest_amount', o.interest_amount,
          'fine_amount', o.fine_amount, 'discount_amount', o.discount_amount, 'sign', -1))
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
          'sem_comprovante', n.paid_amount > 0 and not n.has_comprovante,
          'parts', n.parts, 'amount', n.amount, 'interest_amount', n.interest_amount,
          'fine_amount', n.fine_amount, 'discount_amount', n.discount_amount, 'sign', 1))
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
          'sem_comprovante', o.paid_amount > 0 and not o.has_comprovante,
          'parts', o.parts, 'amount', o.amount, 'interest_amount', o.interest_amount,
          'fine_amount', o.fine_amount, 'discount_amount', o.discount_amount, 'sign', -1))
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
          'sem_comprovante', n.paid_amount > 0 and not n.has_comprovante,
          'parts', n.parts, 'amount', n.amount, 'interest_amount', n.interest_amount,
          'fine_amount', n.fine_amount, 'discount_amount', n.discount_amount, 'sign', 1))
        from new_rows n), '[]');
    end if;
  end if;
  if jsonb_array_length(v_rows) > 0 then
    perform private.apply_entry_totals(v_rows);
  end if;
  return null;
end;
$function$;

-- Rows without the parts' keys (null parts) are applied as before. A split entry: all, account and
-- counterparty_all take the entry's own figures; category, project and project_all take its parts'
-- figures (entry_part_figures) summed per categoria / obra, so a split entry counts once per
-- categoria / obra it has. settled_* follow the entry's paid_amount (a part's share may round to 0).
CREATE OR REPLACE FUNCTION private.apply_entry_totals(p_rows jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into private.entry_totals as t
    (company_id, kind, paid, sem_comprovante, dim, dim_id, month, display_total, open_total, paid_total,
     settled_total, settled_count, entry_count)
  select r.company_id, r.kind, r.paid, r.sem_comprovante, d.dim, d.dim_id, d.month,
         sum(r.sign * (d.paid_total + d.open_amount)), sum(r.sign * d.open_amount), sum(r.sign * d.paid_total),
         coalesce(sum(r.sign * d.paid_total) filter (where r.paid_amount > 0), 0),
         coalesce(sum(r.sign) filter (where r.paid_amount > 0), 0), sum(r.sign)
  from jsonb_to_recordset(p_rows) as r(company_id uuid, kind text, paid boolean, movement_date date,
                                       bank_account_id uuid, category_id uuid, project_id uuid,
                                       has_counterparty boolean, open_amount numeric, paid_total numeric,
                                       paid_amount numeric, sem_comprovante boolean, sign integer,
                                       parts jsonb, amount numeric, interest_amount numeric,
                                       fine_amount numeric, discount_amount numeric)
  cross join lateral (
    with f as (
      select x.category_id, x.project_id, x.open_amount, x.paid_total
      from private.entry_part_figures(r.parts, null, null, null, r.amount, r.paid_amount,
                                      r.interest_amount, r.fine_amount, r.discount_amount) x
      where r.parts is not null
    )
    select v.dim, v.dim_id, v.month, r.open_amount, r.paid_total
    from (values ('all', null::uuid, date_trunc('month', r.movement_date::timestamp)::date),
                 ('account', r.bank_account_id, date_trunc('month', r.movement_date::timestamp)::date),
                 ('counterparty_all', null::uuid, null::date)) v(dim, dim_id, month)
    where v.dim <> 'counterparty_all' or r.has_counterparty
    union all
    select v.dim, v.dim_id, v.month, r.open_amount, r.paid_total
    from (values ('category', r.category_id, date_trunc('month', r.movement_date::timestamp)::date),
                 ('project', r.project_id, date_trunc('month', r.movement_date::timestamp)::date),
                 ('project_all', r.project_id, null::date)) v(dim, dim_id, month)
    where r.parts is null
    union all
    select 'category', f.category_id, date_trunc('month', r.movement_date::timestamp)::date,
           sum(f.open_amount), sum(f.paid_total)
    from f group by f.category_id
    union all
    select x.dim, f.project_id,
           case when x.dim = 'project' then date_trunc('month', r.movement_date::timestamp)::date end,
           sum(f.open_amount), sum(f.paid_total)
    from f cross join (values ('project'), ('project_all')) x(dim)
    group by x.dim, f.project_id
  ) as d(dim, dim_id, month, open_amount, paid_total)
  -- A company being deleted takes its totals with it (its entries go by the same cascade).
  where exists (select 1 from public.companies c where c.id = r.company_id)
  group by r.company_id, r.kind, r.paid, r.sem_comprovante, d.dim, d.dim_id, d.month
  order by r.company_id, d.dim, r.kind, r.paid, d.dim_id, d.month, r.sem_comprovante
  on conflict on constraint entry_totals_key do update
    set display_total = t.display_total + excluded.display_total,
        open_total = t.open_total + excluded.open_total,
        paid_total = t.paid_total + excluded.paid_total,
        settled_total = t.settled_total + excluded.settled_total,
        settled_count = t.settled_count + excluded.settled_count,
        entry_count = t.entry_count + excluded.entry_count
$function$;
comment on function private.apply_entry_totals(jsonb) is 'Adds the rows given (an entry''s figures with sign +1 / −1, from private.track_entry_totals) to private.entry_totals. A split entry (parts): dims all, account, counterparty_all take its own figures; category, project and project_all its parts'' figures (private.entry_part_figures) summed per categoria / obra, entry_count once per categoria / obra.';
revoke all on function private.apply_entry_totals(jsonb) from public, anon, authenticated;

CREATE OR REPLACE FUNCTION private.track_ledger_totals()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_target public.transactions;
begin
  if tg_op = 'UPDATE'
     and new.company_id = old.company_id and new.bank_account_id = old.bank_account_id
     and new.transaction_date = old.transaction_date and new.amount = old.amount
     and new.direction = old.direction and new.type = old.type
     and new.category_id is not distinct from old.category_id
     and new.project_id is not distinct from old.project_id
     and new.parts is not distinct from old.parts
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
$function$;

-- A ledger row as categorias or obras: itself when not split; else its value apportioned by its
-- parts (private.part_shares), summed per categoria / obra (a row counts once per categoria / obra).
create function private.ledger_row_dims(p_parts jsonb, p_own uuid, p_key text, p_value numeric)
returns table (dim_id uuid, total numeric)
language sql
immutable
set search_path = ''
as $$
  select p_own, p_value where p_parts is null
  union all
  select case p_key when 'category_id' then s.category_id else s.project_id end, sum(s.share)
  from private.part_shares(p_parts, p_value) s
  where p_parts is not null
  group by 1
$$;
comment on function private.ledger_row_dims(jsonb, uuid, text, numeric) is 'A ledger row''s value by categoria (p_key category_id) or obra (project_id): (p_own, p_value) when not split; else p_value apportioned by the parts (private.part_shares), summed per id. Feeds private.ledger_totals_add.';
revoke all on function private.ledger_row_dims(jsonb, uuid, text, numeric) from public, anon, authenticated;

CREATE OR REPLACE FUNCTION private.ledger_totals_add(p_row public.transactions, p_standing boolean, p_sign integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
    insert into private.ledger_account_months as m (company_id, bank_account_id, month, net_total)
    values (p_row.company_id, p_row.bank_account_id, v_month, case when v_in then v_amount else -v_amount end)
    on conflict (company_id, bank_account_id, month) do update
      set net_total = m.net_total + excluded.net_total;
  else
    update private.ledger_account_days d
    set net_total = d.net_total + case when v_in then v_amount else -v_amount end,
        in_total = d.in_total + case when p_standing and v_in then v_amount else 0 end,
        out_total = d.out_total + case when p_standing and not v_in then v_amount else 0 end,
        in_count = d.in_count - case when p_standing and v_in then 1 else 0 end,
        out_count = d.out_count - case when p_standing and not v_in then 1 else 0 end
    where d.company_id = p_row.company_id and d.bank_account_id = p_row.bank_account_id
      and d.day = p_row.transaction_date;
    update private.ledger_account_months m
    set net_total = m.net_total + case when v_in then v_amount else -v_amount end
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.month = v_month;
  end if;

  if not p_standing or p_row.type not in ('income', 'expense') then
    return;
  end if;
  -- A split row (parts) adds its amount apportioned by its parts, once per categoria / obra.
  if p_sign > 0 then
    insert into private.ledger_category_months as m
      (company_id, month, bank_account_id, kind, category_id, total, row_count)
    select p_row.company_id, v_month, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from private.ledger_row_dims(p_row.parts, p_row.category_id, 'category_id', v_amount) g
    order by g.dim_id
    on conflict (company_id, month, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_months as m
      (company_id, month, bank_account_id, kind, project_id, total, row_count)
    select p_row.company_id, v_month, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from private.ledger_row_dims(p_row.parts, p_row.project_id, 'project_id', v_amount) g
    order by g.dim_id
    on conflict (company_id, month, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_category_totals as m
      (company_id, bank_account_id, kind, category_id, total, row_count)
    select p_row.company_id, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from private.ledger_row_dims(p_row.parts, p_row.category_id, 'category_id', v_amount) g
    order by g.dim_id
    on conflict (company_id, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_totals as m
      (company_id, bank_account_id, kind, project_id, total, row_count)
    select p_row.company_id, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from private.ledger_row_dims(p_row.parts, p_row.project_id, 'project_id', v_amount) g
    order by g.dim_id
    on conflict (company_id, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
  else
    update private.ledger_category_months m
    set total = m.total + g.total, row_count = m.row_count - 1
    from private.ledger_row_dims(p_row.parts, p_row.category_id, 'category_id', v_amount) g
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from g.dim_id;
    update private.ledger_project_months m
    set total = m.total + g.total, row_count = m.row_count - 1
    from private.ledger_row_dims(p_row.parts, p_row.project_id, 'project_id', v_amount) g
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from g.dim_id;
    update private.ledger_category_totals m
    set total = m.total + g.total, row_count = m.row_count - 1
    from private.ledger_row_dims(p_row.parts, p_row.category_id, 'category_id', v_amount) g
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from g.dim_id;
    update private.ledger_project_totals m
    set total = m.total + g.total, row_count = m.row_count - 1
    from private.ledger_row_dims(p_row.parts, p_row.project_id, 'project_id', v_amount) g
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from g.dim_id;
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION private.guard_stage_delete()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from public.accounts_payable e where e.stage_id = old.id)
     or exists (select 1 from public.accounts_receivable e where e.stage_id = old.id)
     -- Named only in the parts of a split entry (its obra is among the entry's part obras).
     or (exists (select 1 from public.companies c where c.id = old.company_id)
         and (exists (select 1 from public.accounts_payable e
                      where e.parts is not null and e.part_project_ids @> array[old.project_id]
                        and e.parts @> jsonb_build_array(jsonb_build_object('stage_id', old.id)))
              or exists (select 1 from public.accounts_receivable e
                         where e.parts is not null and e.part_project_ids @> array[old.project_id]
                           and e.parts @> jsonb_build_array(jsonb_build_object('stage_id', old.id))))) then
    raise exception using errcode = 'P0001', message = 'stage_in_use';
  end if;
  return old;
end;
$function$;
comment on function private.guard_stage_delete() is 'Trigger: a stage with payables or receivables, also one named only in a part of a split entry, cannot be removed (stage_in_use). Security definer: counts every entry of the stage''s company, also a split one the caller''s RLS hides (an obra member sees no split entry through the table).';

CREATE OR REPLACE FUNCTION public.remove_category(p_category_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_category public.categories;
begin
  perform private.assert_row_role('categories', p_category_id, array['admin', 'financeiro']);
  -- Locking the row makes a concurrent insert of an entry pointing at it wait (its foreign key
  -- check takes a key-share lock), so "unused" cannot become "used" between the check and the delete.
  select * into v_category from public.categories c
  where c.id = p_category_id and c.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  if exists (select 1 from public.accounts_payable e
             where e.company_id = v_category.company_id and e.category_id = v_category.id)
     or exists (select 1 from public.accounts_receivable e
                where e.company_id = v_category.company_id and e.category_id = v_category.id)
     or exists (select 1 from public.transactions t
                where t.company_id = v_category.company_id and t.category_id = v_category.id)
     -- Named only in the parts of a split entry or payment.
     or exists (select 1 from public.accounts_payable e
                where e.company_id = v_category.company_id and e.parts is not null
                  and e.part_category_ids @> array[v_category.id])
     or exists (select 1 from public.accounts_receivable e
                where e.company_id = v_category.company_id and e.parts is not null
                  and e.part_category_ids @> array[v_category.id])
     or exists (select 1 from public.transactions t
                where t.company_id = v_category.company_id and t.parts is not null
                  and t.part_category_ids @> array[v_category.id]) then
    update public.categories set is_active = false where id = v_category.id;
    return 'archived';
  end if;

  delete from public.categories where id = v_category.id;
  return 'deleted';
end;
$function$;
comment on function public.remove_category(p_category_id uuid) is 'Removes a category of the caller''s company. Returns ''deleted'' when nothing used it, or ''archived'' (is_active = false: hidden from pickers and the list, still named on old entries) when payables, receivables or ledger rows point at it, also only through a part of a rateio. Error key category_not_found.';

CREATE OR REPLACE FUNCTION private.guard_category_type()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.type is distinct from old.type
     and ((new.type <> 'expense' and exists (select 1 from public.accounts_payable e
                                               where e.company_id = old.company_id and e.category_id = old.id))
          or (new.type <> 'income' and exists (select 1 from public.accounts_receivable e
                                                 where e.company_id = old.company_id and e.category_id = old.id))
          or (new.type <> 'expense' and exists (select 1 from public.accounts_payable e
                                                  where e.company_id = old.company_id and e.parts is not null
                                                    and e.part_category_ids @> array[old.id]))
          or (new.type <> 'income' and exists (select 1 from public.accounts_receivable e
                                                 where e.company_id = old.company_id and e.parts is not null
                                                   and e.part_category_ids @> array[old.id]))) then
    raise exception using errcode = 'P0001', message = 'category_type_mismatch';
  end if;
  return new;
end;
$function$;
comment on function private.guard_category_type() is 'Trigger: refuses changing the type of a category that payables (expense) or receivables (income) use, also through a part of a rateio (category_type_mismatch).';

-- An obra or a category named only in the parts of a split entry (or payment) is in use: deleting
-- it is refused as the foreign keys refuse one named in the entry's own column (23503, with the key
-- the app shows for those: reference_in_use). A company being deleted takes everything with it.
create function private.guard_part_reference_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text := case tg_table_name when 'projects' then 'project' else 'category' end;
begin
  if not exists (select 1 from public.companies c where c.id = old.company_id) then
    return old;
  end if;
  if (v_key = 'project'
      and (exists (select 1 from public.accounts_payable e
                   where e.company_id = old.company_id and e.parts is not null
                     and e.part_project_ids @> array[old.id])
           or exists (select 1 from public.accounts_receivable e
                      where e.company_id = old.company_id and e.parts is not null
                        and e.part_project_ids @> array[old.id])
           or exists (select 1 from public.transactions t
                      where t.company_id = old.company_id and t.parts is not null
                        and t.part_project_ids @> array[old.id])))
     or (v_key = 'category'
         and (exists (select 1 from public.accounts_payable e
                      where e.company_id = old.company_id and e.parts is not null
                        and e.part_category_ids @> array[old.id])
              or exists (select 1 from public.accounts_receivable e
                         where e.company_id = old.company_id and e.parts is not null
                           and e.part_category_ids @> array[old.id])
              or exists (select 1 from public.transactions t
                         where t.company_id = old.company_id and t.parts is not null
                           and t.part_category_ids @> array[old.id]))) then
    raise exception using errcode = '23503', message = 'reference_in_use';
  end if;
  return old;
end;
$$;
comment on function private.guard_part_reference_delete() is 'Trigger: an obra (projects) or a categoria (categories) named in the parts of a split entry or ledger row cannot be deleted: 23503 reference_in_use, the key the app shows for the foreign key of an entry''s own column refusing it. Not while its company is being deleted.';
revoke all on function private.guard_part_reference_delete() from public, anon, authenticated;

create trigger projects_guard_part_reference
  before delete on public.projects
  for each row execute function private.guard_part_reference_delete();
create trigger categories_guard_part_reference
  before delete on public.categories
  for each row execute function private.guard_part_reference_delete();

-- Lançar "Marcar como Pago" of a split entry: create_and_settle_entry takes p_parts (null = not
-- split). The old signature goes (PostgREST calls by name; the new argument has a default, also in
-- the private body, which reconcile_statement_line calls with 18 arguments).
drop function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid);
drop function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid);

CREATE OR REPLACE FUNCTION private.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid, p_description text, p_amount numeric, p_due_date date, p_bank_account_id uuid, p_paid_on date, p_today date, p_counterparty_id uuid, p_counterparty_name text, p_project_id uuid, p_category_id uuid, p_payment_method text, p_notes text, p_interest numeric, p_fine numeric, p_discount numeric, p_stage_id uuid DEFAULT NULL::uuid, p_parts jsonb DEFAULT NULL::jsonb)
 RETURNS public.entries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_inserted uuid;
  v_result public.entries;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_id is null then
    raise exception using errcode = 'P0001', message = 'invalid_id';
  end if;
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  perform private.assert_text_length(btrim(p_description), 200, 'description');
  perform private.assert_text_length(btrim(p_counterparty_name), 200,
                                     case p_kind when 'expense' then 'supplier_name' else 'client_name' end);
  perform private.assert_text_length(btrim(p_notes), 2000, 'notes');
  if p_payment_method is not null and p_payment_method not in ('transfer', 'pix', 'card', 'cash') then
    raise exception using errcode = 'P0001', message = 'invalid_payment_method';
  end if;
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_due_date);
  -- A split entry's obra, etapa and categoria are its parts' (the parts themselves are checked by
  -- private.check_entry_parts on the insert below).
  if p_parts is not null and jsonb_typeof(p_parts) <> 'null'
     and (p_project_id is not null or p_stage_id is not null or p_category_id is not null) then
    raise exception using errcode = 'P0001', message = 'split_invalid';
  end if;
  -- A stage of this obra of this company (also when no obra is given: a stage needs its obra).
  if p_stage_id is not null and not exists (
    select 1 from public.project_stages s
    where s.id = p_stage_id and s.project_id = p_project_id and s.company_id = p_company_id
  ) then
    raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
  end if;

  if p_kind = 'expense' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, stage_id, category_id, bank_account_id, payment_method, notes, parts)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''), nullif(p_parts, 'null'::jsonb))
    on conflict do nothing
    returning id into v_inserted;
  else
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, stage_id, category_id, bank_account_id, payment_method, notes, parts)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''), nullif(p_parts, 'null'::jsonb))
    on conflict do nothing
    returning id into v_inserted;
  end if;

  if v_inserted is not null then
    perform private.settle_entry(p_kind, p_id, p_bank_account_id, p_paid_on, null, p_interest, p_fine,
                                 p_discount, p_today);
  end if;

  -- Created now or by an earlier call with the same id (which waited for it to commit).
  select * into v_result from public.entries e
  where e.kind = p_kind and e.id = p_id and e.company_id in (select private.user_company_ids());
  if not found then
    -- The id belongs to a row the caller cannot see.
    raise exception using errcode = 'P0001', message = 'entry_id_conflict';
  end if;
  return v_result;
end;
$function$;
comment on function private.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid, p_description text, p_amount numeric, p_due_date date, p_bank_account_id uuid, p_paid_on date, p_today date, p_counterparty_id uuid, p_counterparty_name text, p_project_id uuid, p_category_id uuid, p_payment_method text, p_notes text, p_interest numeric, p_fine numeric, p_discount numeric, p_stage_id uuid, p_parts jsonb) is 'Body of public.create_and_settle_entry (security definer: it writes the status and the ledger).';
revoke all on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid, jsonb) from public, anon, authenticated;
grant execute on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid, jsonb) to authenticated;

CREATE OR REPLACE FUNCTION public.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid, p_description text, p_amount numeric, p_due_date date, p_bank_account_id uuid, p_paid_on date DEFAULT NULL::date, p_today date DEFAULT NULL::date, p_counterparty_id uuid DEFAULT NULL::uuid, p_counterparty_name text DEFAULT NULL::text, p_project_id uuid DEFAULT NULL::uuid, p_category_id uuid DEFAULT NULL::uuid, p_payment_method text DEFAULT NULL::text, p_notes text DEFAULT NULL::text, p_interest numeric DEFAULT 0, p_fine numeric DEFAULT 0, p_discount numeric DEFAULT 0, p_stage_id uuid DEFAULT NULL::uuid, p_parts jsonb DEFAULT NULL::jsonb)
 RETURNS public.entries
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.create_and_settle_entry(p_kind, p_id, p_company_id, p_description, p_amount, p_due_date,
                                                p_bank_account_id, p_paid_on, p_today, p_counterparty_id,
                                                p_counterparty_name, p_project_id, p_category_id,
                                                p_payment_method, p_notes, p_interest, p_fine, p_discount,
                                                p_stage_id, p_parts)
$function$;
comment on function public.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid, p_description text, p_amount numeric, p_due_date date, p_bank_account_id uuid, p_paid_on date, p_today date, p_counterparty_id uuid, p_counterparty_name text, p_project_id uuid, p_category_id uuid, p_payment_method text, p_notes text, p_interest numeric, p_fine numeric, p_discount numeric, p_stage_id uuid, p_parts jsonb) is 'Lançar "Marcar como Pago": creates the payable (p_kind expense; p_counterparty_* = supplier) or receivable (income; client) with the client-generated id p_id, on the etapa p_stage_id of the obra p_project_id when given, or split into p_parts (the rateio, as accounts_payable.parts; then p_project_id, p_stage_id and p_category_id must be null), and settles it in full into p_bank_account_id on p_paid_on (null = p_today), in one transaction; the payment carries the parts. The same p_id again returns the existing entry (row of the entries view) and writes nothing. Raises invalid_kind, invalid_id, not_a_member, invalid_amount, invalid_date, stage_project_mismatch (the stage is not of that obra and company), payment_date_in_future, bank_account_not_found, bank_account_inactive, category_type_mismatch, entry_id_conflict (the id is another company''s), split_invalid, split_sum_mismatch, split_project_not_found, split_project_closed, split_category_not_found. (body: private.create_and_settle_entry)';
revoke all on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid, jsonb) from public, anon, authenticated;
grant execute on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid, jsonb) to authenticated, service_role;

-- The standing ledger rows show their parts too (every aggregate of "what moved" reads this view;
-- a split row's obra and categoria are its parts'). New columns at the end: the view keeps the
-- columns it had, in their order (create or replace view may only add).
create or replace view public.standing_transactions with (security_invoker = true) as
 select t.id, t.company_id, t.type, t.direction, t.description, t.amount, t.transaction_date,
        t.bank_account_id, t.category_id, t.project_id, t.payable_id, t.receivable_id, t.transfer_group_id,
        t.reversal_of, t.created_by, t.created_at, t.principal_amount, t.interest_amount, t.fine_amount,
        t.discount_amount, t.parts, t.part_project_ids, t.part_category_ids
 from public.transactions t
 where t.reversal_of is null
   and not exists (select 1 from public.transactions r where r.reversal_of = t.id);
comment on view public.standing_transactions is 'Ledger rows that still stand: neither an estorno row nor a row an estorno reversed (such pairs net out). Every aggregate of "what moved" reads this view; a row with parts (rateio) has no obra or categoria of its own: apportion its amount with private.part_shares(parts, amount). RLS of transactions applies (security_invoker).';
