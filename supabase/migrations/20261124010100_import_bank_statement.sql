-- Importar extrato (issue 12): the browser parses the OFX/CSV file and sends its lines in ONE call;
-- the statement row and its new lines are written in one transaction. A line whose FITID the account
-- already has is skipped (ON CONFLICT DO NOTHING on (bank_account_id, fitid)), so importing the same or
-- an overlapping file again adds nothing, also when two imports run at the same moment.

-- security definer: the statement tables have no write grant. Membership comes from the account,
-- which must be one of the caller's companies.
create or replace function private.import_bank_statement(
  p_bank_account_id uuid,
  p_source text,
  p_lines jsonb,
  p_file_name text,
  p_bank_id text,
  p_account_ref text,
  p_start date,
  p_end date,
  p_ledger_balance numeric
)
returns json
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_company_id uuid;
  v_count integer;
  v_new integer;
  v_start date;
  v_end date;
  v_statement_id uuid;
  v_line jsonb;
  v_amount numeric;
begin
  if p_source is null or p_source not in ('ofx', 'csv') then
    raise exception using errcode = 'P0001', message = 'invalid_statement';
  end if;
  select a.company_id into v_company_id
  from public.bank_accounts a
  where a.id = p_bank_account_id and a.company_id in (select private.user_company_ids());
  if v_company_id is null then
    raise exception using errcode = 'P0001', message = 'bank_account_not_found';
  end if;
  perform private.assert_member(v_company_id);

  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) = 0 then
    raise exception using errcode = 'P0001', message = 'invalid_statement';
  end if;
  v_count := jsonb_array_length(p_lines);
  if v_count > 5000 then
    raise exception using errcode = 'P0001', message = 'statement_too_large';
  end if;

  -- Every line is checked before anything is written: a bad line refuses the whole file.
  for v_line in select value from jsonb_array_elements(p_lines) loop
    if jsonb_typeof(v_line) <> 'object'
       or length(btrim(coalesce(v_line ->> 'fitid', ''))) not between 1 and 255
       or length(coalesce(v_line ->> 'memo', '')) > 500
       or length(coalesce(v_line ->> 'trn_type', '')) > 20 then
      raise exception using errcode = 'P0001', message = 'invalid_statement';
    end if;
    if coalesce(v_line ->> 'amount', '') !~ '^-?[0-9]{1,13}(\.[0-9]+)?$' then
      raise exception using errcode = 'P0001', message = 'invalid_amount';
    end if;
    v_amount := (v_line ->> 'amount')::numeric;
    perform private.assert_valid_amount(abs(v_amount));
    if coalesce(v_line ->> 'posted_on', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then
      raise exception using errcode = 'P0001', message = 'invalid_date';
    end if;
    perform private.assert_valid_date((v_line ->> 'posted_on')::date);
  end loop;

  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_ledger_balance is not null then
    perform private.assert_valid_amount(abs(p_ledger_balance), p_allow_zero => true);
  end if;
  select coalesce(p_start, min((l ->> 'posted_on')::date)), coalesce(p_end, max((l ->> 'posted_on')::date))
  into v_start, v_end
  from jsonb_array_elements(p_lines) l;
  if v_end < v_start then
    raise exception using errcode = 'P0001', message = 'invalid_period';
  end if;

  insert into public.bank_statements (company_id, bank_account_id, source, file_name, bank_id, account_ref,
                                      start_date, end_date, ledger_balance, line_count)
  values (v_company_id, p_bank_account_id, p_source, left(nullif(btrim(p_file_name), ''), 255),
          left(nullif(btrim(p_bank_id), ''), 40), left(nullif(btrim(p_account_ref), ''), 60), v_start, v_end,
          p_ledger_balance, v_count)
  returning id into v_statement_id;

  with inserted as (
    insert into public.bank_statement_lines (company_id, bank_account_id, statement_id, fitid, posted_on, amount,
                                             memo, trn_type)
    select v_company_id, p_bank_account_id, v_statement_id, btrim(l ->> 'fitid'), (l ->> 'posted_on')::date,
           (l ->> 'amount')::numeric, btrim(coalesce(l ->> 'memo', '')), nullif(btrim(l ->> 'trn_type'), '')
    from jsonb_array_elements(p_lines) l
    on conflict (bank_account_id, fitid) do nothing
    returning 1
  )
  select count(*) into v_new from inserted;

  update public.bank_statements set new_line_count = v_new where id = v_statement_id;

  return json_build_object('statement_id', v_statement_id, 'line_count', v_count, 'new_count', v_new,
                           'existing_count', v_count - v_new, 'start_date', v_start, 'end_date', v_end);
end;
$$;

create or replace function public.import_bank_statement(
  p_bank_account_id uuid,
  p_source text,
  p_lines jsonb,
  p_file_name text default null,
  p_bank_id text default null,
  p_account_ref text default null,
  p_start date default null,
  p_end date default null,
  p_ledger_balance numeric default null
)
returns json
language sql
security invoker
set search_path = ''
as $$
  select private.import_bank_statement(p_bank_account_id, p_source, p_lines, p_file_name, p_bank_id, p_account_ref,
                                       p_start, p_end, p_ledger_balance)
$$;
comment on function public.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) is
  'Importar extrato: p_lines = [{fitid, posted_on (yyyy-mm-dd), amount (signed reais, negative = débito), memo, '
  'trn_type}] (1…5000). Stores the statement and the lines whose FITID the account does not have yet, in one '
  'transaction. p_start/p_end null = the lines'' first/last date; p_ledger_balance = LEDGERBAL (null for CSV). '
  'Returns {statement_id, line_count, new_count, existing_count, start_date, end_date}. Raises '
  'bank_account_not_found (also another company''s), invalid_statement, statement_too_large, invalid_amount, '
  'invalid_date, invalid_period. (body: private.import_bank_statement)';

revoke all on function private.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) from public, anon, authenticated;
revoke all on function public.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) from public, anon, authenticated;
grant execute on function private.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) to authenticated;
grant execute on function public.import_bank_statement(uuid, text, jsonb, text, text, text, date, date, numeric) to authenticated;
