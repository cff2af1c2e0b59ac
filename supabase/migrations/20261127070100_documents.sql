-- Documents (receipts, comprovantes, boletos, notas fiscais): the row that says what a stored file
-- in the bucket `documentos` is and what it belongs to, who may see and add it, and the entry's
-- deletion taking its documents along (the caller removes the objects: Storage's own API, the
-- database may not delete from storage.objects on hosted).
--
-- Belongs to exactly one of: an entry (payable_id or receivable_id; entry_id is whichever is set),
-- a payment (a ledger row of transactions, e.g. the comprovante attached at Dar Baixa), a bank
-- statement line, an obra. The object lives at `{company_id}/{owner folder}/{owner id}/{uuid}-{name}`
-- with owner folder entries | payments | statement-lines | projects (a check ties the path to the
-- owner, so a row can never point into another company's or another entry's folder).
-- Immutable: no update; replacing one is remove + add.

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies(id) on delete cascade,
  payable_id uuid,
  receivable_id uuid,
  entry_id uuid generated always as (coalesce(payable_id, receivable_id)) stored,
  payment_id uuid references public.transactions(id),
  statement_line_id uuid,
  project_id uuid,
  storage_path text not null unique,
  original_name text not null,
  mime text not null,
  size_bytes integer not null,
  sha256 text not null,
  kind text not null default 'outro',
  uploaded_by uuid default auth.uid() references auth.users(id) on delete set null,
  uploaded_at timestamptz not null default now(),
  -- NO ACTION (the default), not cascade: an entry still holding documents is not deleted behind
  -- the files' back (delete_entry removes the rows first and returns the paths); deleting the
  -- company takes both in one statement, which NO ACTION allows.
  foreign key (company_id, payable_id) references public.accounts_payable(company_id, id),
  foreign key (company_id, receivable_id) references public.accounts_receivable(company_id, id),
  foreign key (company_id, statement_line_id) references public.bank_statement_lines(company_id, id),
  foreign key (company_id, project_id) references public.projects(company_id, id),
  constraint documents_one_owner check (
    num_nonnulls(payable_id, receivable_id, payment_id, statement_line_id, project_id) = 1
  ),
  constraint documents_path_of_owner check (
    storage_path like company_id::text || '/' || case
      when payable_id is not null then 'entries/' || payable_id::text
      when receivable_id is not null then 'entries/' || receivable_id::text
      when payment_id is not null then 'payments/' || payment_id::text
      when statement_line_id is not null then 'statement-lines/' || statement_line_id::text
      else 'projects/' || project_id::text
    end || '/_%'
    and storage_path !~ '(^|/)\.\.?(/|$)'
  ),
  constraint documents_storage_path_length check (char_length(storage_path) <= 1024),
  constraint documents_original_name_check check (btrim(original_name) <> ''),
  constraint documents_original_name_length check (char_length(original_name) <= 255),
  -- The bucket's allowed types (20261127040100_documents_bucket.sql).
  constraint documents_mime_check check (
    mime in ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif',
             'application/pdf', 'application/xml', 'text/xml')
  ),
  -- The bucket's file_size_limit, 10 MB.
  constraint documents_size_bytes_check check (size_bytes between 1 and 10485760),
  constraint documents_sha256_check check (sha256 ~ '^[0-9a-f]{64}$'),
  constraint documents_sha256_length check (char_length(sha256) = 64),
  constraint documents_kind_check check (kind in ('comprovante', 'boleto', 'nota_fiscal', 'outro')),
  -- The same file twice on one entry (or one payment) is recognised.
  constraint documents_entry_id_sha256_key unique (entry_id, sha256),
  constraint documents_payment_id_sha256_key unique (payment_id, sha256)
);

comment on table public.documents is 'A stored file (bucket documentos, at storage_path) and what it belongs to: exactly one of an entry (payable_id or receivable_id), a payment (ledger row), a statement line, an obra. Immutable. Rows of an entry are removed by delete_entry, which returns their paths for the caller to remove the objects.';
comment on column public.documents.entry_id is 'payable_id or receivable_id, whichever is set (null for a document of a payment, statement line or obra).';
comment on column public.documents.sha256 is 'Hex SHA-256 of the stored bytes (after the device compressed a photo): the same file twice on one entry or payment is refused (document_duplicate).';
comment on column public.documents.kind is 'comprovante | boleto | nota_fiscal | outro. A paid entry without a comprovante (on it or on one of its payments) is "Sem comprovante".';

