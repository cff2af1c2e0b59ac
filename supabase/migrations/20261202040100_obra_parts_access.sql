-- Issue 33 (rateio), slice `obra`: per-obra access and approvals follow the parts.
--
-- * An 'obra' member reads, records, changes and deletes a split payable whose parts are ALL of
--   their obras (no "Geral" part) exactly as an unsplit payable of their obras: nothing of another
--   obra is on the row. A split that has a part of theirs AND a part of another obra (or Geral)
--   stays hidden from them by RLS; they read it through public.obra_payables, which shows only
--   their parts' figures (amount, paid, open, juros, multa, desconto, paid_total = sums of their
--   parts'), only their parts in `parts` (without the percent, which would tell the whole), and
--   nothing that encodes the whole amount (boleto_code, pix_code, nfe_key null).
-- * The approval trigger: an 'obra' member's split waits for approval when any obra's share of it
--   (the sum of its parts of that obra) exceeds companies.approval_threshold.
-- * approve_payable with a category on a split entry is refused (split_category_on_approval):
--   the categories of a split are its parts'; the approver corrects them through Editar.
-- * assert_entry_writer (delete_entry), daily_digest and write_due_notices follow the parts.

-- ---------------------------------------------------------------------------------------------
-- RLS of accounts_payable: the 'obra' branch accepts a split wholly of the member's obras
-- ---------------------------------------------------------------------------------------------

-- The 'obra' branch's "of my obras": unsplit with its obra mine, or split with every part of an obra
-- of mine (part_project_ids ⊆ mine and no part without obra).
drop policy accounts_payable_select on public.accounts_payable;
drop policy accounts_payable_insert on public.accounts_payable;
drop policy accounts_payable_update on public.accounts_payable;
drop policy accounts_payable_delete on public.accounts_payable;

-- SELECT(accounts_payable): readers of the company; an 'obra' member the payables of their obras
-- (a split only when every part is of their obras: the masked rest through obra_payables).
create policy accounts_payable_select on public.accounts_payable
  for select to authenticated
  using (
    company_id in (select private.reader_company_ids())
    or project_id in (select private.obra_project_ids())
    or (parts is not null
        and part_project_ids <@ (select array(select private.obra_project_ids()))
        and not parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)')
  );

