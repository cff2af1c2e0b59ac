-- Conciliação bancária (issue 12): the bank's statement (OFX or CSV), imported per account, line by
-- line, so that each line can be reconciled with the books. A statement row records one import (its
-- period and the bank's closing balance, LEDGERBAL); its lines are stored once per account and FITID
-- (the bank's own id of the line), so importing the same or an overlapping file again adds nothing.
-- Nobody writes these tables through the API: import_bank_statement, reconcile_statement_line and
-- undo_statement_line (definer bodies in private) do, after checking membership and the account.

create table public.bank_statements (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  bank_account_id uuid not null,
  source text not null check (source in ('ofx', 'csv')),
  file_name text check (length(file_name) <= 255),
  -- What the file says about the account (BANKID/BRANCHID/ACCTID); kept to show, never trusted.
  bank_id text check (length(bank_id) <= 40),
  account_ref text check (length(account_ref) <= 60),
  start_date date not null,
  end_date date not null,
  ledger_balance numeric(14, 2),
  line_count integer not null default 0 check (line_count >= 0),
  new_line_count integer not null default 0 check (new_line_count >= 0),
  imported_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  constraint bank_statements_start_date_range check (start_date between '2000-01-01' and '2100-12-31'),
  constraint bank_statements_end_date_range check (end_date between '2000-01-01' and '2100-12-31'),
  constraint bank_statements_period_check check (end_date >= start_date),
  constraint bank_statements_ledger_balance_check
    check (ledger_balance > -1000000000000 and ledger_balance < 1000000000000),
  foreign key (company_id, bank_account_id) references public.bank_accounts (company_id, id) on delete cascade
);
comment on table public.bank_statements is
  'One import of a bank statement (OFX or CSV) into a bank account: period, the bank''s closing balance '
  '(LEDGERBAL, null for CSV) and how many lines the file had / were new. Written by import_bank_statement only.';
create index bank_statements_company_id_idx on public.bank_statements (company_id);
create index bank_statements_account_end_idx on public.bank_statements (bank_account_id, end_date desc, created_at desc);
create index bank_statements_imported_by_idx on public.bank_statements (imported_by);

create table public.bank_statement_lines (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  bank_account_id uuid not null,
  statement_id uuid not null,
  fitid text not null check (length(btrim(fitid)) between 1 and 255),
  posted_on date not null,
  -- Signed as the bank sees it: negative = money out of the account (débito), positive = in.
  amount numeric(14, 2) not null,
  memo text not null default '' check (length(memo) <= 500),
  trn_type text check (length(trn_type) <= 20),
  status text not null default 'pending' check (status in ('pending', 'matched', 'ignored')),
  -- How a matched line was reconciled: 'match' = an existing ledger row, 'settle' = Dar Baixa of a
  -- pending entry, 'create' = a new entry created and settled for it.
  resolution text check (resolution in ('match', 'settle', 'create')),
  matched_transaction_id uuid references public.transactions (id),
  ignore_reason text check (length(btrim(ignore_reason)) between 1 and 200),
  resolved_by uuid references auth.users (id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  unique (company_id, id),
  constraint bank_statement_lines_posted_on_range check (posted_on between '2000-01-01' and '2100-12-31'),
  constraint bank_statement_lines_amount_check
    check (amount <> 0 and amount > -1000000000000 and amount < 1000000000000),
  constraint bank_statement_lines_state_check check (
    (status = 'pending' and resolution is null and matched_transaction_id is null and ignore_reason is null)
    or (status = 'matched' and resolution is not null and matched_transaction_id is not null and ignore_reason is null)
    or (status = 'ignored' and resolution is null and matched_transaction_id is null and ignore_reason is not null)),
  foreign key (company_id, bank_account_id) references public.bank_accounts (company_id, id) on delete cascade,
  foreign key (company_id, statement_id) references public.bank_statements (company_id, id) on delete cascade
);
comment on table public.bank_statement_lines is
  'Lines of imported bank statements, once per account and FITID. status pending/matched/ignored; a matched '
  'line points at the ledger row (transactions) it is. Written by the reconciliation functions only.';
comment on column public.bank_statement_lines.fitid is
  'The bank''s id of the line (OFX FITID; for CSV a hash of date, description, amount and occurrence).';
create unique index bank_statement_lines_account_fitid_key on public.bank_statement_lines (bank_account_id, fitid);
-- One statement line per ledger row: two lines can never both claim the same payment.
create unique index bank_statement_lines_matched_transaction_key
  on public.bank_statement_lines (matched_transaction_id) where status = 'matched';
create index bank_statement_lines_company_id_idx on public.bank_statement_lines (company_id);
create index bank_statement_lines_statement_id_idx on public.bank_statement_lines (company_id, statement_id);
create index bank_statement_lines_account_status_idx
  on public.bank_statement_lines (bank_account_id, status, posted_on);
create index bank_statement_lines_resolved_by_idx on public.bank_statement_lines (resolved_by);

alter table public.bank_statements enable row level security;
alter table public.bank_statement_lines enable row level security;

-- SELECT(bank_statements): members of the company. No insert/update/delete policy and no grant:
-- only import_bank_statement writes (security definer body).
create policy bank_statements_select on public.bank_statements for select to authenticated
  using (company_id in (select private.user_company_ids()));
-- SELECT(bank_statement_lines): members of the company. No insert/update/delete policy and no
-- grant: only the import and reconciliation functions write.
create policy bank_statement_lines_select on public.bank_statement_lines for select to authenticated
  using (company_id in (select private.user_company_ids()));

revoke all on public.bank_statements from public, anon, authenticated;
revoke all on public.bank_statement_lines from public, anon, authenticated;
grant select on public.bank_statements to authenticated;
grant select on public.bank_statement_lines to authenticated;

-- Histórico / Atividade: imports and every reconciliation step are recorded like the ledger.
create trigger bank_statements_audit after insert or update or delete on public.bank_statements
  for each row execute function private.audit_row();
create trigger bank_statement_lines_audit after insert or update or delete on public.bank_statement_lines
  for each row execute function private.audit_row();