create index documents_company_uploaded_idx on public.documents (company_id, uploaded_at);
create index documents_payable_idx on public.documents (payable_id) where payable_id is not null;
create index documents_receivable_idx on public.documents (receivable_id) where receivable_id is not null;
create index documents_payment_idx on public.documents (payment_id) where payment_id is not null;
create index documents_statement_line_idx on public.documents (statement_line_id) where statement_line_id is not null;
create index documents_project_idx on public.documents (project_id) where project_id is not null;
create index documents_uploaded_by_idx on public.documents (uploaded_by);

-- A payment of the same company (transactions has no (company_id, id) key to reference), and the
-- same file twice named with our key, not as a bare unique violation. Definer: the duplicate must
-- be found even when the caller's RLS hides the earlier row.
create function private.check_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.payment_id is not null and not exists (
    select 1 from public.transactions t where t.id = new.payment_id and t.company_id = new.company_id
  ) then
    raise exception using errcode = 'P0001', message = 'payment_not_found';
  end if;
  if exists (
    select 1 from public.documents d
    where d.sha256 = new.sha256
      and (d.entry_id = coalesce(new.payable_id, new.receivable_id) or d.payment_id = new.payment_id)
  ) then
    raise exception using errcode = 'P0001', message = 'document_duplicate';
  end if;
  return new;
end;
$$;
comment on function private.check_document() is 'Trigger: payment_not_found (a payment of another company), document_duplicate (the same sha256 already on the entry or payment).';
revoke all on function private.check_document() from public, anon, authenticated;

create trigger documents_check before insert on public.documents
  for each row execute function private.check_document();
create trigger documents_audit after insert or update or delete on public.documents
  for each row execute function private.audit_row();

alter table public.documents enable row level security;

-- SELECT(documents): readers of the company (admin, financeiro, leitura); an 'obra' member the
-- documents of payables of their obras.
create policy documents_select on public.documents
  as permissive for select to authenticated
  using (
    company_id in (select private.reader_company_ids())
    or payable_id in (
      select e.id from public.accounts_payable e
      where e.project_id in (select private.obra_project_ids())
    )
  );

-- INSERT(documents): admin and financeiro; an 'obra' member to payables of their obras, as
-- themselves.
create policy documents_insert on public.documents
  as permissive for insert to authenticated
  with check (
    company_id in (select private.writer_company_ids())
    or (
      uploaded_by = (select auth.uid())
      and payable_id in (
        select e.id from public.accounts_payable e
        where e.project_id in (select private.obra_project_ids())
      )
    )
  );

-- DELETE(documents): admin and financeiro; an 'obra' member those of payables of their obras.
create policy documents_delete on public.documents
  as permissive for delete to authenticated
  using (
    company_id in (select private.writer_company_ids())
    or payable_id in (
      select e.id from public.accounts_payable e
      where e.project_id in (select private.obra_project_ids())
    )
  );

-- No UPDATE grant: a document is immutable. uploaded_by / uploaded_at are the database's.
revoke all on public.documents from anon, authenticated;
grant select, delete on public.documents to authenticated;
grant insert (id, company_id, payable_id, receivable_id, payment_id, statement_line_id, project_id,
              storage_path, original_name, mime, size_bytes, sha256, kind)
  on public.documents to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Storage: an 'obra' member reaches only the folders of payables of their obras
-- ---------------------------------------------------------------------------------------------

-- True when the caller is an active 'obra' member of the company named by the path's first folder
-- and the path is `{company}/entries/{payable of one of their obras}/…`. With p_removing (reading
-- and removing, not adding), also when that entry no longer exists and no document row names the
-- object: the files delete_entry just detached (the entry is gone before the caller removes them). Segments are checked as text
-- (canonical lower-case uuid form) before any cast: a bad segment says no, never raises.
create function private.obra_document_path(p_name text, p_removing boolean)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uuid constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  v_parts text[] := storage.foldername(p_name);
  v_company uuid;
  v_entry uuid;
