-- Totals of the Contas a Pagar / Contas a Receber screens, computed in SQL (DESIGN §4: never by
-- downloading every row). p_today comes from the browser, like dashboard_summary: the database's
-- current_date is UTC and a Brazilian evening is already tomorrow there.
create or replace function public.entry_list_summary(p_company_id uuid, p_kind text, p_today date)
returns json
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  v_result json;
begin
  if p_company_id not in (select private.user_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_a_member';
  end if;
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  with rows as (
    select status, amount, due_date from public.accounts_payable
    where p_kind = 'expense' and company_id = p_company_id
    union all
    select status, amount, due_date from public.accounts_receivable
    where p_kind = 'income' and company_id = p_company_id
  )
  select json_build_object(
    'pending_total', coalesce(sum(amount) filter (where status = 'pending'), 0),
    'pending_count', count(*) filter (where status = 'pending'),
    'overdue_total', coalesce(sum(amount) filter (where status = 'pending' and due_date < p_today), 0),
    'overdue_count', count(*) filter (where status = 'pending' and due_date < p_today),
    'paid_total', coalesce(sum(amount) filter (where status = 'paid'), 0),
    'paid_count', count(*) filter (where status = 'paid')
  ) into v_result
  from rows;
  return v_result;
end;
$$;
comment on function public.entry_list_summary(uuid, text, date) is
  'Cards of Contas a Pagar (p_kind expense) / Receber (income): pending total and count, overdue (pending, due before p_today) total and count, paid total and count, in reais.';

revoke all on function public.entry_list_summary(uuid, text, date) from public, anon;
grant execute on function public.entry_list_summary(uuid, text, date) to authenticated;

-- Deleting an entry after an estorno sets payable_id/receivable_id of its ledger rows to null (the
-- foreign key's `on delete set null`). That UPDATE fired the balance trigger, which then needed a
-- privilege on bank_accounts the caller does not have ("permission denied"), although no money
-- moves. Only changes of account, direction or amount move a balance.
create or replace function private.ledger_moves_balance()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and new.bank_account_id = old.bank_account_id
     and new.direction = old.direction
     and new.amount = old.amount
     and new.company_id = old.company_id then
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    update public.bank_accounts
    set current_balance = current_balance - case old.direction when 'in' then old.amount else -old.amount end
    where company_id = old.company_id and id = old.bank_account_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.bank_accounts
    set current_balance = current_balance + case new.direction when 'in' then new.amount else -new.amount end
    where company_id = new.company_id and id = new.bank_account_id;
  end if;
  return null;
end;
$$;