-- INSERT(accounts_payable): writers; an 'obra' member their own pending, unpaid payable without
-- bank account, of their obras (a split: every part of their obras).
create policy accounts_payable_insert on public.accounts_payable
  for insert to authenticated
  with check (
    company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
        and bank_account_id is null
        and (project_id in (select private.obra_project_ids())
             or (parts is not null
                 and part_project_ids <@ (select array(select private.obra_project_ids()))
                 and not parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)')))
  );

-- UPDATE(accounts_payable): writers; an 'obra' member their own until approved, staying of their
-- obras (a split: every part of their obras, before and after).
create policy accounts_payable_update on public.accounts_payable
  for update to authenticated
  using (
    company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
        and bank_account_id is null and approval_status <> 'approved'
        and (project_id in (select private.obra_project_ids())
             or (parts is not null
                 and part_project_ids <@ (select array(select private.obra_project_ids()))
                 and not parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)')))
  )
  with check (
    company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
        and bank_account_id is null and approval_status <> 'approved'
        and (project_id in (select private.obra_project_ids())
             or (parts is not null
                 and part_project_ids <@ (select array(select private.obra_project_ids()))
                 and not parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)')))
  );

-- DELETE(accounts_payable): writers; an 'obra' member their own until approved, of their obras.
create policy accounts_payable_delete on public.accounts_payable
  for delete to authenticated
  using (
    company_id in (select private.writer_company_ids())
    or (created_by = (select auth.uid()) and status = 'pending' and paid_amount = 0
        and bank_account_id is null and approval_status <> 'approved'
        and (project_id in (select private.obra_project_ids())
             or (parts is not null
                 and part_project_ids <@ (select array(select private.obra_project_ids()))
                 and not parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)')))
  );

-- ---------------------------------------------------------------------------------------------
-- Approval: per obra share of a split
-- ---------------------------------------------------------------------------------------------

create or replace function private.payable_approval()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_threshold numeric;
  v_largest numeric;
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
    -- What an obra spends: the whole amount, or of a split the largest share any one obra (or
    -- the parts without obra, together) takes.
    if new.parts is null then
      v_largest := new.amount;
    else
      select max(s.total) into v_largest
      from (select sum((e ->> 'amount')::numeric) as total
            from jsonb_array_elements(new.parts) e
            group by e ->> 'project_id') s;
    end if;
    new.approval_status := case when v_threshold > 0 and v_largest <= v_threshold
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
comment on function private.payable_approval() is 'Trigger: an ''obra'' member''s payable starts pending (approved when companies.approval_threshold > 0 and the amount is within it; a split: when each obra''s share, the sum of its parts, is within it); their edit of a refused one sends it again (pending).';
revoke all on function private.payable_approval() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- approve_payable: a category for a split entry is refused
-- ---------------------------------------------------------------------------------------------

create or replace function private.approve_payable(
  p_payable_id uuid, p_amount numeric, p_updated_at timestamptz, p_category_id uuid,
  p_bank_account_id uuid, p_due_date date
)
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
  -- Locked above: no edit slips in between this check and the decision.
  if v_payable.amount is distinct from p_amount or v_payable.updated_at is distinct from p_updated_at then
    raise exception using errcode = 'P0001', message = 'entry_changed';
  end if;
  -- A split's categories are its parts' (the row's category_id stays null): one category for the
  -- whole entry would drop them, so it is refused, not ignored. Editar changes the parts.
  if p_category_id is not null and v_payable.parts is not null then
    raise exception using errcode = 'P0001', message = 'split_category_on_approval';
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
comment on function private.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) is 'Body of public.approve_payable (security definer, admin and financeiro). A category for a split entry is refused (split_category_on_approval).';
revoke all on function private.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) from public, anon, authenticated;
grant execute on function private.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) to authenticated;

comment on function public.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) is 'Aprovar (admin, financeiro): a payable awaiting approval becomes an ordinary pending payable, optionally with category, bank account and due date fixed first (no category for a split entry: its categories are its parts''). p_amount and p_updated_at are the version the approver saw: when the payable is no longer that version, nothing is decided (entry_changed). Body: private.approve_payable. Raises not_authenticated, invalid_date, entry_not_found, not_a_member, forbidden_role, not_awaiting_approval, entry_changed, split_category_on_approval, bank_account_not_found, bank_account_inactive, category_not_found, category_type_mismatch.';

-- ---------------------------------------------------------------------------------------------
-- delete_entry's gate
-- ---------------------------------------------------------------------------------------------

create or replace function private.assert_entry_writer(p_kind text, p_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
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
  -- An 'obra' member sees a payable of their obras: unsplit of one of them, or split with every
  -- part of theirs (as the select policy).
  if v_role = 'obra' and not exists (
    select 1 from public.accounts_payable e
    where p_kind = 'expense' and e.id = p_id
      and (e.project_id in (select private.obra_project_ids())
           or (e.parts is not null
               and e.part_project_ids <@ array(select private.obra_project_ids())
               and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'))
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
$$;
comment on function private.assert_entry_writer(text, uuid) is 'Gate of delete_entry: admin and financeiro; an ''obra'' member only its own pending, unpaid payables of its obras (a split: every part of its obras) (forbidden_role otherwise). An entry outside the caller''s companies, or one an ''obra'' member does not see whole, passes (the caller raises entry_not_found).';
revoke all on function private.assert_entry_writer(text, uuid) from public, anon, authenticated;
grant execute on function private.assert_entry_writer(text, uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The masked path: an 'obra' member's payables, a split with only their parts
-- ---------------------------------------------------------------------------------------------

create function private.obra_payables(p_company_id uuid, p_id uuid, p_limit integer)
returns table (
  kind text, id uuid, company_id uuid, description text, amount numeric, due_date date,
  status text, settled_on date, counterparty_id uuid, counterparty_name text, project_id uuid,
  project_name text, category_id uuid, category_name text, category_color text,
  bank_account_id uuid, bank_account_name text, payment_method text, notes text, series_id uuid,
  series_kind text, installment_number integer, installment_count integer,
  created_at timestamptz, paid_amount numeric, open_amount numeric, interest_amount numeric,
  fine_amount numeric, discount_amount numeric, paid_total numeric, counterparty_text text,
  updated_at timestamptz, created_by uuid, stage_id uuid, stage_name text, approval_status text,
  approval_reason text, document_count integer, has_comprovante boolean, boleto_code text,
  pix_code text, nfe_key text, parts jsonb, share_only boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_projects uuid[];
begin
  perform private.assert_role(p_company_id, array['obra']);
  if p_limit is null or p_limit not between 1 and 1000 then
    raise exception using errcode = 'P0001', message = 'invalid_limit';
  end if;
  v_projects := array(select a.project_id from public.project_access a
                      where a.company_id = p_company_id and a.user_id = (select auth.uid()));
  return query
  -- Two reads, each on its own index (the obra's rows; the splits naming one of the obras, GIN),
  -- so that a member of a small obra in a large company reads only theirs.
  with base as (
    select u.*
    from (
      (select e.*
       from public.accounts_payable e
       where e.company_id = p_company_id and (p_id is null or e.id = p_id)
         and e.project_id = any (v_projects)
       order by e.due_date, e.id
       limit p_limit)
      union all
      (select e.*
       from public.accounts_payable e
       where e.company_id = p_company_id and (p_id is null or e.id = p_id)
         and e.parts is not null and e.part_project_ids && v_projects
       order by e.due_date, e.id
       limit p_limit)
    ) u
    order by u.due_date, u.id
    limit p_limit
  ),
  -- Each entry as parts (itself when unsplit), with its juros, multa and desconto apportioned;
  -- only the parts of the member's obras are summed.
  mine as (
    select b.id, f.pos, f.project_id, f.stage_id, f.category_id, f.amount, f.paid_amount,
           f.open_amount, f.paid_total,
           coalesce(i.share, b.interest_amount) as interest_amount,
           coalesce(fi.share, b.fine_amount) as fine_amount,
           coalesce(d.share, b.discount_amount) as discount_amount,
           b.parts -> (f.pos - 1) as part
    from base b
    cross join lateral private.entry_part_figures(
      b.parts, b.project_id, b.stage_id, b.category_id, b.amount, b.paid_amount,
      b.interest_amount, b.fine_amount, b.discount_amount) f
    left join lateral private.part_shares(b.parts, b.interest_amount) i on i.pos = f.pos
    left join lateral private.part_shares(b.parts, b.fine_amount) fi on fi.pos = f.pos
    left join lateral private.part_shares(b.parts, b.discount_amount) d on d.pos = f.pos
    where f.project_id = any (v_projects)
  ),
  sums as (
    select m.id, sum(m.amount) as amount, sum(m.paid_amount) as paid_amount,
           sum(m.open_amount) as open_amount, sum(m.paid_total) as paid_total,
           sum(m.interest_amount) as interest_amount, sum(m.fine_amount) as fine_amount,
           sum(m.discount_amount) as discount_amount, count(*)::integer as part_count,
           array_agg(distinct m.project_id) as project_ids,
           array_agg(distinct m.category_id) as category_ids,
           array_agg(distinct m.stage_id) as stage_ids,
           jsonb_agg(m.part order by m.pos) filter (where m.part is not null) as parts
    from mine m
    group by m.id
  )
  select 'expense'::text, b.id, b.company_id, b.description, s.amount, b.due_date, b.status,
         b.payment_date, b.supplier_id, coalesce(sup.name, b.supplier_name),
         b.project_id,
         (select string_agg(p.name, ', ' order by p.name) from public.projects p
          where p.company_id = b.company_id and p.id = any (s.project_ids)),
         b.category_id, c.name, c.color,
         b.bank_account_id, null::text, b.payment_method, b.notes, b.series_id, b.series_kind,
         b.installment_number, b.installment_count, b.created_at,
         s.paid_amount, s.open_amount, s.interest_amount, s.fine_amount, s.discount_amount,
         s.paid_total, b.supplier_name, b.updated_at, b.created_by, b.stage_id, st.name,
         b.approval_status, b.approval_reason,
         case when b.parts is null
              then (select count(*)::integer from public.documents dd where dd.payable_id = b.id)
                   + (select count(*)::integer from public.transactions t
                      join public.documents dd on dd.payment_id = t.id
                      where t.company_id = b.company_id and t.payable_id = b.id)
              else 0 end,
         b.has_comprovante,
         -- A boleto's linha digitável and a PIX code carry the whole amount; the NF-e key opens
         -- the whole invoice: not for one who sees a share.
         case when sh.share_only then null else b.boleto_code end,
         case when sh.share_only then null else b.pix_code end,
         case when sh.share_only then null else b.nfe_key end,
         -- Their parts, without the percent (a percent of a share tells the whole amount).
         case when b.parts is null then null
              when sh.share_only then (select jsonb_agg(x - 'percent') from jsonb_array_elements(s.parts) x)
              else b.parts end,
         sh.share_only
  from base b
  join sums s on s.id = b.id
  cross join lateral (
    select b.parts is not null and s.part_count < jsonb_array_length(b.parts) as share_only
  ) sh
  left join public.suppliers sup on sup.company_id = b.company_id and sup.id = b.supplier_id
  left join public.categories c on c.company_id = b.company_id and c.id = b.category_id
  left join public.project_stages st on st.company_id = b.company_id and st.id = b.stage_id
  order by b.due_date, b.id;
end;
$$;
comment on function private.obra_payables(uuid, uuid, integer) is 'Body of public.obra_payables (security definer: it reads split payables RLS hides from an ''obra'' member, and shows only their parts).';
revoke all on function private.obra_payables(uuid, uuid, integer) from public, anon, authenticated;
grant execute on function private.obra_payables(uuid, uuid, integer) to authenticated;

create function public.obra_payables(p_company_id uuid, p_id uuid default null, p_limit integer default 200)
returns table (
  kind text, id uuid, company_id uuid, description text, amount numeric, due_date date,
  status text, settled_on date, counterparty_id uuid, counterparty_name text, project_id uuid,
  project_name text, category_id uuid, category_name text, category_color text,
  bank_account_id uuid, bank_account_name text, payment_method text, notes text, series_id uuid,
  series_kind text, installment_number integer, installment_count integer,
  created_at timestamptz, paid_amount numeric, open_amount numeric, interest_amount numeric,
  fine_amount numeric, discount_amount numeric, paid_total numeric, counterparty_text text,
  updated_at timestamptz, created_by uuid, stage_id uuid, stage_name text, approval_status text,
  approval_reason text, document_count integer, has_comprovante boolean, boleto_code text,
  pix_code text, nfe_key text, parts jsonb, share_only boolean
)
language sql
stable
set search_path = ''
as $$
  select * from private.obra_payables(p_company_id, p_id, p_limit)
$$;
comment on function public.obra_payables(uuid, uuid, integer) is 'An ''obra'' member''s payables (their home and an entry''s detail), soonest due first, at most p_limit (1–1000; p_id: that one only): those of their obras, and each split payable with a part of one of their obras showing ONLY their parts: amount, paid_amount, open_amount, interest/fine/discount_amount and paid_total are the sums of their parts'' figures (private.entry_part_figures, private.part_shares), parts holds only their parts (without percent when share_only), project_name their obras'' names; share_only = the entry has parts of other obras or Geral, and then boleto_code, pix_code and nfe_key are null and document_count 0. Columns named as the entries view''s; bank_account_name always null (not theirs to read). Raises not_a_member, forbidden_role (any role but obra: they read the entries view), invalid_limit.';
revoke all on function public.obra_payables(uuid, uuid, integer) from public, anon, authenticated;
grant execute on function public.obra_payables(uuid, uuid, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Notices: the daily digest and the due summary follow the parts
-- ---------------------------------------------------------------------------------------------

create function private.digest_project_name(p_company_id uuid, p_project_id uuid, p_part_project_ids uuid[], p_mine uuid[])
returns text
language sql
stable
set search_path = ''
as $$
  -- Unsplit: its obra's name. Split: the names of its obras (only p_mine's when given), joined;
  -- more than two read "Rateio".
  select case when p_part_project_ids is null
              then (select p.name from public.projects p where p.company_id = p_company_id and p.id = p_project_id)
              else (select case when count(*) > 2 then 'Rateio' else string_agg(p.name, ', ' order by p.name) end
                    from public.projects p
                    where p.company_id = p_company_id and p.id = any (p_part_project_ids)
                      and (p_mine is null or p.id = any (p_mine))) end
$$;
comment on function private.digest_project_name(uuid, uuid, uuid[], uuid[]) is 'The obra label of an entry in a notice: its obra''s name, or a split''s obras (those in p_mine when given) joined by commas, "Rateio" when more than two.';
revoke all on function private.digest_project_name(uuid, uuid, uuid[], uuid[]) from public, anon, authenticated;

create or replace function private.daily_digest(p_company_id uuid, p_user_id uuid, p_day date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_role text;
  v_name text;
  v_company text;
  v_today_end date;
  v_soon_end date;
  -- An 'obra' member's obras (null: the whole company).
  v_projects uuid[];
  v_deciders boolean;
  v_month date;
  v_sections jsonb;
begin
  perform private.assert_valid_date(p_day);
  if p_day is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  select p.role, p.full_name into v_role, v_name
  from public.user_profiles p
  where p.company_id = p_company_id and p.user_id = p_user_id and p.is_active;
  if v_role is null or not private.notice_enabled(p_company_id, p_user_id, 'due_summary') then
    return null;
  end if;
  select c.name into v_company from public.companies c where c.id = p_company_id;
  select w.today_end, w.soon_end into v_today_end, v_soon_end from private.due_windows(p_day) w;
  if v_role = 'obra' then
    v_projects := array(select a.project_id from public.project_access a
                        where a.company_id = p_company_id and a.user_id = p_user_id);
  end if;
  v_deciders := v_role in ('admin', 'financeiro');
  v_month := date_trunc('month', p_day::timestamp)::date;

  -- Counts and totals over every entry of a section; the items, at most 10 per section, read in
  -- due order (limit 10 on the indexes). Overdue bills of the months before p_day's come from the
  -- kept pending totals (private.entry_totals, as Contas a Pagar/Receber's cards read them: all
  -- for the company, per obra for an 'obra' member), the rest from the rows: a decade of history
  -- costs a few dozen month rows, not every bill left open.
  with totals as (
    select s.section, s.side, sum(s.n) as n, coalesce(sum(s.amount), 0) as total
    from (
      select case when e.due_date < p_day then 'overdue' when e.due_date < v_today_end then 'today'
                  else 'soon' end as section,
             'pagar'::text as side, 1 as n,
             -- An 'obra' member's share of a split: the open amount of their parts.
             case when v_projects is null or e.parts is null then e.open_amount
                  else (select sum(f.open_amount)
                        from private.entry_part_figures(e.parts, null, null, null, e.amount,
                               e.paid_amount, e.interest_amount, e.fine_amount, e.discount_amount) f
                        where f.project_id = any (v_projects)) end as amount
      from public.accounts_payable e
      where e.company_id = p_company_id and e.status = 'pending' and e.approval_status = 'approved'
        and e.due_date >= v_month and e.due_date <= v_soon_end
        and (v_projects is null or e.project_id = any (v_projects)
             or (e.parts is not null and e.part_project_ids && v_projects))
      union all
      select case when e.due_date < p_day then 'overdue' when e.due_date < v_today_end then 'today'
                  else 'soon' end,
             'receber', 1, e.open_amount
      from public.accounts_receivable e
      where e.company_id = p_company_id and e.status = 'pending'
        and e.due_date >= v_month and e.due_date <= v_soon_end
        and v_projects is null
      union all
      select 'overdue', case t.kind when 'expense' then 'pagar' else 'receber' end, t.entry_count, t.open_total
      from private.entry_totals t
      where t.company_id = p_company_id and not t.paid and t.month < v_month
        and ((v_projects is null and t.dim = 'all')
             or (t.dim = 'project' and t.kind = 'expense' and t.dim_id = any (v_projects)))
      union all
      -- Aprovações' list: payables waiting for approval (the deciders').
      select 'approvals', 'pagar', 1, e.amount
      from public.accounts_payable e
      where v_deciders and e.company_id = p_company_id and e.approval_status = 'pending'
    ) s
    group by s.section, s.side
    having sum(s.n) > 0
  ),
  sections as (
    select k.section, k.ord,
           coalesce((select t.n from totals t where t.section = k.section and t.side = 'pagar'), 0) as pagar_n,
           coalesce((select t.total from totals t where t.section = k.section and t.side = 'pagar'), 0) as pagar_total,
           coalesce((select t.n from totals t where t.section = k.section and t.side = 'receber'), 0) as receber_n,
           coalesce((select t.total from totals t where t.section = k.section and t.side = 'receber'), 0) as receber_total,
           k.lo, k.hi
    from (values ('today', 1, p_day, v_today_end - 1), ('soon', 2, v_today_end, v_soon_end),
                 ('overdue', 3, null::date, p_day - 1), ('approvals', 4, null::date, null::date))
           as k(section, ord, lo, hi)
    where exists (select 1 from totals t where t.section = k.section)
  )
  select jsonb_agg(jsonb_build_object(
             'key', s.section,
             'pagar', jsonb_build_object('count', s.pagar_n, 'total_cents', (s.pagar_total * 100)::bigint),
             'receber', jsonb_build_object('count', s.receber_n, 'total_cents', (s.receber_total * 100)::bigint),
             'items', (
               select coalesce(jsonb_agg(jsonb_build_object(
                          'entry_kind', i.entry_kind, 'id', i.id, 'description', i.description,
                          'due_date', to_char(i.due_date, 'YYYY-MM-DD'),
                          'amount_cents', (i.amount * 100)::bigint,
                          'project_name', i.project_name,
                          'link', '/lancamentos/' || i.entry_kind || '/' || i.id)
                        order by i.due_date, i.created_at, i.id), '[]'::jsonb)
               from (
                 select u.* from (
                   (select 'expense'::text as entry_kind, e.id, e.description, e.due_date,
                           case when v_projects is null or e.parts is null then e.open_amount
                                else (select sum(f.open_amount)
                                      from private.entry_part_figures(e.parts, null, null, null, e.amount,
                                             e.paid_amount, e.interest_amount, e.fine_amount, e.discount_amount) f
                                      where f.project_id = any (v_projects)) end as amount,
                           private.digest_project_name(e.company_id, e.project_id, e.part_project_ids, v_projects)
                             as project_name,
                           e.created_at
                    from public.accounts_payable e
                    where s.section <> 'approvals' and e.company_id = p_company_id and e.status = 'pending'
                      and e.approval_status = 'approved'
                      and (s.lo is null or e.due_date >= s.lo) and e.due_date <= s.hi
                      and (v_projects is null or e.project_id = any (v_projects)
                           or (e.parts is not null and e.part_project_ids && v_projects))
                    order by e.due_date, e.created_at, e.id limit 10)
                   union all
                   (select 'income', e.id, e.description, e.due_date, e.open_amount,
                           private.digest_project_name(e.company_id, e.project_id, e.part_project_ids, null),
                           e.created_at
                    from public.accounts_receivable e
                    where s.section <> 'approvals' and v_projects is null and e.company_id = p_company_id
                      and e.status = 'pending' and (s.lo is null or e.due_date >= s.lo) and e.due_date <= s.hi
                    order by e.due_date, e.created_at, e.id limit 10)
                   union all
                   (select 'expense', e.id, e.description, e.due_date, e.amount,
                           private.digest_project_name(e.company_id, e.project_id, e.part_project_ids, null),
                           e.created_at
                    from public.accounts_payable e
                    where s.section = 'approvals' and v_deciders and e.company_id = p_company_id
                      and e.approval_status = 'pending'
                    order by e.due_date, e.created_at, e.id limit 10)
                 ) u
                 order by u.due_date, u.created_at, u.id
                 limit 10
               ) i))
           order by s.ord)
  into v_sections
  from sections s;

  if v_sections is null then
    return null;
  end if;
  return jsonb_build_object('day', to_char(p_day, 'YYYY-MM-DD'), 'company_name', v_company,
                            'recipient_name', v_name, 'sections', v_sections);
end;
$$;
comment on function private.daily_digest(uuid, uuid, date) is 'The daily e-mail of a member for business day p_day: sections today / soon / overdue (windows of private.due_windows; open approved payables and receivables the member reads: admin, financeiro and opted-in leitura the company, obra their obras'' payables, a split one with the open amount of their parts only) and approvals (payables waiting for approval; admin and financeiro), each with pagar/receber count and total_cents over all its entries and at most 10 items (earliest due first). Only sections with something; null when nothing, when the member is inactive or has due_summary off. Raises invalid_date. An item''s project_name: its obra, or a split''s obras (the member''s own for an ''obra'' member) joined, "Rateio" when more than two.';
revoke all on function private.daily_digest(uuid, uuid, date) from public, anon, authenticated;

create or replace function private.write_due_notices(p_today date)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_count integer;
  v_today_end date;
  v_soon_end date;
begin
  perform private.assert_valid_date(p_today);
  if p_today is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  select w.today_end, w.soon_end into v_today_end, v_soon_end from private.due_windows(p_today) w;
  -- What is open, summed once per company, obra, side and window (not once per member: a company
  -- of 50 members and a decade of overdue bills reads them once).
  with open_entries as (
    select 'pagar'::text as side, e.company_id, e.project_id, e.open_amount, e.due_date
    from public.accounts_payable e
    where e.status = 'pending' and e.approval_status = 'approved' and e.due_date <= v_soon_end
    union all
    select 'receber', e.company_id, e.project_id, e.open_amount, e.due_date
    from public.accounts_receivable e
    where e.status = 'pending' and e.due_date <= v_soon_end
  ),
  open_sums as (
    select o.company_id, o.project_id, o.side,
           count(*) filter (where o.due_date >= p_today and o.due_date < v_today_end) as today_n,
           coalesce(sum(o.open_amount) filter (where o.due_date >= p_today and o.due_date < v_today_end), 0) as today_total,
           count(*) filter (where o.due_date >= v_today_end) as soon_n,
           coalesce(sum(o.open_amount) filter (where o.due_date >= v_today_end), 0) as soon_total,
           count(*) filter (where o.due_date < p_today) as late_n,
           coalesce(sum(o.open_amount) filter (where o.due_date < p_today), 0) as late_total
    from open_entries o
    group by o.company_id, o.project_id, o.side
  ),
  recipients as (
    select p.company_id, p.user_id, p.role from public.user_profiles p
    where p.is_active and p.role in ('admin', 'financeiro', 'obra', 'leitura')
      and p.company_id in (select o.company_id from open_sums o)
      and private.notice_enabled(p.company_id, p.user_id, 'due_summary')
  ),
  -- An 'obra' member's share of each split payable with a part of their obras: the open amount
  -- of those parts, the payable counted once (split payables have no obra of their own: above,
  -- they fall under project_id null, which no 'obra' member reads).
  split_shares as (
    select m.company_id, m.user_id, e.id, e.due_date, sum(f.open_amount) as open_amount
    from recipients m
    join public.accounts_payable e
      on e.company_id = m.company_id and e.parts is not null and e.status = 'pending'
     and e.approval_status = 'approved' and e.due_date <= v_soon_end
    cross join lateral private.entry_part_figures(e.parts, null, null, null, e.amount, e.paid_amount,
                                                   e.interest_amount, e.fine_amount, e.discount_amount) f
    where m.role = 'obra'
      and f.project_id in (select a.project_id from public.project_access a
                           where a.company_id = m.company_id and a.user_id = m.user_id)
    group by m.company_id, m.user_id, e.id, e.due_date
  ),
  sums as (
    select x.company_id, x.user_id, x.role, x.side,
           sum(x.today_n) as today_n, sum(x.today_total) as today_total,
           sum(x.soon_n) as soon_n, sum(x.soon_total) as soon_total,
           sum(x.late_n) as late_n, sum(x.late_total) as late_total
    from (
      select m.company_id, m.user_id, m.role, o.side, o.today_n, o.today_total, o.soon_n,
             o.soon_total, o.late_n, o.late_total
      from recipients m
      join open_sums o on o.company_id = m.company_id
      -- An 'obra' member reads payables of their obras only (no receivable, nothing "Geral").
      where m.role <> 'obra'
         or (o.side = 'pagar'
             and o.project_id in (select a.project_id from public.project_access a
                                  where a.company_id = m.company_id and a.user_id = m.user_id))
      union all
      select s.company_id, s.user_id, 'obra', 'pagar',
             count(*) filter (where s.due_date >= p_today and s.due_date < v_today_end),
             coalesce(sum(s.open_amount) filter (where s.due_date >= p_today and s.due_date < v_today_end), 0),
             count(*) filter (where s.due_date >= v_today_end),
             coalesce(sum(s.open_amount) filter (where s.due_date >= v_today_end), 0),
             count(*) filter (where s.due_date < p_today),
             coalesce(sum(s.open_amount) filter (where s.due_date < p_today), 0)
      from split_shares s
      group by s.company_id, s.user_id
    ) x
    group by x.company_id, x.user_id, x.role, x.side
  ),
  lines as (
    select s.company_id, s.user_id, s.role,
           sum(s.today_n + s.soon_n + s.late_n) over (partition by s.company_id, s.user_id) as all_n,
           sum(s.today_n) over (partition by s.company_id, s.user_id) as today_n,
           sum(s.late_n) over (partition by s.company_id, s.user_id) as late_n,
           s.side,
           case s.side when 'pagar' then 'A pagar' else 'A receber' end || ': '
           || concat_ws(', ',
                case when s.today_n > 0 then s.today_n || ' hoje (' || private.format_brl(s.today_total) || ')' end,
                case when s.soon_n > 0 then s.soon_n || ' nos próximos 3 dias (' || private.format_brl(s.soon_total) || ')' end,
                case when s.late_n > 0 then s.late_n || case when s.late_n = 1 then ' vencida (' else ' vencidas (' end
                                            || private.format_brl(s.late_total) || ')' end) as line
    from sums s
  ),
  per_user as (
    select l.company_id, l.user_id, l.role, max(l.all_n) as all_n, max(l.today_n) as today_n, max(l.late_n) as late_n,
           string_agg(l.line, E'\n' order by l.side) as body,
           bool_and(l.side = 'receber') as only_receber
    from lines l
    group by l.company_id, l.user_id, l.role
  ),
  written as (
    insert into public.notices (company_id, user_id, kind, event_key, link, title, body)
    select u.company_id, u.user_id, 'due_summary', to_char(p_today, 'YYYY-MM-DD'),
           -- An 'obra' member has no Contas a Pagar: their home lists their obras' payables.
           case when u.role = 'obra' then '/' when u.only_receber then '/contas-receber' else '/contas-pagar' end,
           'Contas a vencer: ' || concat_ws(', ',
             case when u.today_n > 0 then u.today_n || ' hoje' end,
             case when u.late_n > 0 then u.late_n || case when u.late_n = 1 then ' vencida' else ' vencidas' end end,
             case when u.today_n = 0 and u.late_n = 0 then u.all_n || ' nos próximos 3 dias' end),
           u.body
    from per_user u
    where u.all_n > 0
    on conflict do nothing
    returning 1
  )
  select count(*) into v_count from written;
  return v_count;
end;
$$;
comment on function private.write_due_notices(date) is 'The daily due-bills summary (p_today = a business day in America/Sao_Paulo): one notice per active member with due_summary enabled (admin, financeiro, leitura opted in: the company; obra: their obras'' payables, of a split one the open amount of their parts, counted once) and company with anything open in the windows of private.due_windows (hoje, próximos dias, vencidas), a pagar and a receber. Idempotent per day. Returns how many notices it wrote. Raises invalid_date.';
revoke all on function private.write_due_notices(date) from public, anon, authenticated;
grant execute on function private.write_due_notices(date) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The split check runs as definer: an 'obra' member writes splits too
-- ---------------------------------------------------------------------------------------------

create or replace function private.check_entry_parts()
returns trigger
language plpgsql
security definer
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
  -- Definer (an 'obra' member may not lock projects or categories: FOR SHARE needs their UPDATE
  -- policies), so it answers only a member of the row's company: anyone else's row is left to RLS,
  -- which refuses it, and learns nothing of that company's obras.
  if (select auth.uid()) is not null and private.company_role(new.company_id) is null then
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
comment on function private.check_entry_parts() is 'Trigger (security definer: an ''obra'' member''s split is checked against obras and categories they may not lock; a non-member''s row is left to RLS): a split is 2–50 well-formed parts (split_invalid) whose amounts sum to the entry''s amount (split_sum_mismatch), each naming an obra of the same company (split_project_not_found) that is not completed or cancelled unless the part was already there (split_project_closed), a stage of that obra (stage_project_mismatch), and a category of the company (split_category_not_found) of the entry''s kind (category_type_mismatch).';
revoke all on function private.check_entry_parts() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Documents of a split wholly of an 'obra' member's obras: as those of a payable of their obras
-- ---------------------------------------------------------------------------------------------

drop policy documents_select on public.documents;
drop policy documents_insert on public.documents;
drop policy documents_delete on public.documents;

-- SELECT(documents): readers; an 'obra' member the files of the payables of their obras (a split:
-- every part of their obras).
create policy documents_select on public.documents
  for select to authenticated
  using (
    company_id in (select private.reader_company_ids())
    or payable_id in (select e.id from public.accounts_payable e
                      where (e.project_id in (select private.obra_project_ids())
              or (e.parts is not null
                  and e.part_project_ids <@ (select array(select private.obra_project_ids()))
                  and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)')))
  );

-- INSERT(documents): writers; an 'obra' member, as itself, to a payable of their obras.
create policy documents_insert on public.documents
  for insert to authenticated
  with check (
    company_id in (select private.writer_company_ids())
    or (uploaded_by = (select auth.uid())
        and payable_id in (select e.id from public.accounts_payable e
                           where (e.project_id in (select private.obra_project_ids())
              or (e.parts is not null
                  and e.part_project_ids <@ (select array(select private.obra_project_ids()))
                  and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'))))
  );

-- DELETE(documents): writers; an 'obra' member the files of a payable of their obras (the guard
-- trigger keeps what an approved or paid payable holds).
create policy documents_delete on public.documents
  for delete to authenticated
  using (
    company_id in (select private.writer_company_ids())
    or payable_id in (select e.id from public.accounts_payable e
                      where (e.project_id in (select private.obra_project_ids())
              or (e.parts is not null
                  and e.part_project_ids <@ (select array(select private.obra_project_ids()))
                  and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)')))
  );

create or replace function private.check_document()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_caller uuid := (select auth.uid());
begin
  -- Not one of the caller's companies: nothing is looked up (RLS refuses the row).
  if v_caller is not null
     and not exists (select 1 from private.user_company_ids() c where c = new.company_id) then
    return new;
  end if;
  if new.payment_id is not null and not exists (
    select 1 from public.transactions t where t.id = new.payment_id and t.company_id = new.company_id
  ) then
    raise exception using errcode = 'P0001', message = 'payment_not_found';
  end if;
  if exists (select 1 from private.detached_documents x where x.storage_path = new.storage_path) then
    raise exception using errcode = 'P0001', message = 'document_name_taken';
  end if;
  -- An 'obra' member: not to a payable of its obras that already has a payment.
  if v_caller is not null and new.payable_id is not null
     and not exists (select 1 from private.writer_company_ids() c where c = new.company_id)
     and exists (
       select 1 from public.accounts_payable e
       where e.company_id = new.company_id and e.id = new.payable_id
         and (e.project_id in (select private.obra_project_ids())
           or (e.parts is not null
               and e.part_project_ids <@ array(select private.obra_project_ids())
               and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'))
         and (e.status = 'paid' or e.paid_amount > 0)
     ) then
    raise exception using errcode = 'P0001', message = 'document_entry_paid';
  end if;
  if exists (
    select 1 from public.documents d
    where d.company_id = new.company_id and d.sha256 = new.sha256
      and (d.entry_id = coalesce(new.payable_id, new.receivable_id) or d.payment_id = new.payment_id)
  ) then
    raise exception using errcode = 'P0001', message = 'document_duplicate';
  end if;
  return new;
end;
$$;
comment on function private.check_document() is 'Since 20261202040100 an ''obra'' member''s payable may be a split wholly of its obras. Trigger: within the caller''s companies only (another company''s row is left to RLS and the foreign keys): payment_not_found (a payment of another company), document_name_taken (a path a removed row held), document_entry_paid (an ''obra'' member adding to a payable with a payment), document_duplicate (the same sha256 already on the entry or payment of the company).';
revoke all on function private.check_document() from public, anon, authenticated;

create or replace function private.document_object_access(p_name text, p_owner_id text, p_action text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_uuid constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  v_uid uuid := (select auth.uid());
  v_parts text[] := storage.foldername(p_name);
  v_company uuid;
  v_role text;
  v_entry uuid;
  v_obra_path boolean := false;
  v_detached_by uuid;
  v_detached boolean;
  v_writer boolean;
begin
  if v_uid is null or coalesce(array_length(v_parts, 1), 0) < 1 or v_parts[1] !~ v_uuid then
    return false;
  end if;
  v_company := v_parts[1]::uuid;
  select p.role into v_role from public.user_profiles p
  where p.user_id = v_uid and p.company_id = v_company and p.is_active;
  if v_role is null then
    return false;
  end if;
  v_writer := v_role in ('admin', 'financeiro');
  if v_role = 'obra' and array_length(v_parts, 1) = 3 and v_parts[2] = 'entries' and v_parts[3] ~ v_uuid then
    v_entry := v_parts[3]::uuid;
    v_obra_path := exists (
      select 1 from public.accounts_payable e
      where e.company_id = v_company and e.id = v_entry and (e.project_id in (select private.obra_project_ids())
           or (e.parts is not null
               and e.part_project_ids <@ array(select private.obra_project_ids())
               and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'))
    );
  end if;
  select x.detached_by into v_detached_by from private.detached_documents x where x.storage_path = p_name;
  v_detached := found;

  if p_action = 'read' then
    if v_detached then
      return v_writer or v_detached_by = v_uid;
    end if;
    return v_writer or v_role = 'leitura' or v_obra_path;
  elsif p_action = 'add' then
    if not (v_writer or v_obra_path) then
      return false;
    end if;
    if v_detached or exists (select 1 from public.documents d where d.storage_path = p_name) then
      raise exception using errcode = '42501', message = 'document_name_taken';
    end if;
    if not v_writer and exists (
      select 1 from public.accounts_payable e
      where e.company_id = v_company and e.id = v_entry and (e.status = 'paid' or e.paid_amount > 0)
    ) then
      raise exception using errcode = '42501', message = 'document_entry_paid';
    end if;
    return true;
  elsif p_action = 'remove' then
    if v_detached then
      return v_writer or v_detached_by = v_uid;
    end if;
    if not (v_writer or v_obra_path) then
      return false;
    end if;
    if exists (select 1 from public.documents d where d.storage_path = p_name) then
      raise exception using errcode = '42501', message = 'document_in_use';
    end if;
    -- Never held by a row (its row was refused): admin, financeiro or its uploader.
    return v_writer or p_owner_id = v_uid::text;
  end if;
  return false;
end;
$$;
comment on function private.document_object_access(text, text, text) is '(A payable of an ''obra'' member''s obras: also a split whose every part is of its obras, 20261202040100.) Storage policies of bucket documentos: may the caller read, add or remove the object p_name (owner_id p_owner_id)? Members of the company named by the first folder: read = admin, financeiro, leitura, and an ''obra'' member under entries/{payable of its obras}; a detached object (its documents row removed) only admin, financeiro and the member who removed the row. add = admin, financeiro, and an ''obra'' member under entries/{payable of its obras} without payment (42501 document_entry_paid); never a name a documents row holds or held (42501 document_name_taken). remove = never while a documents row holds it (42501 document_in_use); a detached object: admin, financeiro, the member who removed the row; an object never held: admin, financeiro, its uploader.';
revoke all on function private.document_object_access(text, text, text) from public, anon, authenticated;
grant execute on function private.document_object_access(text, text, text) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Histórico: an 'obra' member reads that of a split wholly of their obras (as the select policy)
-- ---------------------------------------------------------------------------------------------

create or replace function private.entry_history(p_kind text, p_id uuid)
 RETURNS TABLE(id bigint, at timestamp with time zone, actor uuid, actor_name text, actor_email text, action text, changed jsonb)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $$
#variable_conflict use_column
declare
  v_company_id uuid;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  -- The entries the caller sees (as the policies of accounts_payable / accounts_receivable).
  if p_kind = 'expense' then
    select e.company_id into v_company_id from public.accounts_payable e
    where e.id = p_id
      and (e.company_id in (select private.reader_company_ids())
           or e.project_id in (select private.obra_project_ids())
           -- A split wholly of the member's obras (rateio, as the select policy).
           or (e.parts is not null
               and e.part_project_ids <@ array(select private.obra_project_ids())
               and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'));
  else
    select e.company_id into v_company_id from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.reader_company_ids());
  end if;
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  return query
  select a.id, a.at, a.actor, coalesce(nullif(btrim(a.actor_name), ''), a.actor_email), a.actor_email,
         a.action, a.changed
  from public.audit_log a
  where a.company_id = v_company_id
    and a.table_name = case p_kind when 'expense' then 'accounts_payable' else 'accounts_receivable' end
    and a.row_id = p_id
  order by a.at desc, a.id desc;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- Approval notices name a split's obras
-- ---------------------------------------------------------------------------------------------

create or replace function private.notify_payable_approval()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_what text;
  v_mine uuid[];
  v_link text := '/lancamentos/expense/' || new.id;
begin
  -- A split (rateio): its obras' names, "Rateio" when more than two.
  select new.description || ' — ' || private.format_brl(new.amount)
         || coalesce(' — ' || private.digest_project_name(new.company_id, new.project_id,
                                                          new.part_project_ids, null), '')
  into v_what;

  if new.approval_status = 'pending'
     and (tg_op = 'INSERT' or old.approval_status is distinct from 'pending') then
    insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title, body)
    select new.company_id, r, 'approval_pending', new.id || '@' || new.updated_at, 'expense', new.id,
           v_link, left('Aprovação pendente: ' || v_what, 300),
           coalesce('Lançado por ' || (select p.full_name from public.user_profiles p
                                       where p.company_id = new.company_id and p.user_id = new.created_by), null)
    from private.notice_recipients(new.company_id, array['admin', 'financeiro'], new.created_by) r
    on conflict do nothing;
  elsif tg_op = 'UPDATE' and old.approval_status = 'pending'
        and new.approval_status in ('approved', 'refused') then
    -- Decided: the request waits for nobody any more (the deciders' bells drop it; the list keeps it).
    update public.notices n set read_at = now()
    where n.entry_id = new.id and n.kind = 'approval_pending' and n.read_at is null;
    if new.created_by is not distinct from new.approval_decided_by
       or not exists (select 1 from public.user_profiles p
                      where p.company_id = new.company_id and p.user_id = new.created_by and p.is_active) then
      return null;
    end if;
    -- An 'obra' author of a split that is no longer wholly of their obras: their share only.
    if new.parts is not null and exists (select 1 from public.user_profiles p
                                         where p.company_id = new.company_id and p.user_id = new.created_by
                                           and p.role = 'obra') then
      v_mine := array(select a.project_id from public.project_access a
                      where a.company_id = new.company_id and a.user_id = new.created_by);
      if not (new.part_project_ids <@ v_mine) or jsonb_path_exists(new.parts, '$[*] ? (!(exists(@.project_id)) || @.project_id == null)') then
        select new.description || ' — '
               || private.format_brl((select sum(f.amount)
                                      from private.entry_part_figures(new.parts, null, null, null, new.amount, 0, 0, 0, 0) f
                                      where f.project_id = any (v_mine)))
               || coalesce(' — ' || private.digest_project_name(new.company_id, null, new.part_project_ids, v_mine), '')
        into v_what;
      end if;
    end if;
    insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title, body)
    values (new.company_id, new.created_by,
            case new.approval_status when 'approved' then 'approval_approved' else 'approval_refused' end,
            new.id || '@' || coalesce(new.approval_decided_at, now()), 'expense', new.id, v_link,
            left(case new.approval_status when 'approved' then 'Despesa aprovada: ' else 'Despesa recusada: ' end
                 || v_what, 300),
            case when new.approval_status = 'refused' then 'Motivo: ' || new.approval_reason end)
    on conflict do nothing;
  end if;
  return null;
end;
$$;
comment on function private.notify_payable_approval() is 'Trigger (a split names its obras, "Rateio" when more than two; to an ''obra'' author of a split not wholly of their obras, their share and obras only): a payable that starts waiting for approval → a notice to the company''s active admins and financeiros but its author; approved or refused (with the reason) → a notice to its author while an active member, and the request''s notices are marked read.';
revoke all on function private.notify_payable_approval() from public, anon, authenticated;
