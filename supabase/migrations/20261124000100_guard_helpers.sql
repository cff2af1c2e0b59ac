-- The three input guards every function of ours uses (issue 8, points 3, 5 and 7), so that each
-- rule and its error key exist exactly once:
--   private.assert_member(company)  → not_a_member   (null, unknown or another company's id)
--   private.assert_valid_date(date) → invalid_date   (outside 2000-01-01 … 2100-12-31, ±infinity)
--   private.assert_valid_amount(n)  → invalid_amount (not positive, more than 2 decimals, too large)
-- They run as the caller (security invoker): assert_member reads the caller's memberships through
-- private.user_company_ids(), the others only look at their argument.

create or replace function private.assert_member(p_company_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_company_id is null or p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
end;
$$;
comment on function private.assert_member(uuid) is
  'Raises not_a_member unless p_company_id is one of the caller''s active memberships (null included).';

-- The range every date column of ours accepts (check constraints <table>_<column>_range use the same
-- bounds; suppliers.founded_on is the one exception, see 20261124000400). A null passes: callers
-- that need a value say so themselves.
create or replace function private.assert_valid_date(p_date date)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_date is not null and p_date not between date '2000-01-01' and date '2100-12-31' then
    raise exception using errcode = 'P0001', message = 'invalid_date';
  end if;
end;
$$;
comment on function private.assert_valid_date(date) is
  'Raises invalid_date for a date outside 2000-01-01 … 2100-12-31 (±infinity included); null passes.';

-- Money parameters are typed numeric (not numeric(14,2)): a typmod would round 10.005 to 10.01
-- silently before this check could see it. The bound is what numeric(14,2) can hold; 'NaN' fails
-- it too (NaN sorts above every number).
create or replace function private.assert_valid_amount(p_amount numeric, p_allow_zero boolean default false)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_amount is null
     or not (p_amount < 1000000000000)
     or p_amount < 0
     or (p_amount = 0 and not p_allow_zero)
     or p_amount <> round(p_amount, 2) then
    raise exception using errcode = 'P0001', message = 'invalid_amount';
  end if;
end;
$$;
comment on function private.assert_valid_amount(numeric, boolean) is
  'Raises invalid_amount unless p_amount is a finite number of centavos (at most 2 decimals) below '
  '1e12 and greater than zero (or zero with p_allow_zero).';

revoke all on function private.assert_member(uuid) from public, anon, authenticated;
revoke all on function private.assert_valid_date(date) from public, anon, authenticated;
revoke all on function private.assert_valid_amount(numeric, boolean) from public, anon, authenticated;
grant execute on function private.assert_member(uuid) to authenticated;
grant execute on function private.assert_valid_date(date) to authenticated;
grant execute on function private.assert_valid_amount(numeric, boolean) to authenticated;
