-- Issue 35: a notify run plans only the notices no run has planned yet.
--
-- Every notice written wakes the notify function (private.notices_written: pg_net on hosted, the
-- local scheduler here), and each run called private.plan_deliveries, which read every notice of
-- the last 2 days of every company and let `on conflict do nothing` drop what earlier runs had
-- planned. At 1 000 companies the last 2 days hold the morning's ~4 000 summaries: 427 ms of the
-- database a run (37 491 pages) to plan nothing, after any notice anywhere. One company's approval
-- paid for all the others' history.
--
-- Now the notices written are queued (private.notices_to_plan, by the same statement trigger that
-- wakes the function) and a run takes the queue: each notice is planned once, by the first run
-- after it, with its recipient's settings and devices at that moment (before, a device or an
-- e-mail turned on later still received up to 2 days of old notices).

create table private.notices_to_plan (
  notice_id uuid primary key references public.notices (id) on delete cascade,
  created_at timestamptz not null
);
comment on table private.notices_to_plan is 'The notices no notify run has planned yet: written with each notice (private.notices_written), taken (deleted) by private.plan_deliveries in the transaction that plans them. Service role functions only.';
create index notices_to_plan_created_idx on private.notices_to_plan (created_at);
revoke all on table private.notices_to_plan from public, anon, authenticated, service_role;
-- no grants: only its owner (postgres) may use it

create or replace function private.notices_written()
 returns trigger
 language plpgsql
 security definer
 set search_path to ''
as $function$
begin
  if exists (select 1 from new_rows) then
    insert into private.notices_to_plan (notice_id, created_at)
    select n.id, n.created_at from new_rows n;
    perform pg_notify('notice_written', '');
    perform private.wake_notify();
  end if;
  return null;
end;
$function$;
comment on function private.notices_written() is 'Trigger (statement): notices were written → queued for the next notify run (private.notices_to_plan), pg_notify(''notice_written'') for the local stack and private.wake_notify() for hosted.';

create or replace function private.plan_deliveries(p_now timestamp with time zone)
 returns integer
 language plpgsql
 security definer
 set search_path to ''
as $function$
declare
  v_n integer;
begin
  if p_now is null then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
  perform private.assert_valid_date((p_now at time zone 'America/Sao_Paulo')::date);

  -- A notice that no run took within 2 days (by the clock) is not sent any more.
  delete from private.notices_to_plan q where q.created_at < least(p_now, now()) - interval '2 days';

  -- Every notice of the last 2 days not planned yet (taken from the queue, so a run at the same
  -- moment waits for these rows and then finds them gone): one delivery per channel its recipient
  -- chose (push: one per device, while the notice is unread: one read in the app already needs no
  -- phone notification). The daily summary's e-mail is the digest (private.plan_mornings).
  with taken as (
    delete from private.notices_to_plan q
    where q.created_at >= p_now - interval '2 days'
    returning q.notice_id
  )
  insert into public.notice_deliveries (company_id, user_id, channel, kind, event_key, notice_id,
                                        subscription_id, next_attempt_at)
  -- The recipient's setting for the notice's kind read by a join (what
  -- private.member_notice_settings gives, the saved row else private.notice_default for the role),
  -- not by a call of that definer per notice.
  select n.company_id, n.user_id, c.channel, n.kind, n.event_key, n.id, c.subscription_id, p_now
  from taken t
  join public.notices n on n.id = t.notice_id
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
  where k.kind in ('approval_pending', 'approval_decided', 'due_summary', 'invitation_accepted', 'imports')
    and s.enabled
    -- A request decided before it was sent waits for nobody any more.
    and not (n.kind = 'approval_pending' and n.read_at is not null)
  on conflict do nothing;
  get diagnostics v_n = row_count;
  return v_n;
end;
$function$;
comment on function private.plan_deliveries(p_now timestamp with time zone) is 'Body of public.plan_deliveries (service role): plans, once, each notice written in the 2 days before p_now that no run has planned (private.notices_to_plan): an e-mail (not for due_summary: the daily e-mail is its e-mail, planned by private.plan_mornings) and, while it is unread, a push per device, as the recipient chose at that moment; an approval request already decided (read) plans nothing. Active members only; on conflict do nothing. A notice no run took within 2 days is dropped from the queue. Returns the deliveries planned. Raises invalid_date.';

-- The notices of the last 2 days when this applies: planned again by the next run (what they
-- already have stays: on conflict do nothing).
insert into private.notices_to_plan (notice_id, created_at)
select n.id, n.created_at from public.notices n
where n.created_at >= now() - interval '2 days'
on conflict do nothing;
