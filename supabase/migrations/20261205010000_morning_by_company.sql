-- Issue 35, "make one customer's size nobody else's problem": the daily run's morning, batched by
-- company. private.plan_deliveries planned every company's morning in one statement (the in-app
-- summaries of all of them, then private.daily_digest for every active member of every company):
-- 2.2 s at 200 companies, ≈ 11 s at 1 000, against the daily run's 5 s budget for one call
-- (docs/performance.md, "A thousand companies (issue 35)").
--
-- Now the morning is a list of (day, company) rows (private.notify_mornings), written once per day
-- by the first call after 07:00, and public.plan_mornings(p_now, p_limit) plans one page of them:
-- up to p_limit companies taken `for update skip locked` (two runs at once take different
-- companies; a run that failed half way rolls its page back, unmarked, and the next call takes
-- it), their summaries (private.write_due_notices for those companies only, on the company-keyed
-- indexes) and their members' daily e-mails, then the page marked planned, in the same transaction.
-- The notify function calls it while it answers more (and took or listed something), then
-- public.plan_deliveries, which keeps only the notices' part (every notice of the last 2 days),
-- once per run, each notice's setting now read by a join instead of a definer call per notice.

-- ---------------------------------------------------------------------------------------------
-- The mornings: one row per day and company (was one per day).
-- ---------------------------------------------------------------------------------------------

alter table private.notify_mornings rename to notify_mornings_by_day;
alter table private.notify_mornings_by_day rename constraint notify_mornings_pkey to notify_mornings_by_day_pkey;

create table private.notify_mornings (
  day date not null,
  company_id uuid not null references public.companies (id) on delete cascade,
  -- Null: the company's morning is still to plan; set in the transaction that planned it.
  planned_at timestamptz,
  primary key (day, company_id)
);
comment on table private.notify_mornings is 'The morning run of each business day (America/Sao_Paulo), per company: written for every company by the first private.plan_mornings call of the day after 07:00; planned_at null until a page (private.plan_mornings) wrote the company''s in-app summaries and planned its daily e-mails, in the same transaction. Service role functions only.';
revoke all on private.notify_mornings from public, anon, authenticated;
-- The page: the day's companies still to plan, in id order (skip locked walks it).
create index notify_mornings_pending_idx on private.notify_mornings (day, company_id) where planned_at is null;
-- A company removed takes its rows with it.
create index notify_mornings_company_idx on private.notify_mornings (company_id);

