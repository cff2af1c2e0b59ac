-- Orçado × realizado per stage (issue 13): a payable or receivable may point at a stage (etapa) of
-- its obra. The stage must belong to the entry's obra and company (stage_project_mismatch); changing
-- the entry's obra CLEARS a stage of the old obra (the entry is no longer of that stage — the edit
-- form need not know about stages to move an entry between obras), while naming a stage of another
-- obra is refused. A stage that entries point at cannot be removed (stage_in_use). The entries view
-- carries stage_id and stage_name; the API may write stage_id (column grants).

-- ---------------------------------------------------------------------------------------------
-- Columns and the composite foreign key (same company, same obra)
-- ---------------------------------------------------------------------------------------------

alter table public.project_stages add constraint project_stages_company_project_id_key
  unique (company_id, project_id, id);

alter table public.accounts_payable
  add column stage_id uuid,
  add constraint accounts_payable_stage_needs_project check (stage_id is null or project_id is not null),
  add constraint accounts_payable_stage_fkey foreign key (company_id, project_id, stage_id)
    references public.project_stages (company_id, project_id, id) on delete restrict;
alter table public.accounts_receivable
  add column stage_id uuid,
  add constraint accounts_receivable_stage_needs_project check (stage_id is null or project_id is not null),
  add constraint accounts_receivable_stage_fkey foreign key (company_id, project_id, stage_id)
    references public.project_stages (company_id, project_id, id) on delete restrict;
create index accounts_payable_stage_idx on public.accounts_payable (stage_id) where stage_id is not null;
create index accounts_receivable_stage_idx on public.accounts_receivable (stage_id) where stage_id is not null;
comment on column public.accounts_payable.stage_id is
  'Etapa of the obra (project_stages of the same company and project_id) the expense belongs to; null = Sem etapa.';
comment on column public.accounts_receivable.stage_id is
  'Etapa of the obra (project_stages of the same company and project_id) the receipt belongs to; null = Sem etapa.';

-- The readable key before the foreign key's 23503: runs as the caller, so a stage of another
-- company (invisible under RLS) is a mismatch too.
create or replace function private.check_entry_stage()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.stage_id is null then
    return new;
  end if;
  if exists (select 1 from public.project_stages s
             where s.id = new.stage_id and s.project_id = new.project_id and s.company_id = new.company_id) then
    return new;
  end if;
  -- The obra changed and the stage was left as it was: the entry leaves the old obra's stage.
  if tg_op = 'UPDATE' and new.project_id is distinct from old.project_id
     and new.stage_id is not distinct from old.stage_id then
    new.stage_id := null;
    return new;
  end if;
  raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
end;
$$;
comment on function private.check_entry_stage() is
  'Trigger: stage_id must be a stage of the entry''s obra and company (stage_project_mismatch); moving '
  'the entry to another obra clears a stage it kept.';
revoke all on function private.check_entry_stage() from public, anon, authenticated;
create trigger accounts_payable_check_stage before insert or update of stage_id, project_id, company_id
  on public.accounts_payable for each row execute function private.check_entry_stage();
create trigger accounts_receivable_check_stage before insert or update of stage_id, project_id, company_id
  on public.accounts_receivable for each row execute function private.check_entry_stage();

-- A stage that entries point at is kept (its costs would silently move to Sem etapa).
create or replace function private.guard_stage_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.accounts_payable e where e.stage_id = old.id)
     or exists (select 1 from public.accounts_receivable e where e.stage_id = old.id) then
    raise exception using errcode = 'P0001', message = 'stage_in_use';
  end if;
  return old;
end;
$$;
comment on function private.guard_stage_delete() is
  'Trigger: a stage with payables or receivables cannot be removed (stage_in_use). Counts every entry, '
  'also those the caller''s RLS would hide (none: RLS is per company and stages are too).';
revoke all on function private.guard_stage_delete() from public, anon, authenticated;
create trigger project_stages_guard_delete before delete on public.project_stages
  for each row execute function private.guard_stage_delete();

-- Stages are now money-bearing (their budgets): audited like the other registers.
create trigger project_stages_audit after insert or update or delete on public.project_stages
  for each row execute function private.audit_row();

