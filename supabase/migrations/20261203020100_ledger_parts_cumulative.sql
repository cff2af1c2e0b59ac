-- Issue 33 (rateio), finish: the ledger side agrees with the entry side to the centavo.
--
-- Before: each ledger row of a split entry carried a copy of the entry's parts and readers
-- apportioned the row's amount alone (private.part_shares(t.parts, t.amount)). Paid in several
-- payments, Σ over the rows of a part could differ by a centavo per part from the entry-side figure
-- (private.entry_part_figures: the entry's paid, juros, multa and desconto apportioned as totals):
-- 100.00 split 1/3 each paid 33.33 + 33.33 + 33.34 gave 11.11 + 11.11 + 11.12 = 33.34 to the first
-- part by its rows, 33.34 by the entry (largest remainder puts the centavo on the earlier part: the
-- rows gave it 11.11 + 11.11 + 11.12 = 33.34 to the LAST, 33.33 to the first).
--
-- Now: a ledger row's parts are the entry's parts (same order, ids, percent) with `amount` = the
-- row's own share of each part, apportioned cumulatively over the entry's standing rows in the
-- order they were written (created_at, id): for each of principal, juros, multa and desconto,
-- a row's share = apportion(Σ up to and including this row) − apportion(Σ before it). Σ over the
-- standing rows of a part is then apportion(Σ of the rows) = the entry-side figure, since an
-- entry's paid_amount, interest_amount, fine_amount and discount_amount are the sums over its
-- standing rows. The shares sum to the row's amount, so every reader that apportions the row's
-- amount by its parts' amounts (private.part_shares(t.parts, t.amount), private.ledger_row_dims,
-- the tests) gets exactly those shares, unchanged. A share may be 0 (or, with a desconto, below 0).
--
-- * settle_entry writes a payment's parts so (its shares after the standing rows before it).
-- * An estorno carries the parts of the row it reverses (the pair nets out per part); then the
--   entry's other standing rows are restated (private.restate_ledger_parts): their cumulative
--   shares change when a row in the middle leaves.
-- * A new split of a paid entry (sync_paid_entry_to_ledger) restates its standing rows.
-- * The rows already written are restated below.
-- * private.ledger_totals_add computes a row's categorias and obras once each (it called
--   private.ledger_row_dims four times per row); the same results.

-- The parts of each of p_rows (an entry's ledger rows in order, each {principal, interest, fine,
-- discount}) for an entry split into p_parts: a JSON array, one parts array per row.
create function private.ledger_parts(p_parts jsonb, p_rows jsonb)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_n integer;
  v_weights numeric[] := '{}';
  v_sum numeric[] := array[0, 0, 0, 0];
  v_prev numeric[][];
  v_cur numeric[][];
  v_row jsonb;
  v_row_parts jsonb;
  v_share numeric;
  v_out jsonb := '[]';
begin
  if p_parts is null or jsonb_typeof(p_parts) <> 'array' or p_rows is null then
    return null;
  end if;
  v_n := jsonb_array_length(p_parts);
  for i in 1 .. v_n loop
    v_weights[i] := (p_parts -> (i - 1) ->> 'amount')::numeric;
  end loop;
  v_prev := array_fill(0::numeric, array[4, v_n]);
  v_cur := v_prev;
  for v_row in select e from jsonb_array_elements(p_rows) e loop
    v_sum[1] := v_sum[1] + coalesce((v_row ->> 'principal')::numeric, 0);
    v_sum[2] := v_sum[2] + coalesce((v_row ->> 'interest')::numeric, 0);
    v_sum[3] := v_sum[3] + coalesce((v_row ->> 'fine')::numeric, 0);
    v_sum[4] := v_sum[4] + coalesce((v_row ->> 'discount')::numeric, 0);
    for c in 1 .. 4 loop
      declare
        v_shares numeric[] := private.apportion(v_weights, v_sum[c]);
      begin
        for i in 1 .. v_n loop
          v_cur[c][i] := v_shares[i];
        end loop;
      end;
    end loop;
    v_row_parts := '[]';
    for i in 1 .. v_n loop
      v_share := (v_cur[1][i] - v_prev[1][i]) + (v_cur[2][i] - v_prev[2][i])
                 + (v_cur[3][i] - v_prev[3][i]) - (v_cur[4][i] - v_prev[4][i]);
      -- amount = the row's share; its principal, juros, multa and desconto beside it (the
      -- accountant's pagamentos.csv lists them per part).
      v_row_parts := v_row_parts || jsonb_build_array(
        (p_parts -> (i - 1)) || jsonb_build_object(
          'amount', v_share,
          'principal', v_cur[1][i] - v_prev[1][i], 'interest', v_cur[2][i] - v_prev[2][i],
          'fine', v_cur[3][i] - v_prev[3][i], 'discount', v_cur[4][i] - v_prev[4][i]));
    end loop;
    v_out := v_out || jsonb_build_array(v_row_parts);
    v_prev := v_cur;
  end loop;
  return v_out;