begin
  if coalesce(array_length(v_parts, 1), 0) <> 3 or v_parts[2] is distinct from 'entries'
     or v_parts[1] !~ v_uuid or v_parts[3] !~ v_uuid then
    return false;
  end if;
  v_company := v_parts[1]::uuid;
  v_entry := v_parts[3]::uuid;
  if not exists (
    select 1 from public.user_profiles p
    where p.user_id = (select auth.uid()) and p.company_id = v_company and p.is_active and p.role = 'obra'
  ) then
    return false;
  end if;
  if exists (
    select 1 from public.accounts_payable e
    where e.company_id = v_company and e.id = v_entry and e.project_id in (select private.obra_project_ids())
  ) then
    return true;
  end if;
  return coalesce(p_removing, false)
    and not exists (select 1 from public.accounts_payable e where e.id = v_entry)
    and not exists (select 1 from public.accounts_receivable e where e.id = v_entry)
    and not exists (select 1 from public.documents d where d.storage_path = p_name);
end;
$$;
comment on function private.obra_document_path(text, boolean) is 'Storage policies: may an ''obra'' member add (p_removing false) or read and remove (true) the object at p_name of bucket documentos? Only under entries/{payable of their obras}/; reading and removing also the files of an entry already deleted that no document row names.';
revoke all on function private.obra_document_path(text, boolean) from public, anon, authenticated;
grant execute on function private.obra_document_path(text, boolean) to authenticated;

-- Readers (admin, financeiro, leitura) read the company's objects; an 'obra' member those of
-- payables of their obras, and the detached files of an entry just deleted (Storage removes with
-- DELETE … RETURNING, which the SELECT policy must let through too).
alter policy documentos_select on storage.objects
  using (
    bucket_id = 'documentos'
    and (
      (storage.foldername(name))[1] in (select c::text from private.reader_company_ids() c)
      or private.obra_document_path(name, true)
    )
  );

alter policy documentos_insert on storage.objects
  with check (
    bucket_id = 'documentos'
    and (
      (storage.foldername(name))[1] in (select c::text from private.writer_company_ids() c)
      or private.obra_document_path(name, false)
    )
  );

alter policy documentos_delete on storage.objects
  using (
    bucket_id = 'documentos'
    and (
      (storage.foldername(name))[1] in (select c::text from private.writer_company_ids() c)
      or private.obra_document_path(name, true)
    )
  );

-- ---------------------------------------------------------------------------------------------
-- The entries list: how many documents an entry has (the paperclip) and whether a comprovante
-- backs its payment ("Sem comprovante"); documents of the entry and of its payments both count.
-- ---------------------------------------------------------------------------------------------

create or replace view public.entries with (security_invoker = true) as
 SELECT 'expense'::text AS kind,
    p.id,
    p.company_id,
    p.description,
    p.amount,
    p.due_date,
    p.status,
    p.payment_date AS settled_on,
    p.supplier_id AS counterparty_id,
    COALESCE(s.name, p.supplier_name) AS counterparty_name,
    p.project_id,
    pr.name AS project_name,
    p.category_id,
    c.name AS category_name,
    c.color AS category_color,
    p.bank_account_id,
    b.name AS bank_account_name,
    p.payment_method,
    p.notes,
    p.series_id,
    p.series_kind,
    p.installment_number,
    p.installment_count,
    p.created_at,
    p.paid_amount,
    p.open_amount,
    p.interest_amount,
    p.fine_amount,
    p.discount_amount,
    p.paid_total,
    p.supplier_name AS counterparty_text,
    p.updated_at,
    p.created_by,
    p.stage_id,
    st.name AS stage_name,
    p.approval_status,
    p.approval_reason,
    (SELECT count(*)::integer FROM public.documents d
      WHERE d.payable_id = p.id
         OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = p.company_id AND t.payable_id = p.id)) AS document_count,
    EXISTS (SELECT 1 FROM public.documents d
      WHERE d.kind = 'comprovante'
        AND (d.payable_id = p.id
             OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = p.company_id AND t.payable_id = p.id))) AS has_comprovante
   FROM (((((public.accounts_payable p
     LEFT JOIN public.suppliers s ON (((s.company_id = p.company_id) AND (s.id = p.supplier_id))))
     LEFT JOIN public.projects pr ON (((pr.company_id = p.company_id) AND (pr.id = p.project_id))))
     LEFT JOIN public.categories c ON (((c.company_id = p.company_id) AND (c.id = p.category_id))))
     LEFT JOIN public.bank_accounts b ON (((b.company_id = p.company_id) AND (b.id = p.bank_account_id))))
     LEFT JOIN public.project_stages st ON (((st.company_id = p.company_id) AND (st.id = p.stage_id))))