-- ---------------------------------------------------------------------------------------------
-- The entries view: the same columns, in the same order, plus stage_id and stage_name at the end
-- (create or replace keeps its grants, its security_invoker and every object that depends on it).
-- ---------------------------------------------------------------------------------------------

create or replace view public.entries with (security_invoker = true) as
select
  'expense'::text as kind, p.id, p.company_id, p.description, p.amount, p.due_date, p.status,
  p.payment_date as settled_on, p.supplier_id as counterparty_id,
  coalesce(s.name, p.supplier_name) as counterparty_name,
  p.project_id, pr.name as project_name, p.category_id, c.name as category_name, c.color as category_color,
  p.bank_account_id, b.name as bank_account_name, p.payment_method, p.notes,
  p.series_id, p.series_kind, p.installment_number, p.installment_count, p.created_at,
  p.paid_amount, p.open_amount, p.interest_amount, p.fine_amount, p.discount_amount, p.paid_total,
  p.supplier_name as counterparty_text, p.updated_at, p.created_by,
  p.stage_id, st.name as stage_name
from public.accounts_payable p
left join public.suppliers s on s.company_id = p.company_id and s.id = p.supplier_id
left join public.projects pr on pr.company_id = p.company_id and pr.id = p.project_id
left join public.categories c on c.company_id = p.company_id and c.id = p.category_id
left join public.bank_accounts b on b.company_id = p.company_id and b.id = p.bank_account_id
left join public.project_stages st on st.company_id = p.company_id and st.id = p.stage_id
union all
select
  'income'::text, r.id, r.company_id, r.description, r.amount, r.due_date, r.status,
  r.received_date, r.client_id, coalesce(cl.name, r.client_name),
  r.project_id, pr.name, r.category_id, c.name, c.color,
  r.bank_account_id, b.name, r.payment_method, r.notes,
  r.series_id, r.series_kind, r.installment_number, r.installment_count, r.created_at,
  r.paid_amount, r.open_amount, r.interest_amount, r.fine_amount, r.discount_amount, r.paid_total,
  r.client_name, r.updated_at, r.created_by,
  r.stage_id, st.name
from public.accounts_receivable r
left join public.clients cl on cl.company_id = r.company_id and cl.id = r.client_id
left join public.projects pr on pr.company_id = r.company_id and pr.id = r.project_id
left join public.categories c on c.company_id = r.company_id and c.id = r.category_id
left join public.bank_accounts b on b.company_id = r.company_id and b.id = r.bank_account_id
left join public.project_stages st on st.company_id = r.company_id and st.id = r.stage_id;
comment on view public.entries is
  'Payables (kind expense) and receivables (kind income) in one list, with the names of what they point '
  'at (stage_name: the etapa of the obra) and the payment columns (paid_amount, open_amount, '
  'interest/fine/discount_amount, paid_total). The one union of the two tables: every aggregate reads '
  'it. RLS of the underlying tables applies.';
revoke all on public.entries from public, anon, authenticated;
grant select on public.entries to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Column grants: the lists of 20261124005900 plus stage_id (revoked first: REVOKE on the table
-- also revokes the column privileges of the same kind).
-- ---------------------------------------------------------------------------------------------

revoke insert, update on public.accounts_payable, public.accounts_receivable from public, anon, authenticated;
grant insert (id, company_id, description, supplier_id, supplier_name, amount, due_date, project_id, stage_id,
              category_id, bank_account_id, payment_method, notes, series_id, series_kind, installment_number,
              installment_count)
  on public.accounts_payable to authenticated;
grant update (description, supplier_id, supplier_name, amount, due_date, project_id, stage_id, category_id,
              bank_account_id, payment_method, notes)
  on public.accounts_payable to authenticated;
grant insert (id, company_id, description, client_id, client_name, amount, due_date, project_id, stage_id,
              category_id, bank_account_id, payment_method, notes, series_id, series_kind, installment_number,
              installment_count)
  on public.accounts_receivable to authenticated;
grant update (description, client_id, client_name, amount, due_date, project_id, stage_id, category_id,
              bank_account_id, payment_method, notes)
  on public.accounts_receivable to authenticated;
