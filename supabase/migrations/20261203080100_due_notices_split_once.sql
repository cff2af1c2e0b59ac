-- Issue 33 at scale / issue 32's budget: the daily run (plan_deliveries + claim_deliveries, 50
-- members) hit the statement timeout at 200 000 entries with a third split (639 ms at 20k; it was
-- 316–376 ms at 200k before rateio). The digests are not the cause (4–43 ms each at 60k: their
-- windows and limit-10 reads are unchanged). private.write_due_notices is: its split_shares joined
-- every 'obra' recipient to every open split payable of the company — the whole history of open
-- bills, all overdue in the bench — and ran private.entry_part_figures (plpgsql, four
-- private.apportion calls) per payable and member's obra: 20 members × 3 obras × 1 980 open split
-- payables at 60 000 entries = 118 800 calls, 7.5–13.9 s (docs/performance.md, "The daily run with
-- splits").
--
-- Now each open split payable's parts are expanded ONCE per company (split_parts: its open amount
-- per obra), and the members' shares are their obras' rows of that, summed per payable (counted
-- once, as before). An unpaid payable (the usual open bill) needs no apportioning: a part's open
-- amount is its amount (private.entry_part_figures gives exactly that with nothing paid), read from
-- the parts in SQL; a partly paid one goes through private.entry_part_figures as before.
-- Results identical (tests/db/obra-parts.test.ts; business-days / notify-delivery unchanged).

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
  -- Each open split payable of a company with an 'obra' recipient, its parts expanded ONCE (not
  -- once per member): the open amount of its parts per obra (Geral left out: no 'obra' member
  -- reads it). Unpaid: a part's open amount is its amount (nothing paid to apportion:
  -- private.entry_part_figures gives the same), read from the parts; partly paid: the figures.
  split_parts as materialized (
    select e.company_id, e.id, e.due_date, x.project_id, x.open_amount
    from public.accounts_payable e
    cross join lateral (
      select y.project_id, sum(y.open_amount) as open_amount
      from (
        select (p.part ->> 'project_id')::uuid as project_id, (p.part ->> 'amount')::numeric as open_amount
        from jsonb_array_elements(e.parts) p(part)
        where e.paid_amount = 0
        union all
        select f.project_id, f.open_amount
        from private.entry_part_figures(e.parts, null, null, null, e.amount, e.paid_amount,
                                        e.interest_amount, e.fine_amount, e.discount_amount) f
        where e.paid_amount <> 0
      ) y
      where y.project_id is not null
      group by y.project_id
    ) x
    where e.parts is not null and e.status = 'pending' and e.approval_status = 'approved'
      and e.due_date <= v_soon_end
      and e.company_id in (select m.company_id from recipients m where m.role = 'obra')
  ),
  -- The 'obra' recipients' obras.
  obra_access as (
    select m.company_id, m.user_id, a.project_id
    from recipients m
    join public.project_access a on a.company_id = m.company_id and a.user_id = m.user_id
    where m.role = 'obra'
  ),
  -- An 'obra' member's share of each split payable with a part of their obras: the open amount
  -- of those parts, the payable counted once (split payables have no obra of their own: above,
  -- they fall under project_id null, which no 'obra' member reads).
  split_shares as (
    select o.company_id, o.user_id, s.id, s.due_date, sum(s.open_amount) as open_amount
    from obra_access o
    join split_parts s on s.company_id = o.company_id and s.project_id = o.project_id
    group by o.company_id, o.user_id, s.id, s.due_date
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
