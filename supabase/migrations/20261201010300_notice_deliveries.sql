-- Deliveries outside the app (issue 32): every e-mail and Web Push the notify Edge Function sends is
-- a row here, planned by the database (plan_deliveries), claimed by one run at a time
-- (claim_deliveries: for update skip locked, a 5-minute lease), and finished with its outcome
-- (finish_delivery: sent; retried with backoff 2^attempts minutes; failed after 5 attempts, or at
-- once when the member left or the subscription is gone). Never twice: unique per recipient,
-- company, channel, kind, event and subscription, and every writer inserts with on conflict do
-- nothing, so overlapping runs plan once.
--
-- Not audited (audit-complete.test.ts names it): a delivery log of notices (themselves copies of
-- audited events), written by the service role only.

create table public.notice_deliveries (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  channel text not null constraint notice_deliveries_channel_check check (channel in ('email', 'push')),
  kind text not null constraint notice_deliveries_kind_check
    check (kind in ('approval_pending', 'approval_approved', 'approval_refused', 'invitation_accepted',
                    'nfe_imported', 'statement_imported', 'due_summary')),
  event_key text not null constraint notice_deliveries_event_key_length check (char_length(event_key) <= 200),
  -- The notice it sends; null for the daily e-mail (its content is private.daily_digest of the day).
  notice_id uuid references public.notices (id) on delete cascade,
  -- The device of a push. No foreign key: a removed subscription (by its user, or gone: 404/410)
  -- leaves its deliveries as history; claim_deliveries fails those still waiting.
  subscription_id uuid,
  status text not null default 'pending'
    constraint notice_deliveries_status_check check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 constraint notice_deliveries_attempts_check check (attempts between 0 and 100),
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text constraint notice_deliveries_last_error_length check (char_length(last_error) <= 1000),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  check ((channel = 'push') = (subscription_id is not null)),
  constraint notice_deliveries_once unique nulls not distinct
    (user_id, company_id, channel, kind, event_key, subscription_id)
);
comment on table public.notice_deliveries is 'One e-mail or Web Push to one recipient (per device for push), planned by private.plan_deliveries, claimed and finished by the notify Edge Function through the service-role RPCs. Unique per (user, company, channel, kind, event_key, subscription): never twice. The recipient reads their own (the app shows failures); only the service role writes. Not audited.';
comment on column public.notice_deliveries.event_key is 'The notice''s event_key, or for the daily e-mail (kind due_summary, notice_id null) the day, yyyy-MM-dd.';
comment on column public.notice_deliveries.last_error is 'Why the last attempt failed: the sender''s message, member_inactive, subscription_gone; nothing_to_say for a daily e-mail whose digest became empty before it was sent (status sent, sent_at null).';

-- claim_deliveries: what is due, in order.
create index notice_deliveries_due_idx on public.notice_deliveries (next_attempt_at, id) where status = 'pending';
create index notice_deliveries_leased_idx on public.notice_deliveries (locked_until) where status = 'sending';
-- The recipient's own (the app's failures list).
create index notice_deliveries_user_idx on public.notice_deliveries (user_id, company_id, created_at desc);
create index notice_deliveries_company_idx on public.notice_deliveries (company_id);
create index notice_deliveries_notice_idx on public.notice_deliveries (notice_id) where notice_id is not null;
-- plan_deliveries reads the notices of the last 2 days.
create index notices_created_at_idx on public.notices (created_at);

alter table public.notice_deliveries enable row level security;

-- SELECT(notice_deliveries): the recipient, while an active member of the company.
create policy notice_deliveries_select on public.notice_deliveries
  as permissive for select to authenticated
  using (user_id = (select auth.uid()) and company_id in (select private.user_company_ids()));

revoke all on public.notice_deliveries from anon, authenticated;
grant select on public.notice_deliveries to authenticated;
grant all on public.notice_deliveries to service_role;

