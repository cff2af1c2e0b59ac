-- The company's own data becomes editable after set-up, by its admins, through one function that
-- checks it (issue 23, "Empresa"): CNPJ/CPF by its check digits, CEP, UF, the text caps of
-- create_company, and the approval threshold for site expenses ("alçada").
--
-- Direct UPDATE on companies is revoked from the API: the table checks only lengths, so a client
-- writing the row itself could store a CNPJ with wrong digits or an unknown UF. update_company is
-- the one way in; its definer body runs as the table owner (companies has no UPDATE policy left).
-- The audit trigger companies_audit records the change with the caller as actor.

alter table public.companies
  add column approval_threshold numeric(14,2) not null default 0,
  add constraint companies_approval_threshold_check
    check (approval_threshold >= 0 and approval_threshold < 1000000000000);
comment on column public.companies.approval_threshold is
  'Site expenses (entries by an obra member) up to this amount need no approval; 0 = all need it.';

-- Documents and CEPs --------------------------------------------------------------------------

-- A CPF (11 digits) or CNPJ (14 characters) with valid check digits, given already normalised
-- (no punctuation, upper case). CNPJs issued from July 2026 may carry letters in their first 12
-- positions (Receita Federal, IN RFB 2.229/2024); the check digits use each character's code minus
-- 48, which for digits is the old rule, so one computation serves both.
create or replace function private.valid_br_document(p_document text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_len integer := char_length(p_document);
  v_sum integer;
  v_dv integer;
  v_pos integer;
  v_weights integer[];
begin
  if p_document is null then
    return false;
  end if;
  if v_len = 11 then
    if p_document !~ '^[0-9]{11}$' or p_document ~ '^(.)\1*$' then
      return false;
    end if;
    for v_pos in 10..11 loop
      v_sum := 0;
      for i in 1..v_pos - 1 loop
        v_sum := v_sum + (ascii(substr(p_document, i, 1)) - 48) * (v_pos + 1 - i);
      end loop;
      v_dv := (v_sum * 10) % 11;
      if v_dv = 10 then
        v_dv := 0;
      end if;
      if v_dv <> ascii(substr(p_document, v_pos, 1)) - 48 then
        return false;
      end if;
    end loop;
    return true;
  elsif v_len = 14 then
    if p_document !~ '^[0-9A-Z]{12}[0-9]{2}$' or p_document ~ '^(.)\1*$' then
      return false;
    end if;
    for v_pos in 13..14 loop
      v_weights := case v_pos
                     when 13 then array[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
                     else array[6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
                   end;
      v_sum := 0;
      for i in 1..v_pos - 1 loop
        v_sum := v_sum + (ascii(substr(p_document, i, 1)) - 48) * v_weights[i];
      end loop;
      v_dv := v_sum % 11;
      v_dv := case when v_dv < 2 then 0 else 11 - v_dv end;
      if v_dv <> ascii(substr(p_document, v_pos, 1)) - 48 then
        return false;
      end if;
    end loop;
    return true;
  end if;
  return false;
end;
$$;
comment on function private.valid_br_document(text) is
  'True for a CPF (11 digits) or CNPJ (14 characters, numeric or the 2026 alphanumeric form) with '
  'valid check digits, given without punctuation and in upper case.';
revoke all on function private.valid_br_document(text) from public, anon, authenticated;

-- update_company --------------------------------------------------------------------------------

create or replace function private.update_company(
  p_company_id uuid,
  p_name text,
  p_document text,
  p_email text,
  p_phone text,
  p_address text,
  p_city text,
  p_state text,
  p_zip_code text,
  p_approval_threshold numeric
)
returns public.companies
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_document text;
  v_zip_code text;
  v_state text;
  v_company public.companies;
begin
  perform private.assert_member(p_company_id);
  if p_company_id not in (select private.admin_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_admin';
  end if;

  perform private.assert_text_length(btrim(p_name), 200, 'name');
  perform private.assert_text_length(btrim(p_document), 30, 'document');
  perform private.assert_text_length(btrim(p_email), 320, 'email');
  perform private.assert_text_length(btrim(p_phone), 40, 'phone');
  perform private.assert_text_length(btrim(p_address), 300, 'address');
  perform private.assert_text_length(btrim(p_city), 120, 'city');
  perform private.assert_text_length(btrim(p_state), 60, 'state');
  perform private.assert_text_length(btrim(p_zip_code), 20, 'zip_code');
  perform private.assert_valid_amount(p_approval_threshold, true);

  -- Masks are for display: the row keeps the bare characters. Only the punctuation of the usual
  -- masks is dropped; any other character makes the value invalid rather than silently vanish.
  v_document := upper(regexp_replace(btrim(coalesce(p_document, '')), '[\s./-]', '', 'g'));
  if v_document = '' then
    v_document := null;
  elsif not private.valid_br_document(v_document) then
    raise exception using errcode = 'P0001', message = 'invalid_document';
  end if;

  v_zip_code := regexp_replace(btrim(coalesce(p_zip_code, '')), '[\s.-]', '', 'g');
  if v_zip_code = '' then
    v_zip_code := null;
  elsif v_zip_code !~ '^[0-9]{8}$' then
    raise exception using errcode = 'P0001', message = 'invalid_zip_code';
  end if;

  v_state := nullif(upper(btrim(coalesce(p_state, ''))), '');
  if v_state is not null and v_state <> all (array[
       'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
       'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO']) then
    raise exception using errcode = 'P0001', message = 'invalid_state';
  end if;

  update public.companies c
  set name = btrim(p_name),
      document = v_document,
      email = nullif(btrim(p_email), ''),
      phone = nullif(btrim(p_phone), ''),
      address = nullif(btrim(p_address), ''),
      city = nullif(btrim(p_city), ''),
      state = v_state,
      zip_code = v_zip_code,
      approval_threshold = p_approval_threshold
  where c.id = p_company_id
  returning * into v_company;

  return v_company;
end;
$$;
revoke all on function private.update_company(uuid, text, text, text, text, text, text, text, text, numeric)
  from public, anon, authenticated;
grant execute on function private.update_company(uuid, text, text, text, text, text, text, text, text, numeric)
  to authenticated;

create or replace function public.update_company(
  p_company_id uuid,
  p_name text,
  p_document text,
  p_email text,
  p_phone text,
  p_address text,
  p_city text,
  p_state text,
  p_zip_code text,
  p_approval_threshold numeric
)
returns public.companies
language sql
security invoker
set search_path = ''
as $$
  select * from private.update_company(p_company_id, p_name, p_document, p_email, p_phone, p_address,
                                       p_city, p_state, p_zip_code, p_approval_threshold)
$$;
comment on function public.update_company(uuid, text, text, text, text, text, text, text, text, numeric) is
  'Edits the company''s data (Empresa), admins only (body: private.update_company). Document and CEP '
  'are stored without punctuation. Raises not_admin, invalid_document, invalid_zip_code, '
  'invalid_state, invalid_amount, text_too_long.';
revoke all on function public.update_company(uuid, text, text, text, text, text, text, text, text, numeric)
  from public, anon, authenticated;
grant execute on function public.update_company(uuid, text, text, text, text, text, text, text, text, numeric)
  to authenticated;

-- The last-admin guard locks the company row FOR NO KEY UPDATE, which Postgres allows only to a
-- role holding UPDATE on the table: the trigger runs as the caller, who no longer has it. The lock
-- moves into a definer helper (granted to authenticated: the trigger calls it as the caller, whose
-- own rights the guard still checks next); the guard is otherwise as 20261127010400 left it.
create or replace function private.lock_company_row(p_company_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.companies c where c.id = p_company_id for no key update;
end;
$$;
comment on function private.lock_company_row(uuid) is
  'Locks a company row FOR NO KEY UPDATE for the caller''s transaction (serialises last-admin checks).';
revoke all on function private.lock_company_row(uuid) from public, anon, authenticated;
grant execute on function private.lock_company_row(uuid) to authenticated;

create or replace function private.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and not old.is_active
     and old.user_id = (select auth.uid()) then
    raise exception using errcode = 'P0001', message = 'membership_inactive';
  end if;
  if (new.role is distinct from old.role or new.is_active is distinct from old.is_active
      or new.user_id is distinct from old.user_id or new.email is distinct from old.email) then
    perform private.lock_company_row(old.company_id);
    if current_user in ('authenticated', 'anon')
       and old.company_id not in (select private.admin_company_ids()) then
      raise exception using errcode = 'P0001', message = 'not_admin';
    end if;
    -- An 'obra' member needs obras: set_member_access sets both at once.
    if current_user in ('authenticated', 'anon') and new.role = 'obra'
       and old.role is distinct from 'obra' then
      raise exception using errcode = 'P0001', message = 'projects_required';
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

-- The function is the one way to change a company.
revoke update on public.companies from authenticated;
drop policy if exists companies_update on public.companies;
