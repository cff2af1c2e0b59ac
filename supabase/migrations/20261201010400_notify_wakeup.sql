-- Waking the notify Edge Function (issue 32): when notices are written (an approval request, a
-- decision…) and on a schedule (the morning summary, retries).
--
-- * pg_notify('notice_written', '') after each insert that wrote notices: the local stack listens
--   and calls the function (scripts/local-stack).
-- * Where pg_net exists (hosted Supabase), net.http_post to <project_url>/functions/v1/notify with
--   the service role key, both read from Vault (secrets project_url and service_role_key; the
--   README's deploy section says how to create them). Absent extension or secrets → nothing, quietly:
--   the schedule picks the notices up within 5 minutes.
-- * The schedule: only where pg_cron and pg_net are available, cron job 'notify' every 5 minutes
--   doing the same post. On our embedded Postgres (and anywhere they are absent, or the migration
--   role may not create them) this migration applies and does nothing.

create function private.wake_notify()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null
     or to_regclass('vault.decrypted_secrets') is null then
    return;
  end if;
  execute $q$select max(decrypted_secret) filter (where name = 'project_url'),
                    max(decrypted_secret) filter (where name = 'service_role_key')
             from vault.decrypted_secrets where name in ('project_url', 'service_role_key')$q$
    into v_url, v_key;
  if v_url is null or v_key is null then
    return;
  end if;
  execute $q$select net.http_post(url := $1, headers := $2, body := '{}'::jsonb, timeout_milliseconds := 5000)$q$
    using rtrim(v_url, '/') || '/functions/v1/notify',
          jsonb_build_object('Authorization', 'Bearer ' || v_key, 'Content-Type', 'application/json');
exception when others then
  -- Waking is a courtesy: the schedule sends what a failed wake-up did not.
  raise warning 'wake_notify: %', sqlerrm;
end;
$$;
comment on function private.wake_notify() is 'Asks the notify Edge Function to run now, through pg_net with the Vault secrets project_url and service_role_key; does nothing where pg_net, Vault or the secrets are absent (never raises).';
revoke all on function private.wake_notify() from public, anon, authenticated, service_role;

create function private.notices_written()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from new_rows) then
    perform pg_notify('notice_written', '');
    perform private.wake_notify();
  end if;
  return null;
end;
$$;
comment on function private.notices_written() is 'Trigger (statement): notices were written → pg_notify(''notice_written'') for the local stack and private.wake_notify() for hosted.';
revoke all on function private.notices_written() from public, anon, authenticated, service_role;

create trigger notices_wake_notify
  after insert on public.notices
  referencing new table as new_rows
  for each statement execute function private.notices_written();

-- The schedule, where the platform has it.
do $do$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net') then
    raise notice 'pg_cron or pg_net not available: the notify schedule is not created here';
    return;
  end if;
  begin
    create extension if not exists pg_net;
    create extension if not exists pg_cron;
    execute $q$select cron.schedule('notify', '*/5 * * * *', 'select private.wake_notify()')$q$;
  exception when insufficient_privilege or feature_not_supported or undefined_file then
    raise notice 'notify schedule not created (%): create it as the README''s deploy section says', sqlerrm;
  end;
end;
$do$;
