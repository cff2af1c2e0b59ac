-- Contas a Pagar / Receber and home's pending lists read a page of one status in the list's order:
-- pending by due date, paid by settlement date, then created_at and id. Only the first of those had
-- an index ((company_id, status, due_date)), so a paid list sorted every paid entry of the history
-- to show 50 (0.66 s at 112 000 paid payables), and a pending one sorted each due date's ties.
-- Indexes in each list's order, so a page reads its rows from the index and stops. The pending one
-- replaces (company_id, status, due_date), whose every use it serves.

create index accounts_payable_company_status_due_created_idx
  on public.accounts_payable (company_id, status, due_date, created_at, id);
create index accounts_payable_company_status_paid_idx
  on public.accounts_payable (company_id, status, payment_date, created_at, id);
drop index public.accounts_payable_company_status_due_idx;

create index accounts_receivable_company_status_due_created_idx
  on public.accounts_receivable (company_id, status, due_date, created_at, id);
create index accounts_receivable_company_status_received_idx
  on public.accounts_receivable (company_id, status, received_date, created_at, id);
drop index public.accounts_receivable_company_status_due_idx;
