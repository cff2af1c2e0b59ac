-- Lançar "Marcar como Pago" (issue 10): the entry and its payment in one function, one transaction,
-- idempotent by the client-generated entry id (a double tap or a retry after a network failure
-- returns the entry already created, never a second one). Plain inserts become idempotent the same
-- way: the API may now supply the id, so the offline queue can insert with
-- `upsert(row, { onConflict: 'id', ignoreDuplicates: true })` (INSERT … ON CONFLICT DO NOTHING).

grant insert (id) on public.accounts_payable, public.accounts_receivable to authenticated;

-- security definer: the payment writes status and the ledger (see private.settle_entry). RLS does
-- not apply to the definer, so membership is asserted first and every id is resolved within the
-- company (composite foreign keys).
create or replace function private.create_and_settle_entry(
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
  p_discount numeric
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

  if p_kind = 'expense' then
    insert into public.accounts_payable (id, company_id, description, supplier_id, supplier_name, amount, due_date,
                                         project_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict (id) do nothing
    returning id into v_inserted;
  else
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_category_id, p_bank_account_id, p_payment_method,
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

create or replace function public.create_and_settle_entry(
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
  p_discount numeric default 0
)
returns public.entries
language sql
security invoker
set search_path = ''
as $$
  select * from private.create_and_settle_entry(p_kind, p_id, p_company_id, p_description, p_amount, p_due_date,
                                                p_bank_account_id, p_paid_on, p_today, p_counterparty_id,
                                                p_counterparty_name, p_project_id, p_category_id,
                                                p_payment_method, p_notes, p_interest, p_fine, p_discount)
$$;
comment on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric) is
  'Lançar "Marcar como Pago": creates the payable (p_kind expense; p_counterparty_* = supplier) or '
  'receivable (income; client) with the client-generated id p_id and settles it in full into '
  'p_bank_account_id on p_paid_on (null = p_today), in one transaction. The same p_id again returns the '
  'existing entry (row of the entries view) and writes nothing. Raises invalid_kind, invalid_id, '
  'not_a_member, invalid_amount, invalid_date, payment_date_in_future, bank_account_not_found, '
  'bank_account_inactive, category_type_mismatch, entry_id_conflict (the id is another company''s). '
  '(body: private.create_and_settle_entry)';

revoke all on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric) from public, anon, authenticated;
revoke all on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric) from public, anon, authenticated;
grant execute on function private.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric) to authenticated;
grant execute on function public.create_and_settle_entry(text, uuid, uuid, text, numeric, date, uuid, date, date, uuid, text, uuid, uuid, text, text, numeric, numeric, numeric) to authenticated;
