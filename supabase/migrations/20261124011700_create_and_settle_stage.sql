-- Lançar "Marcar como Pago" on an obra's stage (issue 13): create_and_settle_entry takes the stage
-- (p_stage_id), so the paid entry is written on its stage in the same one call and one transaction
-- as any other "Marcar como Pago". Until now the client inserted the entry and settled it in a
-- second call when a stage was chosen (and deleted it again when the settlement was refused): two
-- round trips, and a window in which the entry existed unpaid.
--
-- One function, not an overload: the 18-parameter signatures (private and public) are dropped and
-- recreated with p_stage_id at the end, defaulting to null, so every existing call — the app's,
-- and private.reconcile_statement_line's positional call with 18 arguments (resolved when it runs)
-- — keeps working unchanged. The complete privileges reset that names the new signature is
-- 20261124011900_reset_privileges_planning.sql.

drop function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric);
drop function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric);

-- security definer: the payment writes status and the ledger (see private.settle_entry). RLS does
-- not apply to the definer, so membership is asserted first and every id is resolved within the
-- company (composite foreign keys); the stage is checked here, before anything is written, with
-- the key of the entries' trigger (private.check_entry_stage): stage_project_mismatch.
create function private.create_and_settle_entry(
  p_kind text,
  p_id uuid,
  p_company_id uuid,
  p_description text,
  p_amount numeric,
  p_due_date date,
  p_bank_account_id uuid,
  p_paid_on date,
  p_today date,
  p_counterparty_id uuid,
  p_counterparty_name text,
  p_project_id uuid,
  p_category_id uuid,
  p_payment_method text,
  p_notes text,
  p_interest numeric,
  p_fine numeric,
  p_discount numeric,
  p_stage_id uuid default null
)
returns public.entries
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_inserted uuid;
  v_result public.entries;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_id is null then
    raise exception using errcode = 'P0001', message = 'invalid_id';
  end if;
  perform private.assert_member(p_company_id);
  perform private.assert_valid_amount(p_amount);
  perform private.assert_valid_date(p_due_date);
  -- A stage of this obra of this company (also when no obra is given: a stage needs its obra).
  if p_stage_id is not null and not exists (
    select 1 from public.project_stages s
    where s.id = p_stage_id and s.project_id = p_project_id and s.company_id = p_company_id
  ) then
    raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
  end if;

  if p_kind = 'expense' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, stage_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict (id) do nothing
    returning id into v_inserted;
  else
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, stage_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict (id) do nothing
    returning id into v_inserted;
  end if;

  if v_inserted is not null then
    perform private.settle_entry(p_kind, p_id, p_bank_account_id, p_paid_on, null, p_interest, p_fine,
                                 p_discount, p_today);
  end if;

  -- Created now or by an earlier call with the same id (which waited for it to commit).
  select * into v_result from public.entries e
  where e.kind = p_kind and e.id = p_id and e.company_id in (select private.user_company_ids());
  if not found then
    -- The id belongs to a row the caller cannot see.
    raise exception using errcode = 'P0001', message = 'entry_id_conflict';
  end if;
  return v_result;
end;
$$;
comment on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid) is
  'Body of public.create_and_settle_entry (security definer: it writes the status and the ledger).';

create function public.create_and_settle_entry(
  p_kind text,
  p_id uuid,
  p_company_id uuid,
  p_description text,
  p_amount numeric,
  p_due_date date,
  p_bank_account_id uuid,
  p_paid_on date default null,
  p_today date default null,
  p_counterparty_id uuid default null,
  p_counterparty_name text default null,
  p_project_id uuid default null,
  p_category_id uuid default null,
  p_payment_method text default null,
  p_notes text default null,
  p_interest numeric default 0,
  p_fine numeric default 0,
  p_discount numeric default 0,
  p_stage_id uuid default null
)
returns public.entries
language sql
security invoker
set search_path = ''
as $$
  select * from private.create_and_settle_entry(p_kind, p_id, p_company_id, p_description, p_amount, p_due_date,
                                                p_bank_account_id, p_paid_on, p_today, p_counterparty_id,
                                                p_counterparty_name, p_project_id, p_category_id,
                                                p_payment_method, p_notes, p_interest, p_fine, p_discount,
                                                p_stage_id)
$$;
comment on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid) is
  'Lançar "Marcar como Pago": creates the payable (p_kind expense; p_counterparty_* = supplier) or '
  'receivable (income; client) with the client-generated id p_id, on the etapa p_stage_id of the obra '
  'p_project_id when given, and settles it in full into p_bank_account_id on p_paid_on (null = '
  'p_today), in one transaction. The same p_id again returns the existing entry (row of the entries '
  'view) and writes nothing. Raises invalid_kind, invalid_id, not_a_member, invalid_amount, '
  'invalid_date, stage_project_mismatch (the stage is not of that obra and company), '
  'payment_date_in_future, bank_account_not_found, bank_account_inactive, category_type_mismatch, '
  'entry_id_conflict (the id is another company''s). (body: private.create_and_settle_entry)';

revoke all on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid) from public, anon, authenticated;
revoke all on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid) from public, anon, authenticated;
grant execute on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid) to authenticated;
grant execute on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric, uuid) to authenticated;