UNION ALL
 SELECT 'income'::text AS kind,
    r.id,
    r.company_id,
    r.description,
    r.amount,
    r.due_date,
    r.status,
    r.received_date AS settled_on,
    r.client_id AS counterparty_id,
    COALESCE(cl.name, r.client_name) AS counterparty_name,
    r.project_id,
    pr.name AS project_name,
    r.category_id,
    c.name AS category_name,
    c.color AS category_color,
    r.bank_account_id,
    b.name AS bank_account_name,
    r.payment_method,
    r.notes,
    r.series_id,
    r.series_kind,
    r.installment_number,
    r.installment_count,
    r.created_at,
    r.paid_amount,
    r.open_amount,
    r.interest_amount,
    r.fine_amount,
    r.discount_amount,
    r.paid_total,
    r.client_name AS counterparty_text,
    r.updated_at,
    r.created_by,
    r.stage_id,
    st.name AS stage_name,
    'approved'::text AS approval_status,
    NULL::text AS approval_reason,
    (SELECT count(*)::integer FROM public.documents d
      WHERE d.receivable_id = r.id
         OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = r.company_id AND t.receivable_id = r.id)) AS document_count,
    EXISTS (SELECT 1 FROM public.documents d
      WHERE d.kind = 'comprovante'
        AND (d.receivable_id = r.id
             OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = r.company_id AND t.receivable_id = r.id))) AS has_comprovante
   FROM (((((public.accounts_receivable r
     LEFT JOIN public.clients cl ON (((cl.company_id = r.company_id) AND (cl.id = r.client_id))))
     LEFT JOIN public.projects pr ON (((pr.company_id = r.company_id) AND (pr.id = r.project_id))))
     LEFT JOIN public.categories c ON (((c.company_id = r.company_id) AND (c.id = r.category_id))))
     LEFT JOIN public.bank_accounts b ON (((b.company_id = r.company_id) AND (b.id = r.bank_account_id))))
     LEFT JOIN public.project_stages st ON (((st.company_id = r.company_id) AND (st.id = r.stage_id))));

comment on view public.entries is 'Payables (kind expense) and receivables (kind income) in one list, with the names of what they point at (stage_name: the etapa of the obra) and the payment columns (paid_amount, open_amount, interest/fine/discount_amount, paid_total); document_count: documents of the entry and of its payments (the paperclip); has_comprovante: one of them is a comprovante. The one union of the two tables: every aggregate reads it. RLS of the underlying tables applies (documents included: an ''obra'' member counts those of its obras).';

-- ---------------------------------------------------------------------------------------------
-- Movimentações: the filter "Sem comprovante" and the paperclip (a new argument and column: the
-- old signatures are dropped, not overloaded, so a call can never be ambiguous).
-- ---------------------------------------------------------------------------------------------

drop function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]);
drop function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[]);

