-- Business days in America/Sao_Paulo and the daily summary's windows (issue 32). Brazilian banks
-- accept a bill due on a weekend or a national holiday on the next business day, so such a bill is
-- announced the business day before: on business day D,
--   today    = due in [D, next_business_day(D))
--   soon     = due in [next_business_day(D), the 3rd business day after D]
--   overdue  = due before D.
-- The in-app summary (private.write_due_notices, rewritten here) and the daily e-mail
-- (private.daily_digest) use the same windows and the same scope per role, and respect the
-- recipient's due_summary setting (so leitura can opt in).

create function private.br_holidays(p_year integer)
returns setof date
language plpgsql
immutable
set search_path = ''
as $$
declare
  -- Easter Sunday (anonymous Gregorian algorithm).
  a integer := p_year % 19;
  b integer := p_year / 100;
  c integer := p_year % 100;
  d integer := b / 4;
  e integer := b % 4;
  f integer := (b + 8) / 25;
  g integer := (b - f + 1) / 3;
  h integer := (19 * a + b - d - g + 15) % 30;
  i integer := c / 4;
  k integer := c % 4;
  l integer := (32 + 2 * e + 2 * i - h - k) % 7;
  m integer := (a + 11 * h + 22 * l) / 451;
  v_easter date;
begin
  if p_year is null or p_year not between 1900 and 2199 then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  v_easter := make_date(p_year, (h + l - 7 * m + 114) / 31, ((h + l - 7 * m + 114) % 31) + 1);
  return query
  select x from unnest(array[
    make_date(p_year, 1, 1),    -- Confraternização Universal
    v_easter - 48,              -- Carnaval (segunda)
    v_easter - 47,              -- Carnaval (terça)
    v_easter - 2,               -- Sexta-feira Santa
    make_date(p_year, 4, 21),   -- Tiradentes
    make_date(p_year, 5, 1),    -- Dia do Trabalho
    v_easter + 60,              -- Corpus Christi
    make_date(p_year, 9, 7),    -- Independência
    make_date(p_year, 10, 12),  -- Nossa Senhora Aparecida
    make_date(p_year, 11, 2),   -- Finados
    make_date(p_year, 11, 15),  -- Proclamação da República
    make_date(p_year, 11, 20),  -- Consciência Negra
    make_date(p_year, 12, 25)   -- Natal
  ]) as x order by 1;
end;
$$;
comment on function private.br_holidays(integer) is 'The national bank holidays of a year (no business day for banks): 1/1, Carnaval Monday and Tuesday, Sexta-feira Santa, 21/4, 1/5, Corpus Christi, 7/9, 12/10, 2/11, 15/11, 20/11, 25/12 (Easter computed). Raises invalid_date outside 1900–2199.';
revoke all on function private.br_holidays(integer) from public, anon, authenticated;

create function private.is_business_day(p_day date)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select extract(isodow from p_day) < 6
         and p_day not in (select private.br_holidays(extract(year from p_day)::integer))
$$;
comment on function private.is_business_day(date) is 'Monday to Friday and not a national bank holiday (private.br_holidays).';
revoke all on function private.is_business_day(date) from public, anon, authenticated;

create function private.next_business_day(p_day date)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_day date := p_day + 1;
begin
  while not private.is_business_day(v_day) loop
    v_day := v_day + 1;
  end loop;
  return v_day;
end;
$$;
comment on function private.next_business_day(date) is 'The first business day after p_day.';
revoke all on function private.next_business_day(date) from public, anon, authenticated;

-- The windows of business day p_day: today_end (exclusive) and soon_end (inclusive).
create function private.due_windows(p_day date, out today_end date, out soon_end date)
language sql
immutable
set search_path = ''
as $$
  select private.next_business_day(p_day),
         private.next_business_day(private.next_business_day(private.next_business_day(p_day)))
$$;
comment on function private.due_windows(date) is 'On day p_day: "hoje" is due in [p_day, today_end), "próximos dias" in [today_end, soon_end] (soon_end = the 3rd business day after p_day), overdue before p_day.';
revoke all on function private.due_windows(date) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- What a member reads of the open bills: admin, financeiro and (opted-in) leitura the company; an
-- 'obra' member the payables of their obras (no receivable, nothing "Geral"). Approved payables
-- and receivables still open (status pending), as Contas a Pagar/Receber list them.
-- ---------------------------------------------------------------------------------------------

