-- Issue 35: the indexes on a column that is null on most rows hold only the rows that have it;
-- bank_statement_lines loses an index its other two already cover.
--
-- A b-tree keeps equal keys in the order of their rows' places in the heap, and a null is a key
-- like any other: every statement line not yet resolved (resolved_by null), every payable nobody
-- has decided on (approval_decided_by) and every entry outside a series (series_id) of every
-- company went into one run of nulls, and each insert touched the leaf of that run where its row's
-- heap page falls. Once a table has free space scattered over its pages (after updates, deletes
-- and vacuum), new rows land on old pages and their null keys on old leaves of an index of every
-- company's rows: pages a company's import or Lançar reads from disk in a large database
-- (docs/performance.md, "Stop 47").
--
-- These indexes serve a lookup of one value: the foreign keys' action when a user is removed (set
-- null) and the installments of a series. An index of the rows that have a value serves them
-- (`col = $1` implies `col is not null`, for a prepared statement's parameter too), and inserting a
-- row without one touches nothing. documents_*_idx and *_stage_idx were written that way already.
--
-- bank_statement_lines_company_id_idx (company_id) is covered by bank_statement_lines_company_id_id_key
-- (company_id, id) and bank_statement_lines_statement_id_idx (company_id, statement_id), whose first
-- column it is: one index fewer to write per imported line.

drop index public.bank_statement_lines_resolved_by_idx;
create index bank_statement_lines_resolved_by_idx on public.bank_statement_lines (resolved_by)
  where resolved_by is not null;

drop index public.bank_statement_lines_company_id_idx;

drop index public.accounts_payable_approval_decided_by_idx;
create index accounts_payable_approval_decided_by_idx on public.accounts_payable (approval_decided_by)
  where approval_decided_by is not null;

drop index public.accounts_payable_series_idx;
create index accounts_payable_series_idx on public.accounts_payable (series_id)
  where series_id is not null;

drop index public.accounts_receivable_series_idx;
create index accounts_receivable_series_idx on public.accounts_receivable (series_id)
  where series_id is not null;
