-- Every list read from the entries view sorted the company's whole history to show a page: each
-- half of the view's UNION ALL joined its names (supplier, obra, category, account, etapa), and
-- Postgres flattens a UNION ALL into an append of tables only when each half is one table, so it
-- planned each half as an opaque subquery, with no order an index could give. Contas a Pagar's
-- paid list (50 rows) read, joined and sorted 130 000 rows: 0.9 s at 200 000 entries.
--
-- Same view, same columns in the same order, built the other way round: the two tables' rows
-- first (one table per half, so the union is flattened and each half's indexes give its order,
-- merged), and the names joined once on top (a supplier for a payable, a client for a
-- receivable). The same page is read from accounts_payable_company_status_paid_idx and stops after
-- 50 rows: 15 ms. Names nobody selects are still not joined (unique keys: join removal).
create or replace view public.entries with (security_invoker = true) as
select u.kind, u.id, u.company_id, u.description, u.amount, u.due_date, u.status, u.settled_on,
  u.counterparty_id,
  coalesce(case u.kind when 'expense' then s.name else cl.name end, u.counterparty_text) as counterparty_name,
  u.project_id, pr.name as project_name, u.category_id, c.name as category_name, c.color as category_color,
  u.bank_account_id, b.name as bank_account_name, u.payment_method, u.notes, u.series_id, u.series_kind,
  u.installment_number, u.installment_count, u.created_at, u.paid_amount, u.open_amount,
  u.interest_amount, u.fine_amount, u.discount_amount, u.paid_total, u.counterparty_text, u.updated_at,
  u.created_by, u.stage_id, st.name as stage_name, u.approval_status, u.approval_reason,
  -- The paperclip and "Sem comprovante" (20261127070100): documents of the entry and of its
  -- payments. On top, like the names: computed for the rows a list returns, not the rows it reads.
  -- A document has exactly one owner (documents_one_owner), so the entry's and its payments' are
  -- counted apart and added, each from its index (documents_payable_idx / _receivable_idx, and
  -- transactions_company_payable_idx / _receivable_idx then documents_payment_idx); one OR over
  -- both could use no index and scanned the documents table for each row of the page.
  case u.kind
    when 'expense' then
      (select count(*)::integer from public.documents d where d.payable_id = u.id)
      + (select count(*)::integer from public.transactions t join public.documents d on d.payment_id = t.id
         where t.company_id = u.company_id and t.payable_id = u.id)
    else
      (select count(*)::integer from public.documents d where d.receivable_id = u.id)
      + (select count(*)::integer from public.transactions t join public.documents d on d.payment_id = t.id
         where t.company_id = u.company_id and t.receivable_id = u.id)
  end as document_count,
  case u.kind
    when 'expense' then
      exists (select 1 from public.documents d where d.payable_id = u.id and d.kind = 'comprovante')
      or exists (select 1 from public.transactions t join public.documents d on d.payment_id = t.id
                 where t.company_id = u.company_id and t.payable_id = u.id and d.kind = 'comprovante')
    else
      exists (select 1 from public.documents d where d.receivable_id = u.id and d.kind = 'comprovante')
      or exists (select 1 from public.transactions t join public.documents d on d.payment_id = t.id
                 where t.company_id = u.company_id and t.receivable_id = u.id and d.kind = 'comprovante')
  end as has_comprovante,
  -- Capture's codes (20261127090100): a payable's boleto, PIX and NF-e; null for a receivable.
  u.boleto_code, u.pix_code, u.nfe_key
from (
  select 'expense'::text as kind, p.id, p.company_id, p.description, p.amount, p.due_date, p.status,
    p.payment_date as settled_on, p.supplier_id as counterparty_id, p.project_id, p.category_id,
    p.bank_account_id, p.payment_method, p.notes, p.series_id, p.series_kind, p.installment_number,
    p.installment_count, p.created_at, p.paid_amount, p.open_amount, p.interest_amount, p.fine_amount,
    p.discount_amount, p.paid_total, p.supplier_name as counterparty_text, p.updated_at, p.created_by,
    p.stage_id, p.approval_status, p.approval_reason, p.boleto_code, p.pix_code, p.nfe_key
  from public.accounts_payable p
  union all
  select 'income'::text, r.id, r.company_id, r.description, r.amount, r.due_date, r.status,
    r.received_date, r.client_id, r.project_id, r.category_id,
    r.bank_account_id, r.payment_method, r.notes, r.series_id, r.series_kind, r.installment_number,
    r.installment_count, r.created_at, r.paid_amount, r.open_amount, r.interest_amount, r.fine_amount,
    r.discount_amount, r.paid_total, r.client_name, r.updated_at, r.created_by,
    r.stage_id, 'approved'::text, null::text, null::text, null::text, null::text
  from public.accounts_receivable r
) u
left join public.suppliers s on u.kind = 'expense' and s.company_id = u.company_id and s.id = u.counterparty_id
left join public.clients cl on u.kind = 'income' and cl.company_id = u.company_id and cl.id = u.counterparty_id
left join public.projects pr on pr.company_id = u.company_id and pr.id = u.project_id
left join public.categories c on c.company_id = u.company_id and c.id = u.category_id
left join public.bank_accounts b on b.company_id = u.company_id and b.id = u.bank_account_id
left join public.project_stages st on st.company_id = u.company_id and st.id = u.stage_id;

comment on view public.entries is 'Payables (kind expense) and receivables (kind income) in one list, with the names of what they point at (stage_name: the etapa of the obra) and the payment columns (paid_amount, open_amount, interest/fine/discount_amount, paid_total); document_count: documents of the entry and of its payments (the paperclip); has_comprovante: one of them is a comprovante; boleto_code, pix_code, nfe_key: the codes a payable was recorded from (null for a receivable). The one union of the two tables: every aggregate reads it. Flattened: the tables'' rows unioned first, names and document columns computed on top (a page is read from an index in its order). RLS of the underlying tables applies (documents included: an ''obra'' member counts those of its obras).';
