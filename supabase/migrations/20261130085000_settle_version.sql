-- Dar Baixa acts on the version the user saw (issue 31: "every decision on the version seen"). The
-- dialog shows what the bill still owes and pays exactly that (or a part of it); when the bill was
-- raised, lowered or partly paid elsewhere while the dialog was open, the payment went ahead on the
-- new bill ("Pagamento realizado", and R$ 94.850,00 still open). Now settle_payable and
-- settle_receivable take p_open_amount, what the dialog showed as open, and refuse with
-- entry_changed, paying nothing, when the locked row owes another amount. The parameter is
-- optional: callers that show no bill (Lançar's "Marcar como pago" of the entry it just created,
-- reconciliation, which matches the statement's amount itself) pass none.

drop function if exists public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date);
drop function if exists private.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date);
drop function if exists public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date);
drop function if exists private.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date);

-- Locks the entry and compares what it owes with what the caller saw (nothing when p_open_amount is
-- null). The lock is held to the end of the payment: nothing slips in between.
create function private.assert_open_amount(p_kind text, p_id uuid, p_open_amount numeric)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_open numeric;
  v_status text;
begin
  if p_open_amount is null then
    return;
  end if;
  if p_kind = 'expense' then
    select e.amount - e.paid_amount, e.status into v_open, v_status from public.accounts_payable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  else
    select e.amount - e.paid_amount, e.status into v_open, v_status from public.accounts_receivable e
    where e.id = p_id and e.company_id in (select private.user_company_ids())
    for update;
  end if;
  -- Not found or paid in full meanwhile: settle_entry says so (entry_not_found,
  -- entry_already_settled: "baixado em outro aparelho").
  if found and v_status <> 'paid' and v_open is distinct from p_open_amount then
    raise exception using errcode = 'P0001', message = 'entry_changed';
  end if;
end;
$$;
comment on function private.assert_open_amount(text, uuid, numeric) is 'Dar Baixa''s version check: locks the payable (p_kind expense) or receivable and raises entry_changed when, still open, it no longer owes p_open_amount (amount − paid_amount). Null p_open_amount, an entry not found or paid: no check (settle_entry says which).';
revoke all on function private.assert_open_amount(text, uuid, numeric) from public, anon, authenticated;
grant execute on function private.assert_open_amount(text, uuid, numeric) to authenticated;

create function private.settle_payable(p_payable_id uuid, p_bank_account_id uuid, p_paid_on date,
                                       p_amount_paid numeric, p_interest numeric, p_fine numeric,
                                       p_discount numeric, p_today date, p_open_amount numeric)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_payable;
begin
  perform private.assert_row_role('accounts_payable', p_payable_id, array['admin', 'financeiro']);
  perform private.assert_open_amount('expense', p_payable_id, p_open_amount);
  perform private.settle_entry('expense', p_payable_id, p_bank_account_id, p_paid_on, p_amount_paid,
                               p_interest, p_fine, p_discount, p_today);
  select * into v_entry from public.accounts_payable where id = p_payable_id;
  return v_entry;
end;
$$;
comment on function private.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) is 'Body of public.settle_payable (security definer: it writes the status and the ledger).';
revoke all on function private.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) from public, anon, authenticated;
grant execute on function private.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated;

create function public.settle_payable(p_payable_id uuid, p_bank_account_id uuid, p_paid_on date default null,
                                      p_amount_paid numeric default null, p_interest numeric default 0,
                                      p_fine numeric default 0, p_discount numeric default 0,
                                      p_today date default null, p_open_amount numeric default null)
returns public.accounts_payable
language sql
set search_path = ''
as $$
  select * from private.settle_payable(p_payable_id, p_bank_account_id, p_paid_on, p_amount_paid, p_interest,
                                       p_fine, p_discount, p_today, p_open_amount)
$$;
comment on function public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) is 'Dar Baixa (a payment) of a payable into an active account on p_paid_on (null = p_today). p_amount_paid = principal paid (null = the open amount; less = partial payment, the rest stays pending on the entry); p_interest (juros), p_fine (multa), p_discount (desconto) ≥ 0; the ledger row holds principal + juros + multa − desconto. p_today = the browser''s date (null = the database''s). p_open_amount = what the screen showed as open: when the payable owes another amount now, nothing is paid (entry_changed); null = no check (a caller that shows no bill). Raises invalid_date, payment_date_in_future, invalid_amount, payment_exceeds_open_amount, entry_not_found, entry_already_settled, entry_changed, bank_account_not_found, bank_account_inactive. (body: private.settle_payable)';
revoke all on function public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) from public, anon, authenticated;
grant execute on function public.settle_payable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated, service_role;

create function private.settle_receivable(p_receivable_id uuid, p_bank_account_id uuid, p_received_on date,
                                          p_amount_paid numeric, p_interest numeric, p_fine numeric,
                                          p_discount numeric, p_today date, p_open_amount numeric)
returns public.accounts_receivable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entry public.accounts_receivable;
begin
  perform private.assert_row_role('accounts_receivable', p_receivable_id, array['admin', 'financeiro']);
  perform private.assert_open_amount('income', p_receivable_id, p_open_amount);
  perform private.settle_entry('income', p_receivable_id, p_bank_account_id, p_received_on, p_amount_paid,
                               p_interest, p_fine, p_discount, p_today);
  select * into v_entry from public.accounts_receivable where id = p_receivable_id;
  return v_entry;
end;
$$;
comment on function private.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) is 'Body of public.settle_receivable (security definer: it writes the status and the ledger).';
revoke all on function private.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) from public, anon, authenticated;
grant execute on function private.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated;

create function public.settle_receivable(p_receivable_id uuid, p_bank_account_id uuid, p_received_on date default null,
                                         p_amount_paid numeric default null, p_interest numeric default 0,
                                         p_fine numeric default 0, p_discount numeric default 0,
                                         p_today date default null, p_open_amount numeric default null)
returns public.accounts_receivable
language sql
set search_path = ''
as $$
  select * from private.settle_receivable(p_receivable_id, p_bank_account_id, p_received_on, p_amount_paid,
                                          p_interest, p_fine, p_discount, p_today, p_open_amount)
$$;
comment on function public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) is 'Dar Baixa (a receipt) of a receivable; same rules, keys and p_open_amount check as settle_payable. (body: private.settle_receivable)';
revoke all on function public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) from public, anon, authenticated;
grant execute on function public.settle_receivable(uuid, uuid, date, numeric, numeric, numeric, numeric, date, numeric) to authenticated, service_role;
