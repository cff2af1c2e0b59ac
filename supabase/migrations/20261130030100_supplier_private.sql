-- Issue 31, least knowledge for the site: an 'obra' member reads of a supplier what recording an
-- expense needs — its name, type and category, and its CNPJ (the key the capture matches a PIX code
-- or an NF-e by; a company's CNPJ is public at the Receita Federal) — never its phone, e-mail,
-- address, website, internal notes, nor a person's CPF (personal data under the LGPD; a PIX code
-- keyed by a CPF, phone or e-mail still finds its supplier by the receiver's name the code carries).
--
-- RLS admits or hides whole rows and column grants are per database role (every member is
-- `authenticated`), so those columns move to a 1:1 table, supplier_details, that only admin,
-- financeiro and leitura read and only admin and financeiro write. Embeds such as
-- `suppliers(name)` on the entries keep working for everyone; `suppliers(*, supplier_details(*))`
-- answers null details to an 'obra' member. The forms write both parts in one transaction through
-- save_supplier (security invoker: RLS decides, as for the plain tables).
--
-- suppliers.document now holds a CNPJ only (14 characters once punctuation is stripped: digits, or
-- the alphanumeric CNPJ); any other document (a CPF) lives in supplier_details.document.

-- The history: a supplier_details row is recorded as a change of its supplier (table suppliers, the
-- supplier's id, action update), so that Atividade shows "alterou Fornecedor" with the new phone
-- under the Fornecedor filter, and only admins read it (audit_log_select), as before the split.
-- audit_row's argument names the table a part belongs to; without one nothing changes.
create or replace function private.audit_row()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Secrets are never copied into the history (the invitation link's hash), nor the stored search
  -- form of a row's texts (derived from them: a change to it is the change to the texts), nor an
  -- entry's has_comprovante (kept from its documents, whose own rows say who attached what).
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - 'token_hash' - 'search_key' - 'has_comprovante' end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - 'token_hash' - 'search_key' - 'has_comprovante' end;
  v_row jsonb := coalesce(v_new, v_old);
  v_changed jsonb;
  v_company_id uuid;
  v_actor uuid := (select auth.uid());
  v_actor_name text;
  v_actor_email text;
  -- A part of another row (supplier_details of its supplier): recorded as that row's change.
  v_part_of text := tg_argv[0];
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, jsonb_build_object('before', v_old -> n.key, 'after', n.value))
    into v_changed
    from jsonb_each(v_new) n
    where n.value is distinct from v_old -> n.key
      and n.key not in ('updated_at', 'current_balance');
    if v_changed is null then
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', null, 'after', n.value)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_new) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  else
    select coalesce(jsonb_object_agg(n.key, jsonb_build_object('before', n.value, 'after', null)), '{}'::jsonb)
    into v_changed
    from jsonb_each(v_old) n
    where n.value <> 'null'::jsonb and n.key not in ('updated_at', 'created_at');
  end if;
  if v_part_of is not null then
    v_changed := v_changed - 'id' - 'company_id' - 'supplier_id' - 'created_at';
    if v_changed = '{}'::jsonb then
      return null;
    end if;
  end if;
  -- companies has no company_id: the row is the company.
  v_company_id := case when tg_table_name = 'companies' then (v_row ->> 'id')::uuid
                       else (v_row ->> 'company_id')::uuid end;
  if v_actor is not null then
    select p.full_name, p.email into v_actor_name, v_actor_email
    from public.user_profiles p
    where p.company_id = v_company_id and p.user_id = v_actor;
    if v_actor_email is null then
      select u.email into v_actor_email from auth.users u where u.id = v_actor;
    end if;
  end if;
  insert into public.audit_log (company_id, actor, actor_name, actor_email, table_name, row_id, action, changed)
  values (v_company_id, v_actor, v_actor_name, v_actor_email, coalesce(v_part_of, tg_table_name),
          (v_row ->> 'id')::uuid, case when v_part_of is null then lower(tg_op) else 'update' end, v_changed);
  return null;
end;
$function$;

create table public.supplier_details (
  -- The supplier's id (set by supplier_details_id): its history is the supplier's.
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references public.companies (id) on delete cascade,
  supplier_id uuid not null,
  phone text,
  email text,
  address text,
  website text,
  notes text,
  document text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One row per supplier (PostgREST embeds it as one object, not a list).
  constraint supplier_details_company_id_supplier_id_key unique (company_id, supplier_id),
  constraint supplier_details_company_id_supplier_id_fkey foreign key (company_id, supplier_id)
    references public.suppliers (company_id, id) on delete cascade,
  constraint supplier_details_id_check check (id = supplier_id),
  constraint supplier_details_phone_length check (char_length(phone) <= 40),
  constraint supplier_details_email_length check (char_length(email) <= 320),
  constraint supplier_details_address_length check (char_length(address) <= 300),
  constraint supplier_details_website_length check (char_length(website) <= 300),
  constraint supplier_details_notes_length check (char_length(notes) <= 2000),
  constraint supplier_details_document_length check (char_length(document) <= 30)
);

comment on table public.supplier_details is
  'What of a supplier only admin, financeiro and leitura read (issue 31): contacts, address, website, internal notes and a person''s document. One row per supplier (unique company_id, supplier_id), written with it by save_supplier.';
comment on column public.supplier_details.document is
  'The supplier''s document when it is not a CNPJ (a person''s CPF), bare. A CNPJ is kept in suppliers.document, which every member reads.';
comment on column public.suppliers.document is
  'The supplier''s CNPJ (14 characters without punctuation), read by every member (capture matches PIX keys and NF-e by it). A CPF lives in supplier_details.document.';

create index supplier_details_company_id_idx on public.supplier_details (company_id);

alter table public.supplier_details enable row level security;

-- SELECT(supplier_details): admin, financeiro and leitura of the company (not an 'obra' member).
create policy supplier_details_select on public.supplier_details
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));
-- INSERT(supplier_details): admin and financeiro of the company.
create policy supplier_details_insert on public.supplier_details
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));
-- UPDATE(supplier_details): admin and financeiro of the company.
create policy supplier_details_update on public.supplier_details
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));
-- DELETE(supplier_details): admin and financeiro of the company.
create policy supplier_details_delete on public.supplier_details
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