-- ---------------------------------------------------------------------------------------------
-- plan_deliveries
-- ---------------------------------------------------------------------------------------------

create function private.plan_deliveries(p_now timestamptz)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_local timestamp := p_now at time zone 'America/Sao_Paulo';
  v_day date := (p_now at time zone 'America/Sao_Paulo')::date;
  v_count integer := 0;
  v_n integer;
begin
  if p_now is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  perform private.assert_valid_date(v_day);

  -- The morning: the in-app summary and the daily e-mail, business days from 07:00 São Paulo.
  if private.is_business_day(v_day) and v_local::time >= time '07:00' then
    perform private.write_due_notices(v_day);
    insert into public.notice_deliveries (company_id, user_id, channel, kind, event_key, next_attempt_at)
    select p.company_id, p.user_id, 'email', 'due_summary', to_char(v_day, 'YYYY-MM-DD'), p_now
    from public.user_profiles p
    cross join lateral (select s.enabled, s.email from private.member_notice_settings(p.company_id, p.user_id) s
                        where s.kind = 'due_summary') s
    where p.is_active and s.enabled and s.email
      and private.daily_digest(p.company_id, p.user_id, v_day) is not null
    on conflict do nothing;
    get diagnostics v_n = row_count;
    v_count := v_count + v_n;
  end if;

  -- Every notice of the last 2 days: one delivery per channel its recipient chose (push: one per
  -- device subscribed before the notice). The daily summary's e-mail is the digest above.
  insert into public.notice_deliveries (company_id, user_id, channel, kind, event_key, notice_id,
                                        subscription_id, next_attempt_at)
  select n.company_id, n.user_id, c.channel, n.kind, n.event_key, n.id, c.subscription_id, p_now
  from public.notices n
  join public.user_profiles p on p.company_id = n.company_id and p.user_id = n.user_id and p.is_active
  cross join lateral (select s.enabled, s.email, s.push
                      from private.member_notice_settings(n.company_id, n.user_id) s
                      where s.kind = private.notice_pref_kind(n.kind)) s
  cross join lateral (
    select 'email'::text as channel, null::uuid as subscription_id
    where s.email and n.kind <> 'due_summary'
    union all
    select 'push', ps.id from public.push_subscriptions ps
    where s.push and ps.user_id = n.user_id and ps.created_at <= n.created_at
  ) c
  where n.created_at >= p_now - interval '2 days'
    and s.enabled
    -- A request decided before it was sent waits for nobody any more.
    and not (n.kind = 'approval_pending' and n.read_at is not null)
  on conflict do nothing;
  get diagnostics v_n = row_count;
  return v_count + v_n;
