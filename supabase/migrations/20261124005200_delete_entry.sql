-- Excluir / cancelar (issue 10): a pending entry without payments, or the pending part of its series
-- (recurrence or installment plan, rows sharing series_id): "só esta" (one), "esta e as próximas"
-- (following: this one and the later ones of the series) and "todas as pendentes da série"
-- (all_pending). An entry with payments (paid or partially paid) cannot be deleted: reverse it first.
-- Security invoker: the caller's DELETE grant and RLS decide, as for a plain delete.

create or replace function public.delete_entry(p_kind text, p_id uuid, p_scope text default 'one')
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_entry record;
  v_count integer;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_scope is null or p_scope not in ('one', 'following', 'all_pending') then
    raise exception using errcode = 'P0001', message = 'invalid_scope';
  end if;

  if p_kind = 'expense' then
    select e.id, e.company_id, e.series_id, e.installment_number, e.due_date, e.status, e.paid_amount
    into v_entry from public.accounts_payable e where e.id = p_id for update;
  else
    select e.id, e.company_id, e.series_id, e.installment_number, e.due_date, e.status, e.paid_amount
    into v_entry from public.accounts_receivable e where e.id = p_id for update;
  end if;
  if v_entry.id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status = 'paid' or v_entry.paid_amount > 0 then
    raise exception using errcode = 'P0001', message = 'entry_has_payments';
  end if;

  -- The rows to delete: this one, or the pending rows without payments of its series that the
  -- scope names ("following" = installment number ≥ this one's; for a recurrence, due date ≥ this
  -- one's). Entries of the series with payments stay.
  if p_kind = 'expense' then
    with target as (
      select e.id from public.accounts_payable e
      where e.id = p_id
         or (p_scope <> 'one' and v_entry.series_id is not null
             and e.company_id = v_entry.company_id and e.series_id = v_entry.series_id
             and e.status = 'pending' and e.paid_amount = 0
             and (p_scope = 'all_pending'
                  or (v_entry.installment_number is not null and e.installment_number >= v_entry.installment_number)
                  or (v_entry.installment_number is null and e.due_date >= v_entry.due_date)))
      for update
    )
    delete from public.accounts_payable d using target where d.id = target.id;
  else
    with target as (
      select e.id from public.accounts_receivable e
      where e.id = p_id
         or (p_scope <> 'one' and v_entry.series_id is not null
             and e.company_id = v_entry.company_id and e.series_id = v_entry.series_id
             and e.status = 'pending' and e.paid_amount = 0
             and (p_scope = 'all_pending'
                  or (v_entry.installment_number is not null and e.installment_number >= v_entry.installment_number)
                  or (v_entry.installment_number is null and e.due_date >= v_entry.due_date)))
      for update
    )
    delete from public.accounts_receivable d using target where d.id = target.id;
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
comment on function public.delete_entry(text, uuid, text) is
  'Deletes a pending payable (p_kind expense) or receivable (income) without payments; p_scope: '
  '''one'' (só esta), ''following'' (esta e as próximas of its series: installment number ≥ this one''s, '
  'or due date ≥ this one''s for a recurrence), ''all_pending'' (todas as pendentes da série). Entries '
  'of the series with payments are kept. Returns how many rows were deleted. Raises invalid_kind, '
  'invalid_scope, entry_not_found (also another company''s), entry_has_payments.';

revoke all on function public.delete_entry(text, uuid, text) from public, anon, authenticated;
grant execute on function public.delete_entry(text, uuid, text) to authenticated;
