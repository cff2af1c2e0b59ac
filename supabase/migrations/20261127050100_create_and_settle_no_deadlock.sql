-- A double tap of "Marcar como Pago" sends create_and_settle_entry twice at once with the same id.
-- `on conflict (id)` made the primary key the only arbiter: the second unique index on (company_id,
-- id) was then checked with a wait while the speculative row was held, and the two calls could
-- deadlock (40P01: each waiting for the other's transaction / speculative token). Without a conflict
-- target every unique index is an arbiter, checked without holding the speculative row; a conflict on
-- (company_id, id) is a conflict on id, so nothing else changes.
CREATE OR REPLACE FUNCTION private.create_and_settle_entry(p_kind text, p_id uuid, p_company_id uuid, p_description text, p_amount numeric, p_due_date date, p_bank_account_id uuid, p_paid_on date, p_today date, p_counterparty_id uuid, p_counterparty_name text, p_project_id uuid, p_category_id uuid, p_payment_method text, p_notes text, p_interest numeric, p_fine numeric, p_discount numeric, p_stage_id uuid DEFAULT NULL::uuid)
 RETURNS public.entries
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  perform private.assert_text_length(btrim(p_description), 200, 'description');
  perform private.assert_text_length(btrim(p_counterparty_name), 200,
                                     case p_kind when 'expense' then 'supplier_name' else 'client_name' end);
  perform private.assert_text_length(btrim(p_notes), 2000, 'notes');
  if p_payment_method is not null and p_payment_method not in ('transfer', 'pix', 'card', 'cash') then
    raise exception using errcode = 'P0001', message = 'invalid_payment_method';
  end if;
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
    on conflict do nothing
    returning id into v_inserted;
  else
    insert into public.accounts_receivable (id, company_id, description, client_id, client_name, amount, due_date,
                                            project_id, stage_id, category_id, bank_account_id, payment_method, notes)
    values (p_id, p_company_id, btrim(p_description), p_counterparty_id, nullif(btrim(p_counterparty_name), ''),
            p_amount, p_due_date, p_project_id, p_stage_id, p_category_id, p_bank_account_id, p_payment_method,
            nullif(btrim(p_notes), ''))
    on conflict do nothing
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
$function$;