create or replace function private.write_due_notices(p_today date)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
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
  with open_entries as (
    select 'pagar'::text as side, e.company_id, e.project_id, e.open_amount, e.due_date
    from public.accounts_payable e
    where e.status = 'pending' and e.approval_status = 'approved' and e.due_date <= v_soon_end
    union all
    select 'receber', e.company_id, e.project_id, e.open_amount, e.due_date
    from public.accounts_receivable e
    where e.status = 'pending' and e.due_date <= v_soon_end
  ),
  recipients as (
    select p.company_id, p.user_id, p.role from public.user_profiles p
    where p.is_active and p.role in ('admin', 'financeiro', 'obra', 'leitura')
      and private.notice_enabled(p.company_id, p.user_id, 'due_summary')
  ),
  sums as (
    select m.company_id, m.user_id, m.role, o.side,
           count(*) filter (where o.due_date >= p_today and o.due_date < v_today_end) as today_n,
           coalesce(sum(o.open_amount) filter (where o.due_date >= p_today and o.due_date < v_today_end), 0) as today_total,
           count(*) filter (where o.due_date >= v_today_end) as soon_n,
           coalesce(sum(o.open_amount) filter (where o.due_date >= v_today_end), 0) as soon_total,
           count(*) filter (where o.due_date < p_today) as late_n,
           coalesce(sum(o.open_amount) filter (where o.due_date < p_today), 0) as late_total
    from recipients m
    join open_entries o on o.company_id = m.company_id
    -- An 'obra' member reads payables of their obras only (no receivable, nothing "Geral").
    where m.role <> 'obra'
       or (o.side = 'pagar'
           and o.project_id in (select a.project_id from public.project_access a
                                where a.company_id = m.company_id and a.user_id = m.user_id))
    group by m.company_id, m.user_id, m.role, o.side
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
comment on function private.write_due_notices(date) is 'The daily due-bills summary (p_today = a business day in America/Sao_Paulo): one notice per active member with due_summary enabled (admin, financeiro, leitura opted in: the company; obra: their obras'' payables) and company with anything open in the windows of private.due_windows (hoje, próximos dias, vencidas), a pagar and a receber. Idempotent per day. Returns how many notices it wrote. Raises invalid_date.';
revoke all on function private.write_due_notices(date) from public, anon, authenticated;
grant execute on function private.write_due_notices(date) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The daily e-mail's content for one member (null when there is nothing to say).
-- ---------------------------------------------------------------------------------------------

create function private.daily_digest(p_company_id uuid, p_user_id uuid, p_day date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text;
  v_name text;
  v_company text;
  v_today_end date;
  v_soon_end date;
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

  with scoped as (
    select 'expense'::text as entry_kind, e.id, e.description, e.due_date, e.open_amount as amount,
           e.project_id, e.created_at,
           case when e.approval_status = 'pending' then 'approvals'
                when e.due_date < p_day then 'overdue'
                when e.due_date < v_today_end then 'today'
                else 'soon' end as section
    from public.accounts_payable e
    where e.company_id = p_company_id and e.status = 'pending'
      and ((e.approval_status = 'approved' and e.due_date <= v_soon_end)
           or (e.approval_status = 'pending' and v_role in ('admin', 'financeiro')))
      and (v_role <> 'obra'
           or e.project_id in (select a.project_id from public.project_access a
                               where a.company_id = p_company_id and a.user_id = p_user_id))
    union all
    select 'income', e.id, e.description, e.due_date, e.open_amount, e.project_id, e.created_at,
           case when e.due_date < p_day then 'overdue'
                when e.due_date < v_today_end then 'today'
                else 'soon' end
    from public.accounts_receivable e
    where e.company_id = p_company_id and e.status = 'pending' and e.due_date <= v_soon_end
      and v_role <> 'obra'
  ),
  ranked as (
    select s.*, row_number() over (partition by s.section order by s.due_date, s.created_at, s.id) as n
    from scoped s
  ),
  per_section as (
    select r.section,
           count(*) filter (where r.entry_kind = 'expense') as pagar_n,
           coalesce(sum(r.amount) filter (where r.entry_kind = 'expense'), 0) as pagar_total,
           count(*) filter (where r.entry_kind = 'income') as receber_n,
           coalesce(sum(r.amount) filter (where r.entry_kind = 'income'), 0) as receber_total,
           jsonb_agg(jsonb_build_object(
               'entry_kind', r.entry_kind, 'id', r.id, 'description', r.description,
               'due_date', to_char(r.due_date, 'YYYY-MM-DD'), 'amount_cents', (r.amount * 100)::bigint,
               'project_name', (select pr.name from public.projects pr where pr.id = r.project_id),
               'link', '/lancamentos/' || r.entry_kind || '/' || r.id)
             order by r.n) filter (where r.n <= 10) as items
    from ranked r
    group by r.section
  )
  select jsonb_agg(jsonb_build_object(
             'key', s.section,
             'pagar', jsonb_build_object('count', s.pagar_n, 'total_cents', (s.pagar_total * 100)::bigint),
             'receber', jsonb_build_object('count', s.receber_n, 'total_cents', (s.receber_total * 100)::bigint),
             'items', coalesce(s.items, '[]'::jsonb))
           order by array_position(array['today', 'soon', 'overdue', 'approvals'], s.section))
  into v_sections
  from per_section s;

  if v_sections is null then
    return null;
  end if;
  return jsonb_build_object('day', to_char(p_day, 'YYYY-MM-DD'), 'company_name', v_company,
                            'recipient_name', v_name, 'sections', v_sections);
end;
$$;
comment on function private.daily_digest(uuid, uuid, date) is 'The daily e-mail of a member for business day p_day: sections today / soon / overdue (windows of private.due_windows; open approved payables and receivables the member reads: admin, financeiro and opted-in leitura the company, obra their obras'' payables) and approvals (payables waiting for approval; admin and financeiro), each with pagar/receber count and total_cents over all its entries and at most 10 items (earliest due first). Only sections with something; null when nothing, when the member is inactive or has due_summary off. Raises invalid_date.';
revoke all on function private.daily_digest(uuid, uuid, date) from public, anon, authenticated;