CREATE FUNCTION public.search_movements(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false)
 RETURNS TABLE(row_type text, kind text, id uuid, description text, amount numeric, due_date date, status text, settled_on date, counterparty_name text, project_id uuid, project_name text, category_id uuid, category_name text, category_color text, bank_account_id uuid, bank_account_name text, to_account_id uuid, to_account_name text, payment_method text, installment_number integer, installment_count integer, created_at timestamp with time zone, movement_date date, display_status text, paid_amount numeric, open_amount numeric, paid_total numeric, display_amount numeric, reversed boolean, reversed_on date, signed_amount numeric, document_count integer)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  v_today date := coalesce(p_today, current_date);
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_filter_projects boolean := coalesce(cardinality(p_project_ids), 0) > 0 or coalesce(p_include_no_project, false);
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_date(p_today);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  -- As private.assert_text_length does (this function runs as the caller, who may not call it).
  if char_length(v_search) > 200 then
    raise exception using errcode = 'P0001', message = 'text_too_long', detail = 'search', hint = '200';
  end if;
  -- Filters are the values the screen offers; anything else is refused, not matched against.
  if exists (select 1 from unnest(p_kinds) k where k is null or k not in ('expense', 'income', 'transfer')) then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if exists (select 1 from unnest(p_statuses) s where s is null or s not in ('open', 'overdue', 'paid')) then
    raise exception using errcode = 'P0001', message = 'invalid_status';
  end if;

  return query
  with m as (
    select e.*,
      coalesce(e.settled_on, e.due_date) as movement_date,
      case
        when e.status = 'paid' then 'paid'
        when e.due_date < v_today then 'overdue'
        else 'open'
      end as display_status
    from (select * from public.entries x where x.approval_status = 'approved') e
    where e.company_id = p_company_id
  )
  select 'entry'::text, r.kind, r.id, r.description, r.amount, r.due_date, r.status, r.settled_on,
         r.counterparty_name, r.project_id, r.project_name, r.category_id, r.category_name, r.category_color,
         r.bank_account_id, r.bank_account_name, null::uuid, null::text, r.payment_method,
         r.installment_number, r.installment_count, r.created_at, r.movement_date, r.display_status,
         r.paid_amount, r.open_amount, r.paid_total, (r.paid_total + r.open_amount)::numeric,
         false, null::date,
         (case r.kind when 'expense' then -(r.paid_total + r.open_amount)
                      else r.paid_total + r.open_amount end)::numeric,
         r.document_count
  from m r
  where (p_start is null or r.movement_date >= p_start)
    and (p_end is null or r.movement_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or r.kind = any (p_kinds))
    and (coalesce(cardinality(p_statuses), 0) = 0 or r.display_status = any (p_statuses))
    and (coalesce(cardinality(p_account_ids), 0) = 0 or r.bank_account_id = any (p_account_ids))
    and (coalesce(cardinality(p_category_ids), 0) = 0 or r.category_id = any (p_category_ids))
    -- Sem comprovante: money moved (paid, or partly) and no comprovante on the entry nor its payments.
    and (not coalesce(p_without_comprovante, false) or (r.paid_amount > 0 and not r.has_comprovante))
    and (not v_filter_projects
         or r.project_id = any (coalesce(p_project_ids, '{}'))
         or (coalesce(p_include_no_project, false) and r.project_id is null))
    -- strpos, not ILIKE: what the user types is text, never a pattern (% and _ match themselves).
    and (v_search is null
         or strpos(lower(r.description), v_search) > 0
         or strpos(lower(coalesce(r.counterparty_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.category_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.project_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.bank_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(r.notes, '')), v_search) > 0)
  union all
  -- A transfer has no status, category nor obra: any of those filters leaves it out.
  select 'transfer'::text, 'transfer'::text, t.id, coalesce(t.description, 'Transferência'), t.amount,
         t.transfer_date, 'paid'::text, t.transfer_date, null::text, null::uuid, null::text, null::uuid,
         null::text, null::text, t.from_account_id, t.from_account_name, t.to_account_id, t.to_account_name,
         null::text, null::integer, null::integer, t.created_at, t.transfer_date, 'transfer'::text,
         t.amount, 0::numeric, t.amount, t.amount, t.reversed, t.reversed_on, t.amount, 0
  from public.transfers t
  where t.company_id = p_company_id
    and not coalesce(p_without_comprovante, false)
    and (p_start is null or t.transfer_date >= p_start)
    and (p_end is null or t.transfer_date <= p_end)
    and (coalesce(cardinality(p_kinds), 0) = 0 or 'transfer' = any (p_kinds))
    and coalesce(cardinality(p_statuses), 0) = 0
    and coalesce(cardinality(p_category_ids), 0) = 0
    and not v_filter_projects
    and (coalesce(cardinality(p_account_ids), 0) = 0
         or t.from_account_id = any (p_account_ids) or t.to_account_id = any (p_account_ids))
    and (v_search is null
         or strpos(lower(coalesce(t.description, 'transferência')), v_search) > 0
         or strpos(lower(coalesce(t.from_account_name, '')), v_search) > 0
         or strpos(lower(coalesce(t.to_account_name, '')), v_search) > 0);
end;
$function$;
comment on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) is 'Movimentações: entries (row_type entry, kind expense|income) and transfers (row_type and kind transfer; bank_account = from, to_account = to, reversed/reversed_on = estorno) of the company matching every filter given (null or empty = no filter; p_kinds may hold ''transfer''; a status, category or obra filter leaves transfers out; an account filter keeps a transfer when either side matches; p_without_comprovante: only entries with money paid (paid_amount > 0) and no comprovante on them or their payments, no transfers). movement_date = settlement date of a paid entry, else its due date; a transfer''s date. display_status paid | overdue | open | transfer; display_amount = paid_total + open_amount (a transfer: its amount); signed_amount = display_amount, negative for an expense (a transfer has no direction: its amount), the desktop table''s order by Valor; document_count = the paperclip (0 for a transfer). Error key not_a_member.';
revoke all on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) from public, anon;
grant execute on function public.search_movements(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) to authenticated;

