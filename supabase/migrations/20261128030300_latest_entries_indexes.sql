-- Últimos lançamentos read the entries view in recording order (latest first) or by due date, and
-- PostgREST sorted and counted every entry of the company to show 50 (the app now asks one row
-- more than the page instead of a count). The flattened entries view (20261127100600) reads each
-- table's rows in an index's order and merges the two: these are the orders it asks for, so the
-- first page stops after 51 rows whatever the history. A due-date filter (the period) reads the
-- second index's range.
create index accounts_payable_company_created_idx
  on public.accounts_payable (company_id, created_at, id);
create index accounts_receivable_company_created_idx
  on public.accounts_receivable (company_id, created_at, id);
create index accounts_payable_company_due_created_idx
  on public.accounts_payable (company_id, due_date, created_at, id);
create index accounts_receivable_company_due_created_idx
  on public.accounts_receivable (company_id, due_date, created_at, id);