end;
$$;
comment on function private.ledger_parts(jsonb, jsonb) is 'The parts of an entry''s ledger rows: p_rows (its standing rows in the order written, each {principal, interest, fine, discount}) for an entry split into p_parts. One parts array per row: the entry''s parts with amount = the row''s share (and principal, interest, fine, discount: its shares of each), apportioned cumulatively (per value, apportion of the sum up to this row − apportion of the sum before it), so Σ over the rows of a part = the entry''s figure apportioned as a total (private.entry_part_figures) and Σ of a row''s shares = its amount.';
revoke all on function private.ledger_parts(jsonb, jsonb) from public, anon, authenticated;

-- An entry's standing ledger rows (neither an estorno nor reversed), in the order written; each arm
-- on its index (transactions_company_payable_idx / transactions_company_receivable_idx).
create function private.entry_standing_rows(p_company_id uuid, p_kind text, p_entry_id uuid)
returns setof public.transactions
language sql
stable
set search_path = ''
as $$
  select u.*
  from (
    select t.*
    from public.transactions t
    where p_kind = 'expense' and t.company_id = p_company_id and t.payable_id = p_entry_id
    union all
    select t.*
    from public.transactions t
    where p_kind = 'income' and t.company_id = p_company_id and t.receivable_id = p_entry_id
  ) u
  where u.type = p_kind
    and u.reversal_of is null
    and not exists (select 1 from public.transactions r where r.reversal_of = u.id)
  order by u.created_at, u.id
$$;
comment on function private.entry_standing_rows(uuid, text, uuid) is 'The standing ledger rows (payments not reversed) of the payable (p_kind expense) or receivable (income) p_entry_id of company p_company_id, in the order written (created_at, id): the order private.ledger_parts apportions them in.';
revoke all on function private.entry_standing_rows(uuid, text, uuid) from public, anon, authenticated;

-- Gives the standing rows of an entry the parts private.ledger_parts computes (null when the entry
-- is not split); writes only the rows whose parts change (each write moves the kept totals).
create function private.restate_ledger_parts(p_kind text, p_entry_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_parts jsonb;
  v_ids uuid[];
  v_rows jsonb;
  v_new jsonb;
begin
  if p_kind = 'expense' then
    select e.company_id, e.parts into v_company_id, v_parts from public.accounts_payable e where e.id = p_entry_id;
  else
    select e.company_id, e.parts into v_company_id, v_parts from public.accounts_receivable e where e.id = p_entry_id;
  end if;
  select array_agg(s.id order by s.created_at, s.id),
         jsonb_agg(jsonb_build_object('principal', s.principal_amount, 'interest', s.interest_amount,
                                      'fine', s.fine_amount, 'discount', s.discount_amount)
                   order by s.created_at, s.id)
  into v_ids, v_rows
  from private.entry_standing_rows(v_company_id, p_kind, p_entry_id) s;
  if v_ids is null then
    return;
  end if;
  v_new := private.ledger_parts(v_parts, v_rows);
  for i in 1 .. cardinality(v_ids) loop
    update public.transactions t
    set parts = v_new -> (i - 1)
    where t.id = v_ids[i] and t.parts is distinct from v_new -> (i - 1);
  end loop;
end;
$$;
comment on function private.restate_ledger_parts(text, uuid) is 'Gives the standing ledger rows of a payable (p_kind expense) or receivable (income) the parts private.ledger_parts computes from the entry''s parts (null when not split), writing only the rows that change. Called by reverse_ledger_row and sync_paid_entry_to_ledger (runs as their definer caller).';
revoke all on function private.restate_ledger_parts(text, uuid) from public, anon, authenticated;

-- A payment of a split entry: its shares after the entry's standing rows before it.
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
  v_row_parts jsonb;
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

  -- A split entry: this payment's shares come after the standing rows before it (the last of
  -- private.ledger_parts over them and this one).
  if v_parts is not null then
    select private.ledger_parts(
             v_parts,
             coalesce(jsonb_agg(jsonb_build_object('principal', s.principal_amount,
                                                   'interest', s.interest_amount,
                                                   'fine', s.fine_amount,
                                                   'discount', s.discount_amount)
                                order by s.created_at, s.id), '[]')
             || jsonb_build_array(jsonb_build_object('principal', v_principal, 'interest', v_interest,
                                                     'fine', v_fine, 'discount', v_discount))) -> -1
    into v_row_parts
    from private.entry_standing_rows(v_company_id, p_kind, p_id) s;
  end if;

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   created_by, principal_amount, interest_amount, fine_amount, discount_amount, parts)
  values (v_company_id, p_kind, case p_kind when 'expense' then 'out' else 'in' end, left(v_description, 250),
          v_total, v_on, p_bank_account_id, v_category_id, v_project_id,
          case when p_kind = 'expense' then p_id end, case when p_kind = 'income' then p_id end,
          (select auth.uid()), v_principal, v_interest, v_fine, v_discount, v_row_parts);
