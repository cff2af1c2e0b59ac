-- Issue 35: a company's text search costs what that company's rows cost, however many other
-- companies share the tables.
--
-- The trigram indexes on search_key held every company's search text under one key per trigram, so
-- "eletrica" returned the matching rows of all companies and each was read from the table only to
-- be dropped by `company_id = …`: the small company's search_movements "eletrica" read 2 695 pages
-- alone and 12 719 among a thousand companies (docs/performance.md, "`--tenants 1000`: the full
-- run"). Led by the company (btree_gin gives uuid a GIN operator class), the index answers
-- `company_id = … and search_key like …` in one scan: the company's posting list and the trigrams'
-- are intersected inside the index, and only the company's matches reach the table.
--
-- btree_gin is on hosted Supabase and trusted, so the database owner creates it, in schema
-- `extensions` as the other extensions. Every search already names its company (the searches'
-- functions, and row security for the rest).

create extension if not exists btree_gin with schema extensions;

drop index public.accounts_payable_search_key_idx;
create index accounts_payable_search_key_idx on public.accounts_payable
  using gin (company_id, search_key extensions.gin_trgm_ops);

drop index public.accounts_receivable_search_key_idx;
create index accounts_receivable_search_key_idx on public.accounts_receivable
  using gin (company_id, search_key extensions.gin_trgm_ops);

drop index public.transactions_search_key_idx;
create index transactions_search_key_idx on public.transactions
  using gin (company_id, search_key extensions.gin_trgm_ops);