create function private.supplier_details_id()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.id := new.supplier_id;
  return new;
end;
$$;
comment on function private.supplier_details_id() is
  'Trigger: a supplier_details row takes its supplier''s id (its history is the supplier''s).';
revoke all on function private.supplier_details_id() from public, anon, authenticated;

create trigger supplier_details_id before insert on public.supplier_details
  for each row execute function private.supplier_details_id();
create trigger supplier_details_audit after insert or update or delete on public.supplier_details
  for each row execute function private.audit_row('suppliers');
create trigger supplier_details_forbid_company_change before update on public.supplier_details
  for each row execute function private.forbid_company_change();
create trigger supplier_details_set_updated_at before update on public.supplier_details
  for each row execute function private.set_updated_at();

revoke all on public.supplier_details from anon, authenticated;
grant select, insert, update, delete on public.supplier_details to authenticated;

-- Existing suppliers: their private columns, and a document that is not a CNPJ, move over.
insert into public.supplier_details (company_id, supplier_id, phone, email, address, website, notes, document,
                                     created_at)
select s.company_id, s.id, s.phone, s.email, s.address, s.website, s.notes,
       case when char_length(regexp_replace(s.document, '[^0-9A-Za-z]', '', 'g')) <> 14 then s.document end,
       s.created_at
from public.suppliers s
where s.phone is not null or s.email is not null or s.address is not null or s.website is not null
   or s.notes is not null
   or char_length(regexp_replace(s.document, '[^0-9A-Za-z]', '', 'g')) <> 14;

update public.suppliers s
set document = null
where char_length(regexp_replace(s.document, '[^0-9A-Za-z]', '', 'g')) <> 14;