CREATE FUNCTION public.movement_summary(p_company_id uuid, p_today date, p_search text DEFAULT NULL::text, p_start date DEFAULT NULL::date, p_end date DEFAULT NULL::date, p_kinds text[] DEFAULT NULL::text[], p_statuses text[] DEFAULT NULL::text[], p_account_ids uuid[] DEFAULT NULL::uuid[], p_project_ids uuid[] DEFAULT NULL::uuid[], p_include_no_project boolean DEFAULT false, p_category_ids uuid[] DEFAULT NULL::uuid[], p_without_comprovante boolean DEFAULT false)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  v_result json;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'leitura']);
  select json_build_object(
    'income_total', coalesce(sum(m.display_amount) filter (where m.kind = 'income'), 0),
    'expense_total', coalesce(sum(m.display_amount) filter (where m.kind = 'expense'), 0),
    'balance', coalesce(sum(case m.kind when 'income' then m.display_amount
                                        when 'expense' then -m.display_amount else 0 end), 0),
    'count', count(*),
    'transfer_total', coalesce(sum(m.display_amount) filter (where m.kind = 'transfer' and not m.reversed), 0),
    'transfer_count', count(*) filter (where m.kind = 'transfer')
  ) into v_result
  from public.search_movements(p_company_id, p_today, p_search, p_start, p_end, p_kinds, p_statuses,
                               p_account_ids, p_project_ids, p_include_no_project, p_category_ids,
                               p_without_comprovante) m;
  return v_result;
end;
$function$;
comment on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) is 'Totals of Movimentações over exactly the rows search_movements gives for the same arguments: income_total, expense_total, balance (sums of display_amount of entries; transfers are neither), count (every row), transfer_total (transfers not reversed), transfer_count.';
revoke all on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) from public, anon;
grant execute on function public.movement_summary(uuid, date, text, date, date, text[], text[], uuid[], uuid[], boolean, uuid[], boolean) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- delete_entry: the entries' documents go with them; their storage paths come back so the caller
-- removes the objects (and retries until it has: nothing is left orphaned). A new result shape (one
-- row: deleted, storage_paths): dropped and created again (same arguments, same grants).
-- ---------------------------------------------------------------------------------------------

drop function public.delete_entry(text, uuid, text);

create function public.delete_entry(
  p_kind text,
  p_id uuid,
  p_scope text default 'one'
)
returns table (deleted integer, storage_paths text[])
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_entry record;
  v_ids uuid[];
  v_paths text[];
  v_count integer;
