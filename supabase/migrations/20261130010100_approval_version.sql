-- Approve and refuse act on the version the approver saw (issue 31). An 'obra' member may edit its
-- payable while it waits: a bill raised from R$ 150 to R$ 95.000 after the admin opened it was
-- approved at R$ 95.000. Both decisions now take what the dialog showed (the amount and the row's
-- updated_at, which every edit moves: accounts_payable_set_updated_at) and refuse with
-- entry_changed, deciding nothing, when the payable is not that version any more. The old
-- signatures are dropped: a decision without the version it was made on is not callable.

drop function if exists public.approve_payable(uuid, uuid, uuid, date);
drop function if exists private.approve_payable(uuid, uuid, uuid, date);
drop function if exists public.refuse_payable(uuid, text);
drop function if exists private.refuse_payable(uuid, text);

create function private.approve_payable(
  p_payable_id uuid,
  p_amount numeric,
  p_updated_at timestamptz,
  p_category_id uuid,
  p_bank_account_id uuid,
  p_due_date date
)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payable public.accounts_payable;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  perform private.assert_valid_date(p_due_date);
  select * into v_payable from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  perform private.assert_role(v_payable.company_id, array['admin', 'financeiro']);
  if v_payable.approval_status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'not_awaiting_approval';
  end if;
  -- Locked above: no edit slips in between this check and the decision.
  if v_payable.amount is distinct from p_amount or v_payable.updated_at is distinct from p_updated_at then
    raise exception using errcode = 'P0001', message = 'entry_changed';
  end if;
  if p_bank_account_id is not null then
    perform private.lock_active_account(v_payable.company_id, p_bank_account_id);
  end if;
  if p_category_id is not null and not exists (
    select 1 from public.categories c where c.id = p_category_id and c.company_id = v_payable.company_id
  ) then
    raise exception using errcode = 'P0001', message = 'category_not_found';
  end if;

  update public.accounts_payable e
  set approval_status = 'approved',
      approval_reason = null,
      approval_decided_by = (select auth.uid()),
      approval_decided_at = now(),
      category_id = coalesce(p_category_id, e.category_id),
      bank_account_id = coalesce(p_bank_account_id, e.bank_account_id),
      due_date = coalesce(p_due_date, e.due_date)
  where e.id = v_payable.id
  returning * into v_payable;
  return v_payable;
end;
$$;
revoke all on function private.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) from public, anon, authenticated;
grant execute on function private.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) to authenticated;

create function public.approve_payable(
  p_payable_id uuid,
  p_amount numeric,
  p_updated_at timestamptz,
  p_category_id uuid default null,
  p_bank_account_id uuid default null,
  p_due_date date default null
)
returns public.accounts_payable
language sql
set search_path = ''
as $$
  select * from private.approve_payable(p_payable_id, p_amount, p_updated_at, p_category_id, p_bank_account_id, p_due_date)
$$;
comment on function public.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) is 'Aprovar (admin, financeiro): a payable awaiting approval becomes an ordinary pending payable, optionally with category, bank account and due date fixed first. p_amount and p_updated_at are the version the approver saw: when the payable is no longer that version, nothing is decided (entry_changed). Body: private.approve_payable. Raises not_authenticated, invalid_date, entry_not_found, not_a_member, forbidden_role, not_awaiting_approval, entry_changed, bank_account_not_found, bank_account_inactive, category_not_found, category_type_mismatch.';
revoke all on function public.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) from public, anon, authenticated;
grant execute on function public.approve_payable(uuid, numeric, timestamptz, uuid, uuid, date) to authenticated, service_role;

create function private.refuse_payable(
  p_payable_id uuid,
  p_amount numeric,
  p_updated_at timestamptz,
  p_reason text
)
returns public.accounts_payable
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_reason text := nullif(btrim(p_reason), '');
  v_payable public.accounts_payable;
begin
  if (select auth.uid()) is null then
    raise exception using errcode = 'P0001', message = 'not_authenticated';
  end if;
  if v_reason is null then
    raise exception using errcode = 'P0001', message = 'refusal_reason_required';
  end if;
  perform private.assert_text_length(v_reason, 500, 'approval_reason');
  select * into v_payable from public.accounts_payable e
  where e.id = p_payable_id and e.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  perform private.assert_role(v_payable.company_id, array['admin', 'financeiro']);
  if v_payable.approval_status <> 'pending' then
    raise exception using errcode = 'P0001', message = 'not_awaiting_approval';
  end if;
  if v_payable.amount is distinct from p_amount or v_payable.updated_at is distinct from p_updated_at then
    raise exception using errcode = 'P0001', message = 'entry_changed';
  end if;

  update public.accounts_payable e
  set approval_status = 'refused',
      approval_reason = v_reason,
      approval_decided_by = (select auth.uid()),
      approval_decided_at = now()
  where e.id = v_payable.id
  returning * into v_payable;
  return v_payable;
end;
$$;
revoke all on function private.refuse_payable(uuid, numeric, timestamptz, text) from public, anon, authenticated;
grant execute on function private.refuse_payable(uuid, numeric, timestamptz, text) to authenticated;

create function public.refuse_payable(
  p_payable_id uuid,
  p_amount numeric,
  p_updated_at timestamptz,
  p_reason text
)
returns public.accounts_payable
language sql
set search_path = ''
as $$
  select * from private.refuse_payable(p_payable_id, p_amount, p_updated_at, p_reason)
$$;
comment on function public.refuse_payable(uuid, numeric, timestamptz, text) is 'Recusar (admin, financeiro): a payable awaiting approval is refused with a reason (≤ 500) its requester sees; their correction sends it again. p_amount and p_updated_at are the version the approver saw: when the payable is no longer that version, nothing is decided (entry_changed). Body: private.refuse_payable. Raises not_authenticated, refusal_reason_required, text_too_long, entry_not_found, not_a_member, forbidden_role, not_awaiting_approval, entry_changed.';
revoke all on function public.refuse_payable(uuid, numeric, timestamptz, text) from public, anon, authenticated;
grant execute on function public.refuse_payable(uuid, numeric, timestamptz, text) to authenticated, service_role;
