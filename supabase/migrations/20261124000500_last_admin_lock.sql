-- The last-admin rule under concurrency (issue 8, point 4). Two admins demoting or deactivating
-- each other at the same moment each saw the other still active (neither change was committed),
-- and the company was left without an admin. Every change of rights now first locks the company row,
-- so such changes of one company run one after the other, and the checks below run after the lock
-- on a fresh snapshot (a volatile plpgsql function takes one per statement in READ COMMITTED): the
-- second one sees the first one's result. The loser of a mutual demotion gets not_admin (it is no
-- longer an admin); of two self-demotions, last_admin.
--
-- FOR NO KEY UPDATE, not FOR UPDATE: it serialises the guards without blocking the key-share locks
-- that every insert referencing the company takes for its foreign key.
-- Still runs as the caller (current_user tells an API caller from our security definer functions);
-- for a caller who is not an admin the companies UPDATE policy hides the row, nothing is locked, and
-- not_admin is raised as before.
create or replace function private.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.role is distinct from old.role or new.is_active is distinct from old.is_active
      or new.user_id is distinct from old.user_id or new.email is distinct from old.email) then
    perform 1 from public.companies c where c.id = old.company_id for no key update;
    if current_user in ('authenticated', 'anon')
       and old.company_id not in (select private.admin_company_ids()) then
      raise exception using errcode = 'P0001', message = 'not_admin';
    end if;
    if old.role = 'admin' and old.is_active
       and (new.role <> 'admin' or not new.is_active)
       and not exists (
         select 1 from public.user_profiles o
         where o.company_id = old.company_id and o.id <> old.id and o.role = 'admin' and o.is_active
       ) then
      raise exception using errcode = 'P0001', message = 'last_admin';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.guard_profile_update() is
  'Trigger: only admins change role/active flag (not_admin); a company keeps one active admin '
  '(last_admin), checked under a lock of the company row.';