-- An 'obra' member adds a supplier by its name only (as before, without the moved columns).
drop policy suppliers_insert on public.suppliers;

alter table public.suppliers
  drop column phone,
  drop column email,
  drop column address,
  drop column website,
  drop column notes;

alter table public.suppliers add constraint suppliers_document_cnpj
  check (char_length(regexp_replace(document, '[^0-9A-Za-z]', '', 'g')) = 14);

-- INSERT(suppliers): admin and financeiro; an 'obra' member a name (and type) only.
create policy suppliers_insert on public.suppliers
  for insert to authenticated
  with check (
    company_id in (select private.writer_company_ids())
    or (private.company_role(company_id) = 'obra' and category is null and document is null
        and rating is null and founded_on is null and is_active)
  );

-- The supplier forms: both parts in one transaction.
create function public.save_supplier(p_company_id uuid, p_supplier jsonb, p_supplier_id uuid default null)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := p_supplier_id;
  v_document text := nullif(upper(regexp_replace(coalesce(p_supplier->>'document', ''), '[^0-9A-Za-z]', '', 'g')),
                            '');
  v_cnpj text;
  v_other text;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_supplier is null or jsonb_typeof(p_supplier) <> 'object' then
    raise exception using errcode = 'P0001', message = 'invalid_supplier';
  end if;
  if char_length(v_document) = 14 then
    v_cnpj := v_document;
  else
    v_other := v_document;
  end if;
  if v_id is null then
    insert into public.suppliers (company_id, name, type, category, document, rating, founded_on)
    values (p_company_id, btrim(coalesce(p_supplier->>'name', '')), coalesce(p_supplier->>'type', 'materiais'),
            nullif(btrim(coalesce(p_supplier->>'category', '')), ''), v_cnpj, (p_supplier->>'rating')::numeric,
            (p_supplier->>'founded_on')::date)
    returning id into v_id;
  else
    update public.suppliers s
    set name = btrim(coalesce(p_supplier->>'name', '')),
        type = coalesce(p_supplier->>'type', 'materiais'),
        category = nullif(btrim(coalesce(p_supplier->>'category', '')), ''),
        document = v_cnpj,
        rating = (p_supplier->>'rating')::numeric,
        founded_on = (p_supplier->>'founded_on')::date
    where s.company_id = p_company_id and s.id = v_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'supplier_not_found';
    end if;
  end if;
  insert into public.supplier_details as d (company_id, supplier_id, phone, email, address, website, notes, document)
  values (p_company_id, v_id,
          nullif(btrim(coalesce(p_supplier->>'phone', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'email', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'address', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'website', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'notes', '')), ''),
          v_other)
  on conflict (company_id, supplier_id) do update
  set phone = excluded.phone, email = excluded.email, address = excluded.address, website = excluded.website,
      notes = excluded.notes, document = excluded.document;
  return v_id;
end;
$$;
comment on function public.save_supplier(uuid, jsonb, uuid) is
  'The supplier forms (admin, financeiro): creates (p_supplier_id null) or updates the supplier of p_company_id and its supplier_details in one transaction, from p_supplier {name, type, category, phone, email, address, document, website, notes, rating, founded_on} (blank texts are null). A document of 14 characters (a CNPJ) goes to suppliers.document, any other (a CPF) to supplier_details.document. Returns the supplier id. Security invoker: RLS decides. Raises not_a_member, forbidden_role, invalid_supplier, supplier_not_found, and the tables'' checks (text_too_long through <table>_<column>_length).';