end;
$function$;

-- An estorno carries the parts of the row it reverses (the pair nets out per part); the entry's
-- other standing rows are restated.
CREATE OR REPLACE FUNCTION private.reverse_ledger_row(p_row public.transactions, p_on date)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_parts jsonb;
begin
  -- Its parts as they stand now: reopen_* reverses an entry's rows one after another from a query
  -- read before the first estorno restated the others.
  select t.parts into v_parts from public.transactions t where t.id = p_row.id;
  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, receivable_id,
                                   transfer_group_id, reversal_of, created_by, principal_amount,
                                   interest_amount, fine_amount, discount_amount, parts)
  values (p_row.company_id, p_row.type, case p_row.direction when 'in' then 'out' else 'in' end,
          left('Estorno: ' || p_row.description, 250), p_row.amount, p_on, p_row.bank_account_id,
          p_row.category_id, p_row.project_id, p_row.payable_id, p_row.receivable_id,
          p_row.transfer_group_id, p_row.id, (select auth.uid()), p_row.principal_amount,
          p_row.interest_amount, p_row.fine_amount, p_row.discount_amount, v_parts);
  if v_parts is not null and p_row.type in ('expense', 'income') then
    perform private.restate_ledger_parts(p_row.type, coalesce(p_row.payable_id, p_row.receivable_id));
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION private.sync_paid_entry_to_ledger()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text := case tg_table_name when 'accounts_payable' then 'expense' else 'income' end;
begin
  -- Not split: the entry's own obra and categoria. Split: the rows keep their parts here (the
  -- check on transactions wants no obra or categoria beside them) and are restated below.
  update public.transactions t
  set category_id = new.category_id, project_id = new.project_id,
      parts = case when new.parts is null then null else t.parts end,
      description = left(new.description, 250)
  where t.id in (select s.id from private.entry_standing_rows(new.company_id, v_kind, new.id) s)
    and (t.category_id is distinct from new.category_id or t.project_id is distinct from new.project_id
         or (new.parts is null and t.parts is not null)
         or t.description is distinct from left(new.description, 250));
  if new.parts is not null then
    perform private.restate_ledger_parts(v_kind, new.id);
  end if;
  return null;
end;
$function$;
comment on function private.sync_paid_entry_to_ledger() is 'Trigger: copies the new category_id / project_id / description of an entry with payments to its standing ledger rows, and gives them the new split''s parts (private.restate_ledger_parts): a new split of a paid entry restates the realizado of the obras and categories involved (the ledger totals move from the old parts to the new). Reversed pairs keep the parts they had (they cancel each other).';