begin
  if p_kind is null or p_kind not in ('expense', 'income') then
    raise exception using errcode = 'P0001', message = 'invalid_kind';
  end if;
  if p_scope is null or p_scope not in ('one', 'following', 'all_pending') then
    raise exception using errcode = 'P0001', message = 'invalid_scope';
  end if;

  perform private.assert_entry_writer(p_kind, p_id);
  if p_kind = 'expense' then
    select e.id, e.company_id, e.series_id, e.installment_number, e.due_date, e.status, e.paid_amount
    into v_entry from public.accounts_payable e where e.id = p_id for update;
  else
    select e.id, e.company_id, e.series_id, e.installment_number, e.due_date, e.status, e.paid_amount
    into v_entry from public.accounts_receivable e where e.id = p_id for update;
  end if;
  if v_entry.id is null then
    raise exception using errcode = 'P0001', message = 'entry_not_found';
  end if;
  if v_entry.status = 'paid' or v_entry.paid_amount > 0 then
    raise exception using errcode = 'P0001', message = 'entry_has_payments';
  end if;

  -- The rows to delete: this one, or the pending rows without payments of its series that the
  -- scope names ("following" = installment number ≥ this one's; for a recurrence, due date ≥ this
  -- one's). Entries of the series with payments stay.
  if p_kind = 'expense' then
    select array_agg(t.id) into v_ids from (
      select e.id from public.accounts_payable e
      where e.id = p_id
         or (p_scope <> 'one' and v_entry.series_id is not null
             and e.company_id = v_entry.company_id and e.series_id = v_entry.series_id
             and e.status = 'pending' and e.paid_amount = 0
             and (p_scope = 'all_pending'
                  or (v_entry.installment_number is not null and e.installment_number >= v_entry.installment_number)
                  or (v_entry.installment_number is null and e.due_date >= v_entry.due_date)))
      for update
    ) t;
    -- Documents first (the foreign key keeps an entry that still has any): a document the
    -- caller may not remove makes the delete fail, never leaves a row without its entry.
    with gone as (
      delete from public.documents d where d.payable_id = any (v_ids) returning d.storage_path
    )
    select coalesce(array_agg(gone.storage_path order by gone.storage_path), '{}') into v_paths from gone;
    delete from public.accounts_payable d where d.id = any (v_ids);
  else
    select array_agg(t.id) into v_ids from (
      select e.id from public.accounts_receivable e
      where e.id = p_id
         or (p_scope <> 'one' and v_entry.series_id is not null
             and e.company_id = v_entry.company_id and e.series_id = v_entry.series_id
             and e.status = 'pending' and e.paid_amount = 0
             and (p_scope = 'all_pending'
                  or (v_entry.installment_number is not null and e.installment_number >= v_entry.installment_number)
                  or (v_entry.installment_number is null and e.due_date >= v_entry.due_date)))
      for update
    ) t;
    with gone as (
      delete from public.documents d where d.receivable_id = any (v_ids) returning d.storage_path
    )
    select coalesce(array_agg(gone.storage_path order by gone.storage_path), '{}') into v_paths from gone;
    delete from public.accounts_receivable d where d.id = any (v_ids);
  end if;
  get diagnostics v_count = row_count;
  return query select v_count, v_paths;
end;
$$;
comment on function public.delete_entry(text, uuid, text) is 'Deletes a pending payable (p_kind expense) or receivable (income) without payments; p_scope: ''one'' (só esta), ''following'' (esta e as próximas of its series: installment number ≥ this one''s, or due date ≥ this one''s for a recurrence), ''all_pending'' (todas as pendentes da série). Entries of the series with payments are kept. Their documents rows go too. Returns one row: deleted (how many entries) and storage_paths (the objects of bucket documentos the caller must now remove). Raises invalid_kind, invalid_scope, entry_not_found (also another company''s), entry_has_payments, forbidden_role.';
revoke all on function public.delete_entry(text, uuid, text) from public, anon;
grant execute on function public.delete_entry(text, uuid, text) to authenticated;