-- A day already planned as a whole stays planned for every company that existed (only today's
-- and yesterday's matter: a run plans the day of p_now).
insert into private.notify_mornings (day, company_id, planned_at)
select d.day, c.id, d.planned_at
from private.notify_mornings_by_day d
cross join public.companies c
where d.day >= (now() at time zone 'America/Sao_Paulo')::date - 1;
drop table private.notify_mornings_by_day;

-- ---------------------------------------------------------------------------------------------
-- write_due_notices: for the given companies only (the page), every company when null.
-- ---------------------------------------------------------------------------------------------

drop function private.write_due_notices(date);

create function private.write_due_notices(p_today date, p_company_ids uuid[] default null)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $$
declare
  v_count integer;
  -- The companies written for: the morning's page (private.plan_mornings), or every company.
  v_ids uuid[] := coalesce(p_company_ids, array(select c.id from public.companies c));
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
    where e.company_id = any(v_ids)
      and e.status = 'pending' and e.approval_status = 'approved' and e.due_date <= v_soon_end
    union all
    select 'receber', e.company_id, e.project_id, e.open_amount, e.due_date
    from public.accounts_receivable e
    where e.company_id = any(v_ids) and e.status = 'pending' and e.due_date <= v_soon_end
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
    where p.company_id = any(v_ids)
      and p.is_active and p.role in ('admin', 'financeiro', 'obra', 'leitura')
      and p.company_id in (select o.company_id from open_sums o)
      and private.notice_enabled(p.company_id, p.user_id, 'due_summary')
  ),
  -- Each open split payable of a company with an 'obra' recipient, its parts expanded ONCE (not
  -- once per member): the open amount of its parts per obra (Geral left out: no 'obra' member
  -- reads it). Unpaid: a part's open amount is its amount (nothing paid to apportion:
  -- private.entry_part_figures gives the same), read from the parts; partly paid: the figures.
  split_parts as materialized (
    select e.company_id, e.id, e.due_date, x.project_id, x.open_amount
    from (
      -- The page's open payables on the company-keyed indexes, the split ones picked after
      -- (offset 0 keeps "parts is not null" out of this scan: merged in, the planner ANDed in
      -- the partial GIN index of every company's split payables, read whole per company).
      select o.company_id, o.id, o.due_date, o.parts, o.amount, o.paid_amount, o.interest_amount,
             o.fine_amount, o.discount_amount
      from public.accounts_payable o
      where o.company_id = any(v_ids)
        and o.status = 'pending' and o.approval_status = 'approved' and o.due_date <= v_soon_end
        and o.company_id in (select m.company_id from recipients m where m.role = 'obra')
      offset 0
    ) e
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
    where e.parts is not null
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
comment on function private.write_due_notices(date, uuid[]) is 'The daily due-bills summary (p_today = a business day in America/Sao_Paulo) of the companies p_company_ids (every company when null; private.plan_mornings passes its page, read on the company-keyed indexes): one notice per active member with due_summary enabled (admin, financeiro, leitura opted in: the company; obra: their obras'' payables, of a split one the open amount of their parts, counted once) and company with anything open in the windows of private.due_windows (hoje, próximos dias, vencidas), a pagar and a receber. Idempotent per day. Returns how many notices it wrote. Raises invalid_date.';
revoke all on function private.write_due_notices(date, uuid[]) from public, anon, authenticated;
grant execute on function private.write_due_notices(date, uuid[]) to service_role;

-- ---------------------------------------------------------------------------------------------
-- plan_mornings: one page of the day's companies.
-- ---------------------------------------------------------------------------------------------

create function private.plan_mornings(p_now timestamptz, p_limit integer)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_local timestamp := p_now at time zone 'America/Sao_Paulo';
  v_day date := (p_now at time zone 'America/Sao_Paulo')::date;
  v_ids uuid[];
  v_count integer := 0;
  v_n integer;
begin
  if p_now is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'invalid_limit';
  end if;
  perform private.assert_valid_date(v_day);

  -- The morning: business days from 07:00 São Paulo.
  if not (private.is_business_day(v_day) and v_local::time >= time '07:00') then
    return jsonb_build_object('planned', 0, 'companies', 0, 'listed', 0, 'more', false);
  end if;

  -- The day's list, once: every company of the moment. Committed on its own (this call returns
  -- at once): a run at the same moment waits only for this insert, then sees the list.
  if not exists (select 1 from private.notify_mornings m where m.day = v_day) then
    -- The lists of past weeks say nothing any more (a run plans the day of p_now only).
    delete from private.notify_mornings m where m.day < v_day - 7;
    insert into private.notify_mornings (day, company_id)
    select v_day, c.id from public.companies c
    on conflict do nothing;
    get diagnostics v_n = row_count;
    if v_n > 0 then
      return jsonb_build_object('planned', 0, 'companies', 0, 'listed', v_n, 'more', true);
    end if;
  end if;

  -- The page: companies nobody planned and no run at this moment holds.
  select array_agg(x.company_id) into v_ids
  from (select m.company_id from private.notify_mornings m
        where m.day = v_day and m.planned_at is null
        order by m.company_id
        limit p_limit
        for update skip locked) x;

  if v_ids is not null then
    perform private.write_due_notices(v_day, v_ids);
    insert into public.notice_deliveries (company_id, user_id, channel, kind, event_key, next_attempt_at)
    select p.company_id, p.user_id, 'email', 'due_summary', to_char(v_day, 'YYYY-MM-DD'), p_now
    from public.user_profiles p
    cross join lateral (select s.enabled, s.email from private.member_notice_settings(p.company_id, p.user_id) s
                        where s.kind = 'due_summary') s
    where p.company_id = any(v_ids) and p.is_active and s.enabled and s.email
      and private.daily_digest(p.company_id, p.user_id, v_day) is not null
    on conflict do nothing;
    get diagnostics v_count = row_count;
    update private.notify_mornings m set planned_at = now()
    where m.day = v_day and m.company_id = any(v_ids);
  end if;

  -- More: a company still to plan, perhaps held by a run at this moment (not locked here: a lock
  -- would hold it from that run's next page until this call ends). A call that took no company
  -- and listed none has nothing to do now: its caller stops (the holder plans them, or, if it
  -- fails, the next run).
  return jsonb_build_object(
    'planned', v_count,
    'companies', coalesce(cardinality(v_ids), 0),
    'listed', 0,
    'more', exists (select 1 from private.notify_mornings m
                    where m.day = v_day and m.planned_at is null));
end;
$$;
comment on function private.plan_mornings(timestamptz, integer) is 'Body of public.plan_mornings (service role): on a business day from 07:00 America/Sao_Paulo, one page of the day''s morning: the first call of the day lists every company (private.notify_mornings; lists older than 7 days removed) and returns; each call then takes up to p_limit companies not yet planned (company id order, for update skip locked: concurrent runs never take the same company), writes their in-app summaries (private.write_due_notices of those companies) and plans their members'' daily e-mails (active, due_summary enabled with e-mail, digest not empty; on conflict do nothing), and marks them planned, in one transaction (a call that fails leaves its page to the next). Returns {planned: deliveries planned, companies: companies planned, listed: companies listed (the day''s first call), more: whether a company is still to plan, perhaps held by a concurrent run}: call again while more, unless companies and listed are both 0 (the rest is another run''s). Raises invalid_date, invalid_limit.';
revoke all on function private.plan_mornings(timestamptz, integer) from public, anon, authenticated, service_role;
grant execute on function private.plan_mornings(timestamptz, integer) to service_role;

create function public.plan_mornings(p_now timestamptz default now(), p_limit integer default 50)
returns jsonb
language sql
set search_path = ''
as $$
  select private.plan_mornings(p_now, p_limit)
$$;
comment on function public.plan_mornings(timestamptz, integer) is 'Service role only (the notify Edge Function, until more is false): plans one page of up to p_limit (1..500) companies'' morning at p_now (private.plan_mornings) → {planned, companies, listed, more}.';
revoke all on function public.plan_mornings(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.plan_mornings(timestamptz, integer) to service_role;

-- ---------------------------------------------------------------------------------------------
-- plan_deliveries: the notices' part only (the morning is plan_mornings').
-- ---------------------------------------------------------------------------------------------

create or replace function private.plan_deliveries(p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer;
begin
  if p_now is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  perform private.assert_valid_date((p_now at time zone 'America/Sao_Paulo')::date);

  -- Every notice of the last 2 days: one delivery per channel its recipient chose (push: one per
  -- device, while the notice is unread: one read in the app already needs no phone notification).
  -- The daily summary's e-mail is the digest (private.plan_mornings).
  insert into public.notice_deliveries (company_id, user_id, channel, kind, event_key, notice_id,
                                        subscription_id, next_attempt_at)
  -- The recipient's setting for the notice's kind read by a join (what
  -- private.member_notice_settings gives, the saved row else private.notice_default for the role),
  -- not by a call of that definer per notice: 0.7 ms each, and the last 2 days hold every
  -- company's summaries (694 notices at 40 companies: 490 ms of the 505).
  select n.company_id, n.user_id, c.channel, n.kind, n.event_key, n.id, c.subscription_id, p_now
  from public.notices n
  join public.user_profiles p on p.company_id = n.company_id and p.user_id = n.user_id and p.is_active
  cross join lateral (select private.notice_pref_kind(n.kind) as kind) k
  left join public.notice_settings st
    on st.company_id = n.company_id and st.user_id = n.user_id and st.kind = k.kind
  cross join lateral (
    select coalesce(st.enabled, private.notice_default(p.role, k.kind, 'enabled')) as enabled,
           coalesce(st.email, private.notice_default(p.role, k.kind, 'email')) as email,
           coalesce(st.push, private.notice_default(p.role, k.kind, 'push')) as push
  ) s
  cross join lateral (
    select 'email'::text as channel, null::uuid as subscription_id
    where s.email and n.kind <> 'due_summary'
    union all
    select 'push', ps.id from public.push_subscriptions ps
    where s.push and ps.user_id = n.user_id and n.read_at is null
  ) c
  where n.created_at >= p_now - interval '2 days'
    -- The kinds a member has settings for (private.member_notice_settings' five).
    and k.kind in ('approval_pending', 'approval_decided', 'due_summary', 'invitation_accepted', 'imports')
    and s.enabled
    -- A request decided before it was sent waits for nobody any more.
    and not (n.kind = 'approval_pending' and n.read_at is not null)
  on conflict do nothing;
  get diagnostics v_n = row_count;
  return v_n;
end;
$$;
comment on function private.plan_deliveries(timestamptz) is 'Body of public.plan_deliveries (service role): for every notice of the last 2 days plans an e-mail (not for due_summary: the daily e-mail is its e-mail, planned by private.plan_mornings) and, while it is unread, a push per device, as the recipient chose; an approval request already decided (read) plans nothing. Active members only; on conflict do nothing. Returns the deliveries planned. Raises invalid_date.';

comment on function public.plan_deliveries(timestamptz) is 'Service role only (the notify Edge Function, once per run after plan_mornings): plans the deliveries of the last 2 days'' notices due at p_now (private.plan_deliveries). Returns how many were planned.';