-- A ledger row's categorias and obras computed once each (20261202020100 called
-- private.ledger_row_dims four times per row); the same statements over them.
CREATE OR REPLACE FUNCTION private.ledger_totals_add(p_row public.transactions, p_standing boolean, p_sign integer)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  v_amount numeric := p_sign * p_row.amount;
  v_in boolean := p_row.direction = 'in';
  v_month date := date_trunc('month', p_row.transaction_date)::date;
  v_category_ids uuid[];
  v_category_totals numeric[];
  v_project_ids uuid[];
  v_project_totals numeric[];
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
  select array_agg(g.dim_id order by g.dim_id), array_agg(g.total order by g.dim_id)
  into v_category_ids, v_category_totals
  from private.ledger_row_dims(p_row.parts, p_row.category_id, 'category_id', v_amount) g;
  select array_agg(g.dim_id order by g.dim_id), array_agg(g.total order by g.dim_id)
  into v_project_ids, v_project_totals
  from private.ledger_row_dims(p_row.parts, p_row.project_id, 'project_id', v_amount) g;
  if p_sign > 0 then
    insert into private.ledger_category_months as m
      (company_id, month, bank_account_id, kind, category_id, total, row_count)
    select p_row.company_id, v_month, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from unnest(v_category_ids, v_category_totals) g(dim_id, total)
    order by g.dim_id
    on conflict (company_id, month, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_months as m
      (company_id, month, bank_account_id, kind, project_id, total, row_count)
    select p_row.company_id, v_month, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from unnest(v_project_ids, v_project_totals) g(dim_id, total)
    order by g.dim_id
    on conflict (company_id, month, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_category_totals as m
      (company_id, bank_account_id, kind, category_id, total, row_count)
    select p_row.company_id, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from unnest(v_category_ids, v_category_totals) g(dim_id, total)
    order by g.dim_id
    on conflict (company_id, bank_account_id, kind, category_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
    insert into private.ledger_project_totals as m
      (company_id, bank_account_id, kind, project_id, total, row_count)
    select p_row.company_id, p_row.bank_account_id, p_row.type, g.dim_id, g.total, 1
    from unnest(v_project_ids, v_project_totals) g(dim_id, total)
    order by g.dim_id
    on conflict (company_id, bank_account_id, kind, project_id) do update
      set total = m.total + excluded.total, row_count = m.row_count + excluded.row_count;
  else
    update private.ledger_category_months m
    set total = m.total + g.total, row_count = m.row_count - 1
    from unnest(v_category_ids, v_category_totals) g(dim_id, total)
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from g.dim_id;
    update private.ledger_project_months m
    set total = m.total + g.total, row_count = m.row_count - 1
    from unnest(v_project_ids, v_project_totals) g(dim_id, total)
    where m.company_id = p_row.company_id and m.month = v_month and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from g.dim_id;
    update private.ledger_category_totals m
    set total = m.total + g.total, row_count = m.row_count - 1
    from unnest(v_category_ids, v_category_totals) g(dim_id, total)
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.category_id is not distinct from g.dim_id;
    update private.ledger_project_totals m
    set total = m.total + g.total, row_count = m.row_count - 1
    from unnest(v_project_ids, v_project_totals) g(dim_id, total)
    where m.company_id = p_row.company_id and m.bank_account_id = p_row.bank_account_id
      and m.kind = p_row.type and m.project_id is not distinct from g.dim_id;
  end if;
end;
$function$;

comment on column public.transactions.parts is 'The parts of the entry this payment (or its estorno) belongs to (ids, etapa, percent as the entry has them) with amount = THIS row''s share of each part, apportioned cumulatively over the entry''s standing rows (private.ledger_parts; a share may be 0): private.part_shares(parts, amount) gives exactly those shares, and Σ over an entry''s standing rows per part = the entry-side figure (private.entry_part_figures). An estorno carries the parts of the row it reverses. Written by settle_entry, reverse_ledger_row and sync_paid_entry_to_ledger (private.restate_ledger_parts). Null when the entry is not split.';

-- The rows already written: restated (only those that change are written).
do $$
declare
  v_entry record;
begin
  for v_entry in
    select 'expense' as kind, e.id from public.accounts_payable e
    where e.parts is not null and e.paid_amount > 0
    union all
    select 'income', e.id from public.accounts_receivable e
    where e.parts is not null and e.paid_amount > 0
  loop
    perform private.restate_ledger_parts(v_entry.kind, v_entry.id);
  end loop;
end;
$$;
