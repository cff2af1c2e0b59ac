-- Estorno of ONE payment (issue 10): reopen_* reverses every payment of an entry; this reverses a
-- single one (e.g. the last partial payment, typed with the wrong amount). The entry's sums lose
-- that payment's parts and it is pending again (its open amount grows back).

create or replace function private.reverse_payment(p_payment_id uuid, p_reversed_on date)
returns public.entries
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.transactions;
  v_kind text;
  v_entry_id uuid;
  v_locked uuid;
  v_result public.entries;
begin
  perform private.assert_valid_date(p_reversed_on);
  select * into v_payment from public.transactions t
  where t.id = p_payment_id and t.company_id in (select private.user_company_ids())
    and t.type <> 'transfer' and t.reversal_of is null
    and (t.payable_id is not null or t.receivable_id is not null);
  if not found then
    raise exception using errcode = 'P0001', message = 'payment_not_found';
  end if;
  v_kind := case when v_payment.payable_id is not null then 'expense' else 'income' end;
  v_entry_id := coalesce(v_payment.payable_id, v_payment.receivable_id);

  -- The entry first (as settle_* and reopen_* lock it), then the payment row.
  if v_kind = 'expense' then
    select e.id into v_locked from public.accounts_payable e where e.id = v_entry_id for update;
  else
    select e.id into v_locked from public.accounts_receivable e where e.id = v_entry_id for update;
  end if;
  select * into v_payment from public.transactions t where t.id = p_payment_id for update;
  if exists (select 1 from public.transactions r where r.reversal_of = p_payment_id) then
    raise exception using errcode = 'P0001', message = 'payment_already_reversed';
  end if;

  perform private.reverse_ledger_row(v_payment, coalesce(p_reversed_on, current_date));
  if v_kind = 'expense' then
    update public.accounts_payable
    set paid_amount = paid_amount - v_payment.principal_amount,
        interest_amount = interest_amount - v_payment.interest_amount,
        fine_amount = fine_amount - v_payment.fine_amount,
        discount_amount = discount_amount - v_payment.discount_amount,
        status = 'pending', payment_date = null
    where id = v_entry_id;
  else
    update public.accounts_receivable
    set paid_amount = paid_amount - v_payment.principal_amount,
        interest_amount = interest_amount - v_payment.interest_amount,
        fine_amount = fine_amount - v_payment.fine_amount,
        discount_amount = discount_amount - v_payment.discount_amount,
        status = 'pending', received_date = null
    where id = v_entry_id;
  end if;
  select * into v_result from public.entries e where e.kind = v_kind and e.id = v_entry_id;
  return v_result;
end;
$$;

create or replace function public.reverse_payment(p_payment_id uuid, p_reversed_on date default null)
returns public.entries
language sql
security invoker
set search_path = ''
as $$
  select * from private.reverse_payment(p_payment_id, p_reversed_on)
$$;
comment on function public.reverse_payment(uuid, date) is
  'Estorno of one payment (a row of entry_payments, by its id): a reversing ledger row dated p_reversed_on '
  '(null = today); the entry loses that payment''s principal/juros/multa/desconto and is pending again. '
  'Returns the entry (entries view row). Raises invalid_date, payment_not_found (also another company''s, '
  'a transfer or an estorno row), payment_already_reversed. (body: private.reverse_payment)';

revoke all on function private.reverse_payment(uuid, date) from public, anon, authenticated;
revoke all on function public.reverse_payment(uuid, date) from public, anon, authenticated;
grant execute on function private.reverse_payment(uuid, date) to authenticated;
grant execute on function public.reverse_payment(uuid, date) to authenticated;
