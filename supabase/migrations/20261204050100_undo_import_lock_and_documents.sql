-- Merge of two definitions of private.undo_import_batch written side by side this stop: the lock
-- order of 20261204030100 (the batch's accounts in id order before the entries' updates; helper
-- contention) and the payment-document refusal of 20261204050000 (helper importux), which was
-- written on the definition before the lock order and would otherwise have undone it.
-- tests/db/contention.test.ts ("an estorno and the undo of an import of paid rows") and
-- tests/db/imports.test.ts ("…or to its payment") hold both.
create or replace function private.undo_import_batch(p_batch_id uuid, p_created_at timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_batch public.import_batches;
  v_payables uuid[];
  v_receivables uuid[];
  v_suppliers uuid[];
  v_clients uuid[];
  v_categories uuid[];
  v_projects uuid[];
begin
  select * into v_batch from public.import_batches b
  where b.id = p_batch_id and b.company_id in (select private.user_company_ids())
  for update;
  if not found then
    raise exception using errcode = 'P0001', message = 'import_batch_not_found';
  end if;
  perform private.assert_role(v_batch.company_id, array['admin', 'financeiro']);
  if v_batch.undone_at is not null then
    raise exception using errcode = 'P0001', message = 'import_batch_undone';
  end if;
  -- The version the screen showed.
  if p_created_at is null or p_created_at <> v_batch.created_at then
    raise exception using errcode = 'P0001', message = 'import_batch_changed';
  end if;

  -- Its rows, locked as Dar Baixa locks an entry (no payment slips in between).
  select coalesce(array_agg(e.id), '{}') into v_payables from (
    select e.id from public.accounts_payable e
    where e.company_id = v_batch.company_id and e.import_batch_id = v_batch.id for update) e;
  select coalesce(array_agg(e.id), '{}') into v_receivables from (
    select e.id from public.accounts_receivable e
    where e.company_id = v_batch.company_id and e.import_batch_id = v_batch.id for update) e;
  select coalesce(array_agg(s.id), '{}') into v_suppliers from (
    select s.id from public.suppliers s
    where s.company_id = v_batch.company_id and s.import_batch_id = v_batch.id for update) s;
  select coalesce(array_agg(c.id), '{}') into v_clients from (
    select c.id from public.clients c
    where c.company_id = v_batch.company_id and c.import_batch_id = v_batch.id for update) c;
  select coalesce(array_agg(c.id), '{}') into v_categories from (
    select c.id from public.categories c
    where c.company_id = v_batch.company_id and c.import_batch_id = v_batch.id for update) c;
  select coalesce(array_agg(p.id), '{}') into v_projects from (
    select p.id from public.projects p
    where p.company_id = v_batch.company_id and p.import_batch_id = v_batch.id for update) p;

  -- Changed since: every row the import wrote carries its transaction's time (created_at,
  -- updated_at, the payment's created_at); an edit, an approval, a payment, an estorno, a
  -- document or a conciliação after it is a change the user did not see.
  if exists (select 1 from public.accounts_payable e
             where e.id = any (v_payables) and e.updated_at <> v_batch.created_at)
     or exists (select 1 from public.accounts_receivable e
                where e.id = any (v_receivables) and e.updated_at <> v_batch.created_at)
     or exists (select 1 from public.documents d
                where d.company_id = v_batch.company_id
                  and (d.payable_id = any (v_payables) or d.receivable_id = any (v_receivables)))
     -- A comprovante on a paid row's payment (its import-time ledger row) is a document too.
     or exists (select 1 from public.documents d
                join public.transactions t on t.id = d.payment_id
                where d.company_id = v_batch.company_id and t.company_id = v_batch.company_id
                  and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables)))
     or exists (select 1 from public.transactions t
                where t.company_id = v_batch.company_id
                  and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables))
                  and (t.created_at <> v_batch.created_at or t.reversal_of is not null
                       or exists (select 1 from public.transactions r where r.reversal_of = t.id)
                       or exists (select 1 from public.bank_statement_lines l where l.matched_transaction_id = t.id)))
     or exists (select 1 from public.suppliers s where s.id = any (v_suppliers) and s.updated_at <> v_batch.created_at)
     or exists (select 1 from public.clients c where c.id = any (v_clients) and c.updated_at <> v_batch.created_at)
     or exists (select 1 from public.categories c where c.id = any (v_categories) and c.updated_at <> v_batch.created_at)
     or exists (select 1 from public.projects p where p.id = any (v_projects) and p.updated_at <> v_batch.created_at)
  then
    raise exception using errcode = 'P0001', message = 'import_batch_changed';
  end if;

  -- A register it created that something outside the batch now uses.
  if exists (select 1 from public.accounts_payable e
             where e.company_id = v_batch.company_id and e.import_batch_id is distinct from v_batch.id
               and (e.supplier_id = any (v_suppliers) or e.project_id = any (v_projects)
                    or e.category_id = any (v_categories) or e.part_project_ids && v_projects
                    or e.part_category_ids && v_categories))
     or exists (select 1 from public.accounts_receivable e
                where e.company_id = v_batch.company_id and e.import_batch_id is distinct from v_batch.id
                  and (e.client_id = any (v_clients) or e.project_id = any (v_projects)
                       or e.category_id = any (v_categories) or e.part_project_ids && v_projects
                       or e.part_category_ids && v_categories))
     or exists (select 1 from public.supplier_orders o
                where o.company_id = v_batch.company_id
                  and (o.supplier_id = any (v_suppliers) or o.project_id = any (v_projects)))
     or exists (select 1 from public.supplier_products p
                where p.company_id = v_batch.company_id and p.supplier_id = any (v_suppliers))
     or exists (select 1 from public.project_stages s
                where s.company_id = v_batch.company_id and s.project_id = any (v_projects))
     or exists (select 1 from public.project_team_members m
                where m.company_id = v_batch.company_id and m.project_id = any (v_projects))
     or exists (select 1 from public.project_access a where a.project_id = any (v_projects))
     or exists (select 1 from public.documents d
                where d.company_id = v_batch.company_id and d.project_id = any (v_projects))
  then
    raise exception using errcode = 'P0001', message = 'import_batch_in_use';
  end if;

  -- Lock order (docs/contracts.md): the accounts of the batch's payments in id order, before the
  -- entries' updates below move the kept totals and the deletes move the balances (taken by the
  -- deletes, after the totals and row by row, a Dar Baixa holding one of them closed a cycle: 40P01,
  -- tests/db/contention.test.ts).
  perform 1 from public.bank_accounts a
  where a.company_id = v_batch.company_id
    and a.id in (select t.bank_account_id from public.transactions t
                 where t.company_id = v_batch.company_id
                   and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables)))
  order by a.id
  for no key update;

  begin
    -- Paid rows back to open (as an estorno leaves them), their import-time ledger rows removed
    -- (the account's balance and the kept totals follow through the ledger's own triggers), then
    -- the rows, then the registers.
    update public.accounts_payable
    set paid_amount = 0, interest_amount = 0, fine_amount = 0, discount_amount = 0, status = 'pending',
        payment_date = null
    where id = any (v_payables) and paid_amount > 0;
    update public.accounts_receivable
    set paid_amount = 0, interest_amount = 0, fine_amount = 0, discount_amount = 0, status = 'pending',
        received_date = null
    where id = any (v_receivables) and paid_amount > 0;
    delete from public.transactions t
    where t.company_id = v_batch.company_id
      and (t.payable_id = any (v_payables) or t.receivable_id = any (v_receivables));
    delete from public.accounts_payable where id = any (v_payables);
    delete from public.accounts_receivable where id = any (v_receivables);
    delete from public.suppliers where id = any (v_suppliers);
    delete from public.clients where id = any (v_clients);
    delete from public.categories where id = any (v_categories);
    delete from public.projects where id = any (v_projects);
  exception when foreign_key_violation then
    raise exception using errcode = 'P0001', message = 'import_batch_in_use';
  end;

  update public.import_batches
  set undone_at = now(), undone_by = (select auth.uid())
  where id = v_batch.id;
end;
$$;
comment on function private.undo_import_batch(p_batch_id uuid, p_created_at timestamptz) is 'Body of public.undo_import_batch (security definer: it removes the import''s ledger rows). A document on one of its rows or on a paid row''s payment since the import is a change (import_batch_changed).';
