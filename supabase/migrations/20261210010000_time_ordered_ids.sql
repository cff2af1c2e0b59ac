-- Issue 35: the ids the database makes are time-ordered (UUID version 7), so that a company's
-- inserts land at the right edge of the indexes every company shares.
--
-- Every id was gen_random_uuid() (version 4: 122 random bits). A primary key, and any index on a
-- column holding those ids (audit_log_row_idx: row_id, the audited row's id), then takes each new
-- row on a random leaf of an index of every company's rows: a 500-line statement import touched
-- about 500 leaves of audit_log_row_idx (82 MB among 1 000 companies), most of them neither in
-- shared buffers nor, on a database larger than memory, in the kernel's cache. The largest
-- company's import took 194-280 ms among 1 000 companies against 87-137 ms alone, 60-110 ms of it
-- waiting for reads (docs/performance.md, "Stop 46"). With this default the same import, the
-- caches dropped first, took 89-148 ms.
--
-- private.uuid_v7(): RFC 9562 version 7: the first 48 bits are the Unix time in milliseconds (the
-- statement's clock_timestamp), then the version (7), and gen_random_uuid()'s random bits and
-- variant for the rest (74 random bits). Ids made in the same millisecond are not ordered among
-- themselves, which keeps them as close in the index as the leaf they share. An id tells when its
-- row was made (as created_at does to whoever may read the row); none of these ids is a secret
-- (an invitation's link carries its token, hashed in token_hash, not its id).
--
-- Ids chosen by the app (an entry recorded offline, Conciliação's "Criar lançamento") or by a
-- function body (the sheet import's gen_random_uuid()) keep their version 4: the default applies
-- only where the database chooses.
create function private.uuid_v7()
  returns uuid
  language sql
  volatile
  parallel safe
  set search_path = ''
as $$
  select encode(
           set_bit(set_bit(
             overlay(uuid_send(gen_random_uuid())
                     placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
                     from 1 for 6),
             52, 1), 53, 1),
           'hex')::uuid
$$;
comment on function private.uuid_v7() is 'A time-ordered UUID (RFC 9562 version 7: Unix milliseconds of clock_timestamp(), then 74 random bits): the default of every id column the database fills, so that new rows go to the right edge of the shared indexes.';
revoke all on function private.uuid_v7() from public;
-- Whoever inserts a row without an id evaluates the default: the API's roles (the definers run as
-- postgres, the owner).
grant execute on function private.uuid_v7() to authenticated, service_role;

alter table public.documents alter column id set default private.uuid_v7();
alter table public.accounts_payable alter column id set default private.uuid_v7();
alter table public.accounts_receivable alter column id set default private.uuid_v7();
alter table public.split_templates alter column id set default private.uuid_v7();
alter table public.import_batches alter column id set default private.uuid_v7();
alter table public.import_mappings alter column id set default private.uuid_v7();
alter table public.company_invitations alter column id set default private.uuid_v7();
alter table public.transactions alter column id set default private.uuid_v7();
alter table public.notice_deliveries alter column id set default private.uuid_v7();
alter table public.notice_settings alter column id set default private.uuid_v7();
alter table public.notices alter column id set default private.uuid_v7();
alter table public.push_subscriptions alter column id set default private.uuid_v7();
alter table public.project_stages alter column id set default private.uuid_v7();
alter table public.project_team_members alter column id set default private.uuid_v7();
alter table public.projects alter column id set default private.uuid_v7();
alter table public.bank_statement_lines alter column id set default private.uuid_v7();
alter table public.bank_statements alter column id set default private.uuid_v7();
alter table public.bank_accounts alter column id set default private.uuid_v7();
alter table public.categories alter column id set default private.uuid_v7();
alter table public.clients alter column id set default private.uuid_v7();
alter table public.supplier_details alter column id set default private.uuid_v7();
alter table public.supplier_orders alter column id set default private.uuid_v7();
alter table public.supplier_products alter column id set default private.uuid_v7();
alter table public.suppliers alter column id set default private.uuid_v7();
alter table public.companies alter column id set default private.uuid_v7();
alter table public.project_access alter column id set default private.uuid_v7();
alter table public.user_profiles alter column id set default private.uuid_v7();