revoke all on function public.save_supplier(uuid, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.save_supplier(uuid, jsonb, uuid) to authenticated;

-- Importar NF-e: finds the supplier by its CNPJ (suppliers) or CPF (supplier_details); a new one gets
-- its address and phone in its details. Issue 31 too: the payables of an NF-e's duplicatas are
-- described "NF-e 1234 - Fornecedor (1/3)", as Lançar's installments; the bills imported before
-- are given their number below (a rename only: amounts, dates, approval and payments untouched).
create or replace function private.import_nfe(p_company_id uuid, p_key text, p_number text, p_series text, p_issued_on date, p_total numeric, p_supplier jsonb, p_installments jsonb, p_project_id uuid, p_category_id uuid, p_products jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_document text;
  v_masked text;
  v_name text;
  v_address text;
  v_phone text;
  v_supplier uuid;
  v_supplier_created boolean := false;
  v_count integer;
  v_ids uuid[] := '{}';
  v_id uuid;
  v_series uuid;
  v_description text;
  v_item jsonb;
  v_n integer := 0;
  v_products integer := 0;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_key is null or p_key !~ '^[0-9]{44}$' then
    raise exception using errcode = 'P0001', message = 'invalid_nfe_key';
  end if;
  if p_number is null or p_number !~ '^[0-9]{1,9}$' or (p_series is not null and p_series !~ '^[0-9]{1,3}$') then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  perform private.assert_valid_date(p_issued_on);
  perform private.assert_valid_amount(p_total);
  if p_installments is null or jsonb_typeof(p_installments) <> 'array'
     or (p_products is not null and jsonb_typeof(p_products) <> 'array') then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  v_count := jsonb_array_length(p_installments);
  if v_count > 360 then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;

  v_document := upper(regexp_replace(coalesce(p_supplier->>'document', ''), '[^0-9A-Za-z]', '', 'g'));
  if not private.valid_br_document(v_document) then
    raise exception using errcode = 'P0001', message = 'invalid_document';
  end if;
  v_name := btrim(coalesce(p_supplier->>'name', ''));
  if v_name = '' then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  v_address := nullif(btrim(coalesce(p_supplier->>'address', '')), '');
  v_phone := nullif(btrim(coalesce(p_supplier->>'phone', '')), '');
  perform private.assert_text_length(v_name, 200, 'name');
  perform private.assert_text_length(v_address, 300, 'address');
  perform private.assert_text_length(v_phone, 30, 'phone');

  -- Two imports of the same chave at once: the second waits here and then finds the first.
  perform pg_advisory_xact_lock(hashtextextended('nfe:' || p_company_id::text || ':' || p_key, 0));
  if exists (select 1 from public.accounts_payable p where p.company_id = p_company_id and p.nfe_key = p_key) then
    raise exception using errcode = 'P0001', message = 'nfe_already_imported';
  end if;

  -- A CNPJ is on the supplier, a CPF on its details (20261130030100).
  select s.id into v_supplier
  from public.suppliers s
  left join public.supplier_details d on d.company_id = s.company_id and d.supplier_id = s.id
  where s.company_id = p_company_id
    and upper(regexp_replace(coalesce(s.document, d.document, ''), '[^0-9A-Za-z]', '', 'g')) = v_document
  order by s.is_active desc, s.created_at
  limit 1;
  if v_supplier is null then
    v_masked := case char_length(v_document)
      when 14 then substr(v_document, 1, 2) || '.' || substr(v_document, 3, 3) || '.' || substr(v_document, 6, 3)
                   || '/' || substr(v_document, 9, 4) || '-' || substr(v_document, 13, 2)
      else substr(v_document, 1, 3) || '.' || substr(v_document, 4, 3) || '.' || substr(v_document, 7, 3)
           || '-' || substr(v_document, 10, 2)
    end;
    insert into public.suppliers (company_id, name, document)
    values (p_company_id, v_name, case when char_length(v_document) = 14 then v_masked end)
    returning id into v_supplier;
    if v_address is not null or v_phone is not null or char_length(v_document) <> 14 then
      insert into public.supplier_details (company_id, supplier_id, address, phone, document)
      values (p_company_id, v_supplier, v_address, v_phone,
              case when char_length(v_document) <> 14 then v_masked end);
    end if;
    v_supplier_created := true;
  end if;

  v_description := left('NF-e ' || p_number || ' - ' || v_name, 200);
  if v_count = 0 then
    insert into public.accounts_payable (company_id, description, supplier_id, amount, due_date, project_id,
                                         category_id, nfe_key)
    values (p_company_id, v_description, v_supplier, p_total, p_issued_on, p_project_id, p_category_id, p_key)
    returning id into v_id;
    v_ids := array[v_id];
  else
    v_series := case when v_count > 1 then gen_random_uuid() end;
    for v_item in select value from jsonb_array_elements(p_installments) loop
      v_n := v_n + 1;
      perform private.assert_valid_amount((v_item->>'amount')::numeric);
      perform private.assert_valid_date((v_item->>'due_date')::date);
      insert into public.accounts_payable (company_id, description, supplier_id, amount, due_date, project_id,
                                           category_id, nfe_key, series_id, series_kind, installment_number,
                                           installment_count)
      values (p_company_id,
              -- Lançar's installments say "(1/3)" (src/features/entries/lib/entry-rows.ts): so do these.
              case when v_count > 1
                   then left(v_description, 200 - char_length(' (' || v_n || '/' || v_count || ')'))
                        || ' (' || v_n || '/' || v_count || ')'
                   else v_description end,
              v_supplier, (v_item->>'amount')::numeric, (v_item->>'due_date')::date,
              p_project_id, p_category_id, p_key, v_series,
              case when v_count > 1 then 'installment' end,
              case when v_count > 1 then v_n end,
              case when v_count > 1 then v_count end)
      returning id into v_id;
      v_ids := v_ids || v_id;
    end loop;
  end if;

  for v_item in select value from jsonb_array_elements(coalesce(p_products, '[]'::jsonb)) loop
    perform private.assert_valid_amount((v_item->>'price')::numeric);
    insert into public.supplier_products (company_id, supplier_id, name, price, unit)
    values (p_company_id, v_supplier, left(btrim(v_item->>'name'), 200), (v_item->>'price')::numeric,
            coalesce(v_item->>'unit', 'unidade'));
    v_products := v_products + 1;
  end loop;

  return jsonb_build_object('supplier_id', v_supplier, 'supplier_created', v_supplier_created,
                            'entry_ids', to_jsonb(v_ids), 'products', v_products);
exception
  when unique_violation then
    -- Only the NF-e's own key can collide here (the lock above orders imports of one chave).
    raise exception using errcode = 'P0001', message = 'nfe_already_imported';
end;
$function$;

comment on function public.import_nfe(p_company_id uuid, p_key text, p_number text, p_series text, p_issued_on date, p_total numeric, p_supplier jsonb, p_installments jsonb, p_project_id uuid, p_category_id uuid, p_products jsonb) is 'Importar NF-e (admin, financeiro): in one transaction, the supplier found by its CNPJ (suppliers.document) or CPF (supplier_details.document), any punctuation, or created with p_supplier name and document (masked; a CPF in its details), address and phone (in its details); one payable per element of p_installments ({due_date, amount}) as installments n/N of one series (a single one: a plain payable), or one payable of p_total due p_issued_on when the array is empty; each with nfe_key = p_key, description "NF-e <number> - <supplier>", followed by " (n/N)" for installments as in Lançar, p_project_id and p_category_id; then p_products ({name, price, unit}) added to the supplier''s products. Returns {supplier_id, supplier_created, entry_ids, products}. Raises not_a_member, forbidden_role, invalid_nfe_key, invalid_nfe, invalid_document, invalid_date, invalid_amount, text_too_long, nfe_already_imported (the company has a payable with this chave). (body: private.import_nfe)';

-- backfill: NF-e installments (tests/db/capture.test.ts runs this statement again)
update public.accounts_payable p
set description = left(p.description,
                       200 - char_length(' (' || p.installment_number || '/' || p.installment_count || ')'))
                  || ' (' || p.installment_number || '/' || p.installment_count || ')'
where p.nfe_key is not null
  and p.series_kind = 'installment'
  and p.installment_count > 1
  and p.description not like '% (' || p.installment_number || '/' || p.installment_count || ')';
-- end backfill