end;
$$;
comment on function private.plan_deliveries(timestamptz) is 'Body of public.plan_deliveries (service role): on a business day from 07:00 America/Sao_Paulo writes the day''s in-app summaries and plans the daily e-mails (due_summary enabled with e-mail, digest not empty); for every notice of the last 2 days plans an e-mail (not for due_summary: the digest is its e-mail) and a push per device, as the recipient chose. Active members only; on conflict do nothing. Returns the deliveries planned.';
revoke all on function private.plan_deliveries(timestamptz) from public, anon, authenticated, service_role;
grant execute on function private.plan_deliveries(timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------
-- claim_deliveries
-- ---------------------------------------------------------------------------------------------

create function private.claim_deliveries(p_limit integer, p_now timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ids uuid[];
  v_result jsonb;
begin
  if p_now is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  if p_limit is null or p_limit not between 1 and 500 then
    raise exception using errcode = 'P0001', message = 'invalid_limit';
  end if;

  -- One run at a time per row: the rows another run holds are skipped, not waited for.
  with picked as (
    select d.id from public.notice_deliveries d
    where (d.status = 'pending' and d.next_attempt_at <= p_now)
       or (d.status = 'sending' and d.locked_until <= p_now)
    order by d.next_attempt_at, d.id
    limit p_limit
    for update skip locked
  )
  select coalesce(array_agg(id), '{}') into v_ids from picked;

  -- Whoever is no longer an active member of the company gets nothing.
  update public.notice_deliveries d
  set status = 'failed', last_error = 'member_inactive', locked_until = null
  where d.id = any (v_ids)
    and not exists (select 1 from public.user_profiles p
                    where p.company_id = d.company_id and p.user_id = d.user_id and p.is_active);
  -- A device removed since it was planned.
  update public.notice_deliveries d
  set status = 'failed', last_error = 'subscription_gone', locked_until = null
  where d.id = any (v_ids) and d.status <> 'failed' and d.channel = 'push'
    and not exists (select 1 from public.push_subscriptions s
                    where s.id = d.subscription_id and s.user_id = d.user_id);

  update public.notice_deliveries d
  set status = 'sending', locked_until = p_now + interval '5 minutes', attempts = d.attempts + 1
  where d.id = any (v_ids) and d.status <> 'failed';

  with claimed as (
    select d.*, c.name as company_name, u.email as user_email,
           case when d.notice_id is null and d.channel = 'email' and d.kind = 'due_summary'
                then private.daily_digest(d.company_id, d.user_id, d.event_key::date) end as digest
    from public.notice_deliveries d
    join public.companies c on c.id = d.company_id
    join auth.users u on u.id = d.user_id
    where d.id = any (v_ids) and d.status = 'sending'
  ),
  -- The daily e-mail of someone who has nothing left to read (all paid since): nothing to send.
  emptied as (
    update public.notice_deliveries d
    set status = 'sent', last_error = 'nothing_to_say', locked_until = null
    from claimed c
    where d.id = c.id and c.notice_id is null and c.digest is null
    returning d.id
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', c.id,
           'channel', c.channel,
           'kind', c.kind,
           'attempts', c.attempts,
           'email', case when c.channel = 'email' then c.user_email end,
           'subscription', case when c.channel = 'push' then
             (select jsonb_build_object('endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)
              from public.push_subscriptions s where s.id = c.subscription_id) end,
           'company_name', c.company_name,
           'notice', (select jsonb_build_object('title', n.title, 'body', n.body, 'link', n.link)
                      from public.notices n where n.id = c.notice_id),
           'digest', c.digest)
         order by c.next_attempt_at, c.id), '[]'::jsonb)
  into v_result
  from claimed c
  where not (c.notice_id is null and c.digest is null);
  return v_result;
end;
$$;
comment on function private.claim_deliveries(integer, timestamptz) is 'Body of public.claim_deliveries (service role): up to p_limit deliveries pending with next_attempt_at ≤ p_now, or sending whose lease passed, locked (skip locked: concurrent runs never share one); each is marked sending for 5 minutes with attempts + 1 and returned with what to send. A recipient no longer an active member → failed member_inactive; a push whose device was removed → failed subscription_gone; a daily e-mail whose digest is now empty → sent, nothing_to_say; none of those returned. Raises invalid_date, invalid_limit.';
revoke all on function private.claim_deliveries(integer, timestamptz) from public, anon, authenticated, service_role;
grant execute on function private.claim_deliveries(integer, timestamptz) to service_role;

-- ---------------------------------------------------------------------------------------------
-- finish_delivery
-- ---------------------------------------------------------------------------------------------

create function private.finish_delivery(p_id uuid, p_ok boolean, p_error text, p_gone boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.notice_deliveries;
begin
  select * into v_row from public.notice_deliveries d where d.id = p_id for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'delivery_not_found';
  end if;
  if p_ok is null then
    raise exception using errcode = 'P0001', message = 'invalid_delivery_outcome';
  end if;
  -- Already finished (a run whose lease passed, reporting after another finished it): kept.
  if v_row.status in ('sent', 'failed') then
    return;
  end if;
  if p_ok then
    update public.notice_deliveries d
    set status = 'sent', sent_at = now(), locked_until = null, last_error = null
    where d.id = p_id;
    if v_row.subscription_id is not null then
      update public.push_subscriptions s set last_success_at = now() where s.id = v_row.subscription_id;
    end if;
  elsif coalesce(p_gone, false) then
    -- The push service says the device is gone (404/410): no more pushes to it.
    delete from public.push_subscriptions s where s.id = v_row.subscription_id;
    update public.notice_deliveries d
    set status = 'failed', locked_until = null, last_error = 'subscription_gone'
    where d.id = p_id;
  elsif v_row.attempts < 5 then
    update public.notice_deliveries d
    set status = 'pending', locked_until = null, last_error = left(coalesce(p_error, 'unknown_error'), 1000),
        next_attempt_at = now() + make_interval(mins => power(2, v_row.attempts)::integer)
    where d.id = p_id;
  else
    update public.notice_deliveries d
    set status = 'failed', locked_until = null, last_error = left(coalesce(p_error, 'unknown_error'), 1000)
    where d.id = p_id;
  end if;
end;
$$;
comment on function private.finish_delivery(uuid, boolean, text, boolean) is 'Body of public.finish_delivery (service role): ok → sent (and the device''s last_success_at); p_gone → the subscription removed, failed subscription_gone; else attempts < 5 → pending again in 2^attempts minutes, else failed, with p_error. A delivery already sent or failed is left as it is. Raises delivery_not_found, invalid_delivery_outcome.';
revoke all on function private.finish_delivery(uuid, boolean, text, boolean) from public, anon, authenticated, service_role;
grant execute on function private.finish_delivery(uuid, boolean, text, boolean) to service_role;

-- ---------------------------------------------------------------------------------------------
-- The service role's API (the notify Edge Function): invoker wrappers no other role may run.
-- ---------------------------------------------------------------------------------------------

-- The wrappers run as the caller (service_role): it needs to reach the bodies in private (only the
-- functions granted to it by name; nothing of private is granted to it wholesale).
grant usage on schema private to service_role;

create function public.plan_deliveries(p_now timestamptz default now())
returns integer
language sql
set search_path = ''
as $$
  select private.plan_deliveries(p_now)
$$;
comment on function public.plan_deliveries(timestamptz) is 'Service role only (the notify Edge Function): plans the deliveries due at p_now (private.plan_deliveries). Returns how many were planned.';

create function public.claim_deliveries(p_limit integer default 50, p_now timestamptz default now())
returns jsonb
language sql
set search_path = ''
as $$
  select private.claim_deliveries(p_limit, p_now)
$$;
comment on function public.claim_deliveries(integer, timestamptz) is 'Service role only: claims up to p_limit deliveries (private.claim_deliveries) → [{ id, channel, kind, attempts, email, subscription: {endpoint, p256dh, auth} | null, company_name, notice: {title, body, link} | null, digest: daily_digest | null }].';

create function public.finish_delivery(p_id uuid, p_ok boolean, p_error text default null, p_gone boolean default false)
returns void
language sql
set search_path = ''
as $$
  select private.finish_delivery(p_id, p_ok, p_error, p_gone)
$$;
comment on function public.finish_delivery(uuid, boolean, text, boolean) is 'Service role only: records a claimed delivery''s outcome (private.finish_delivery).';

revoke all on function public.plan_deliveries(timestamptz) from public, anon, authenticated;
revoke all on function public.claim_deliveries(integer, timestamptz) from public, anon, authenticated;
revoke all on function public.finish_delivery(uuid, boolean, text, boolean) from public, anon, authenticated;
grant execute on function public.plan_deliveries(timestamptz) to service_role;
grant execute on function public.claim_deliveries(integer, timestamptz) to service_role;
grant execute on function public.finish_delivery(uuid, boolean, text, boolean) to service_role;
